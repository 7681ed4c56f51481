/**
 * CSV through csv-stringify, batch by batch: comma-separated, CRLF line ends, a field quoted
 * (quotes doubled) when it holds a comma, quote, CR or LF. A UTF-8 byte order mark comes first,
 * so spreadsheets read accented names as UTF-8 rather than the system's code page. Formula-like
 * text is neutralised before (./cells.ts), for CSV and XLSX alike.
 */
import { stringify } from 'csv-stringify/sync';
import type { DownloadSink } from '../http/calls';
import type { Cell } from './cells';
import type { TableWriter } from './table-writer';

const csvText = (rows: readonly (readonly Cell[])[], bom = false) =>
  stringify(rows as Cell[][], { bom, record_delimiter: 'windows' });

export function csvWriter(sink: DownloadSink): TableWriter {
  return {
    begin: (headers) => sink.write(csvText([headers], true)),
    rows: (rows) => sink.write(csvText(rows)),
    end: () => Promise.resolve(),
  };
}
