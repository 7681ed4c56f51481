/**
 * The first sheet of an XLSX workbook, read row by row by ExcelJS's streaming reader once
 * zip-check.ts has bounded the container: shared and inline strings, numbers and booleans as
 * written. A cell holding a formula is refused (its value would be a cached result nobody
 * checked). Styles are not read, so a date stored as a serial number is read as that number:
 * clinics' sheets hold dates as text, and exports written "as shown" do too.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS_MAX } from '../../shared/limits';
import { ApiError, badRequest } from '../http/errors';
import { formulaText } from './formulas';
import { findControlCharacter } from './control-character';
import { columnNumberText, controlText, type TableBuilder } from './table-builder';
import { checkZip, NOT_XLSX_TEXT } from './zip-check';

function textOf(value: ExcelJS.CellValue, line: number, column: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value) throw badRequest(formulaText(line, column));
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('error' in value) return value.error;
  if ('text' in value) return typeof value.text === 'string' ? value.text : '';
  return '';
}

/** A row's cells from column 1; a value beyond the columns an import takes is refused. */
function cellsOf(row: ExcelJS.Row, line: number): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = textOf(cell.value, line, column);
    if (text.trim() === '') return;
    if (column > IMPORT_COLUMNS_MAX) throw badRequest(columnNumberText(line, column));
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = text;
  });
  return cells;
}

export async function readXlsx(file: Buffer, table: TableBuilder): Promise<void> {
  await checkZip(file);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of workbook) {
    let line = 0;
    try {
      for await (const row of sheet) {
        // A row without its number follows the one before, as spreadsheets read it.
        line = Number.isSafeInteger(row.number) && row.number > 0 ? row.number : line + 1;
        table.add(line, cellsOf(row, line));
      }
    } catch (error) {
      const place = isControlError(error) ? await findControlCharacter(file) : null;
      throw place
        ? badRequest(controlText(place.line, place.column, place.code))
        : sheetRefusal(error, line);
    }
    return;
  }
  throw badRequest(NOT_XLSX_TEXT);
}

const isControlError = (error: unknown) =>
  error instanceof Error && /disallowed character|malformed character entity/.test(error.message);

/**
 * What ExcelJS (and the XML parser under it) refuses, said in words: a cell beyond the last
 * column a spreadsheet has, a character no XML may hold. The rows it had not handed over yet are
 * lost with the error, so the place is "after" the last row read.
 */
function sheetRefusal(error: unknown, line: number): unknown {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : '';
  const after = line > 0 ? ` after row ${line}` : '';
  if (/out of bounds/i.test(message))
    return badRequest(
      `The sheet has a cell${after} beyond column 16384, the last a spreadsheet has: the file is damaged.`,
    );
  if (isControlError(error))
    return badRequest(
      `The sheet holds a control character (such as NUL)${after}, which no cell may hold: remove it and save the file again.`,
    );
  return badRequest(`The XLSX file is damaged: its sheet can not be read${after}.`);
}
