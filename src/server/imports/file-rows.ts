/**
 * An uploaded file read as a table, in the thread that runs it (read-worker.ts): XLSX by its
 * ZIP signature, else CSV, which must be UTF-8 (a BOM is dropped).
 */
import { badRequest } from '../http/errors';
import { readCsv } from './csv';
import { TableBuilder, type Table } from './table-builder';

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BOM = '\uFEFF';

function decodeText(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw badRequest(
      'The file is not UTF-8 text: save it as "CSV UTF-8" (or as XLSX) and upload it again.',
    );
  }
}

export async function fileRows(file: Buffer): Promise<Table> {
  const table = new TableBuilder();
  // ExcelJS takes a while to load: only a workbook loads it.
  if (file.subarray(0, 4).equals(ZIP_SIGNATURE))
    await (await import('./xlsx')).readXlsx(file, table);
  else await readCsv(decodeText(file).replace(BOM, ''), table);
  return table.table();
}
