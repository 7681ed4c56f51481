/**
 * An uploaded file as a table: its header and data rows, read as CSV or XLSX by content (a ZIP
 * signature), with every refusal naming what is wrong — too large, not UTF-8, empty, no data,
 * rows longer than the header, too many rows or columns, formulas. Nothing is written before
 * the file passes.
 */
import { IMPORT_COLUMNS_MAX, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_MAX } from '../../shared/limits';
import { badRequest } from '../http/errors';
import { readCsv } from './csv';
import { formulaText, isFormula } from './formulas';
import { readXlsx } from './xlsx';

export interface Table {
  headers: string[];
  /** Data rows, each as long as the header; `line` is its row number in the file (header = 1). */
  rows: { line: number; cells: string[] }[];
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = '\uFEFF';
export const FILE_TOO_LARGE_TEXT = `The file is too large to import (at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB).`;

function decodeText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest(
      'The file is not UTF-8 text: save it as "CSV UTF-8" (or as XLSX) and upload it again.',
    );
  }
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

export function readTable(file: Buffer): Table {
  if (file.length > IMPORT_FILE_MAX_BYTES) throw badRequest(FILE_TOO_LARGE_TEXT);
  if (file.length === 0) throw badRequest('The file is empty.');
  const all = file.subarray(0, 4).equals(ZIP_SIGNATURE)
    ? readXlsx(file)
    : readCsv(decodeText(file).replace(BOM, ''));
  const headerAt = all.findIndex((cells) => !isBlank(cells));
  if (headerAt < 0) throw badRequest('The file is empty.');
  const headers = all[headerAt]!.map((h) => h.trim());
  while (headers.length > 0 && headers.at(-1) === '') headers.pop();
  if (headers.length > IMPORT_COLUMNS_MAX)
    throw badRequest(`The file has ${headers.length} columns; at most ${IMPORT_COLUMNS_MAX}.`);
  const rows: Table['rows'] = [];
  all.forEach((cells, index) => {
    if (index <= headerAt || isBlank(cells)) return;
    const line = index + 1;
    if (cells.length > headers.length && !isBlank(cells.slice(headers.length)))
      throw badRequest(
        `Row ${line} has ${cells.length} columns but the header has ${headers.length}: the columns do not match.`,
      );
    cells.forEach((cell, column) => {
      if (isFormula(cell)) throw badRequest(formulaText(line, column + 1));
    });
    rows.push({ line, cells: headers.map((_, column) => cells[column] ?? '') });
  });
  if (rows.length === 0) throw badRequest('The file has a header but no rows to import.');
  if (rows.length > IMPORT_ROWS_MAX)
    throw badRequest(`The file has ${rows.length} rows; at most ${IMPORT_ROWS_MAX} per import.`);
  return { headers, rows };
}
