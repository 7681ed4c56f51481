/**
 * CSV rows read by csv-parse (RFC 4180: quoted fields may hold separators, quotes and line
 * breaks; a stray quote inside a field is kept as written). The separator is the first of `,`,
 * `;` or a tab found most often in the header line (spreadsheets in many European locales write
 * `;`). Rows are numbered as a spreadsheet shows them: one per record.
 */
import { CsvError, parse } from 'csv-parse';
import { ApiError, badRequest } from '../http/errors';
import type { TableBuilder } from './table-builder';

const SEPARATORS = [',', ';', '\t'];

function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|\r|$/));
  let best = ',';
  let most = 0;
  for (const separator of SEPARATORS) {
    const count = firstLine.split(separator).length - 1;
    if (count > most) [best, most] = [separator, count];
  }
  return best;
}

export async function readCsv(text: string, table: TableBuilder): Promise<void> {
  const parser = parse(text, {
    delimiter: separatorOf(text),
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
  });
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      table.add(line, record);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')
      // The records before it were all read (an empty line is one): the quote opened in the next.
      throw badRequest(
        `The file's quote opened on line ${Number(error.records) + 1} is never closed.`,
      );
    if (error instanceof CsvError)
      throw badRequest(`Row ${line + 1} can not be read as CSV: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
  }
}
