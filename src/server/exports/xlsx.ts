/**
 * XLSX through ExcelJS's streaming writer: each row is committed as it comes, text as plain
 * strings (no shared-strings table to hold until the end), numbers as numeric cells. The header
 * row is bold and stays in view; a column the export marks hidden (the row version) is hidden.
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { DownloadSink } from '../http/calls';
import type { TableWriter } from './table-writer';

/** A sheet name: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** The ZIP ExcelJS writes, passed on to the download chunk by chunk as the client takes it. */
function sinkStream(sink: DownloadSink): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.write(chunk).then(() => done(), done);
    },
  });
}

/** The part of a sheet's stream (exceljs 4.4 `StreamBuf`) that ExcelJS writes into. */
interface SheetStream {
  pipes?: { _writableState?: { needDrain: boolean }; once(event: 'drain', f: () => void): void }[];
}

/**
 * ExcelJS hands a sheet's XML on towards the ZIP without waiting for it to be taken (its
 * StreamBuf ignores back-pressure), into a stream that then buffers without limit. Before the
 * next batch, wait until that stream has drained, so that a slow client slows the cursor
 * instead of filling the server's memory.
 */
async function taken(sheet: ExcelJS.Worksheet, failed: Promise<never>) {
  const stream = (sheet as unknown as { stream: SheetStream }).stream;
  for (const next of stream.pipes ?? [])
    if (next._writableState?.needDrain)
      await Promise.race([new Promise<void>((resolve) => next.once('drain', resolve)), failed]);
}

export function xlsxWriter(sink: DownloadSink, title: string): TableWriter {
  const output = sinkStream(sink);
  // Rejected when the download fails (the client went away or stopped reading).
  const failed = once(output, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = book.addWorksheet(sheetName(title), {
    views: [{ state: 'frozen', ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  return {
    async begin(headers, hidden = []) {
      sheet.columns = headers.map((_, i) => ({ hidden: hidden.includes(i) }));
      const header = sheet.addRow([...headers]);
      header.font = { bold: true };
      header.commit();
      await taken(sheet, failed);
    },
    async rows(rows) {
      for (const row of rows) sheet.addRow([...row]).commit();
      await taken(sheet, failed);
    },
    async end() {
      sheet.commit();
      await Promise.race([book.commit(), failed]);
    },
  };
}
