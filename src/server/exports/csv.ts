/**
 * CSV as RFC 4180 writes it: comma-separated, CRLF line ends, a field quoted (quotes doubled)
 * when it holds a comma, quote, CR or LF. A UTF-8 byte order mark comes first, so spreadsheets
 * read accented names as UTF-8 rather than the system's code page.
 */
import type { DownloadSink } from '../http/calls';
import type { Cell } from './cells';
import type { TableWriter } from './table-writer';

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;

const csvField = (cell: Cell): string => {
  const text = String(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

export function csvWriter(sink: DownloadSink): TableWriter {
  return {
    begin: (headers) => sink.write(BOM + csvLine(headers)),
    rows: (rows) => sink.write(rows.map(csvLine).join('')),
    end: () => Promise.resolve(),
  };
}
