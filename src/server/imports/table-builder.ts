/**
 * The rows of a file gathered into a Table while they are read, each bound checked as the row
 * arrives — its number, its cells' length and characters, its columns against the header, the
 * count of rows — so that a hostile file is refused at the first row that crosses one, never
 * after the whole file was built in memory. Blank rows are skipped; the first row with text is
 * the header.
 */
import {
  IMPORT_CELL_MAX_LENGTH,
  IMPORT_COLUMNS_MAX,
  IMPORT_ROW_NUMBER_MAX,
  IMPORT_ROWS_MAX,
} from '../../shared/limits';
import { badRequest } from '../http/errors';
import { formulaText, isFormula } from './formulas';

export interface Table {
  headers: string[];
  /** Data rows, each as long as the header; `line` is its row number in the file (header = 1). */
  rows: { line: number; cells: string[] }[];
}

/** C0 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

const rowNumberText = (line: number) =>
  `The file has a row numbered ${line}; rows beyond ${IMPORT_ROW_NUMBER_MAX} are not read (at most ${IMPORT_ROWS_MAX} rows are imported).`;

export const columnNumberText = (line: number, column: number) =>
  `Row ${line} has a value in column ${column}; at most ${IMPORT_COLUMNS_MAX} columns are imported.`;

/** The refusal of a control character, by its place and code (NUL, or U+0001 …). */
export function controlText(line: number, column: number, code: number): string {
  const name = code === 0 ? 'NUL' : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `Row ${line}, column ${column} holds a control character (${name}); remove it and upload the file again.`;
}

function checkCell(line: number, column: number, cell: string): void {
  if (cell.length > IMPORT_CELL_MAX_LENGTH)
    throw badRequest(
      `Row ${line}, column ${column} holds ${cell.length} characters; at most ${IMPORT_CELL_MAX_LENGTH}.`,
    );
  const control = CONTROL.exec(cell)?.[0];
  if (control === undefined) return;
  throw badRequest(controlText(line, column, control.charCodeAt(0)));
}

export class TableBuilder {
  private headers: string[] | null = null;
  private readonly rows: Table['rows'] = [];

  /** One row of the file, `line` its number in the file, its cells from the first column. */
  add(line: number, cells: readonly string[]): void {
    if (line > IMPORT_ROW_NUMBER_MAX) throw badRequest(rowNumberText(line));
    cells.forEach((cell, column) => checkCell(line, column + 1, cell));
    if (isBlank(cells)) return;
    if (this.headers === null) {
      const headers = cells.map((h) => h.trim());
      while (headers.length > 0 && headers.at(-1) === '') headers.pop();
      if (headers.length > IMPORT_COLUMNS_MAX)
        throw badRequest(`The file has ${headers.length} columns; at most ${IMPORT_COLUMNS_MAX}.`);
      this.headers = headers;
      return;
    }
    const headers = this.headers;
    if (cells.length > headers.length && !isBlank(cells.slice(headers.length)))
      throw badRequest(
        `Row ${line} has ${cells.length} columns but the header has ${headers.length}: the columns do not match.`,
      );
    cells.forEach((cell, column) => {
      if (isFormula(cell)) throw badRequest(formulaText(line, column + 1));
    });
    if (this.rows.length === IMPORT_ROWS_MAX)
      throw badRequest(
        `The file has more than ${IMPORT_ROWS_MAX} rows; at most ${IMPORT_ROWS_MAX} per import.`,
      );
    this.rows.push({ line, cells: headers.map((_, column) => cells[column] ?? '') });
  }

  table(): Table {
    if (this.headers === null) throw badRequest('The file is empty.');
    if (this.rows.length === 0) throw badRequest('The file has a header but no rows to import.');
    return { headers: this.headers, rows: this.rows };
  }
}
