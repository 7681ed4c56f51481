/**
 * An XLSX container checked with yauzl before ExcelJS reads it: at most IMPORT_ZIP_ENTRIES_MAX
 * parts; their declared unpacked sizes, then their actual ones (yauzl refuses a part that
 * unpacks to more than it declares), within IMPORT_UNPACKED_MAX_BYTES; and no part hidden
 * between the listed ones, since ExcelJS walks the parts in file order rather than by the list.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IMPORT_UNPACKED_MAX_BYTES, IMPORT_ZIP_ENTRIES_MAX } from '../../shared/limits';
import { ApiError, badRequest } from '../http/errors';

export const NOT_XLSX_TEXT = 'The file is not an XLSX workbook (nor a CSV file).';
const UNPACKED_TOO_LARGE_TEXT = `The file is too large when unpacked (at most ${IMPORT_UNPACKED_MAX_BYTES / 1024 / 1024} MB).`;
const DAMAGED_TEXT = 'The XLSX file is damaged (its parts can not be unpacked).';

const CENTRAL_SIGNATURE = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
/** A data descriptor after a part's data is at most this long; a hidden part needs 30 bytes. */
const DESCRIPTOR_MAX_BYTES = 24;

const refused = (text: string) => (error: unknown) => {
  throw error instanceof ApiError ? error : badRequest(text);
};

export function entriesOf(zip: ZipFile): Promise<Entry[]> {
  if (zip.entryCount > IMPORT_ZIP_ENTRIES_MAX)
    return Promise.reject(
      badRequest(
        `The file holds ${zip.entryCount} parts; an XLSX workbook has at most ${IMPORT_ZIP_ENTRIES_MAX}.`,
      ),
    );
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(badRequest(DAMAGED_TEXT)));
    zip.readEntry();
  });
}

/** Unpacks every part, counting bytes, and stops at the first one past the bound. */
async function unpackedBytes(zip: ZipFile, entries: Entry[]): Promise<void> {
  let total = 0;
  for (const entry of entries) {
    const stream = await zip.openReadStreamPromise(entry).catch(refused(DAMAGED_TEXT));
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > IMPORT_UNPACKED_MAX_BYTES) throw badRequest(UNPACKED_TOO_LARGE_TEXT);
      }
    } catch (error) {
      refused(DAMAGED_TEXT)(error);
    } finally {
      stream.destroy();
    }
  }
}

/** Each part starts where the one before ends (after its descriptor), the list right after. */
async function checkNothingHidden(zip: ZipFile, entries: Entry[], file: Buffer): Promise<void> {
  const sorted = [...entries].sort(
    (a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader,
  );
  let next = 0;
  for (const entry of sorted) {
    const gap = entry.relativeOffsetOfLocalHeader - next;
    if (gap < 0 || gap > (next === 0 ? 0 : DESCRIPTOR_MAX_BYTES)) throw badRequest(DAMAGED_TEXT);
    const { fileDataStart } = await zip
      .readLocalFileHeaderPromise(entry, { minimal: true })
      .catch(refused(DAMAGED_TEXT));
    next = fileDataStart + entry.compressedSize;
  }
  const list = file.indexOf(CENTRAL_SIGNATURE, next);
  if (list < 0 || list - next > DESCRIPTOR_MAX_BYTES) throw badRequest(DAMAGED_TEXT);
}

export async function checkZip(file: Buffer): Promise<void> {
  const zip = await yauzl
    .fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true })
    .catch(refused(NOT_XLSX_TEXT));
  try {
    const entries = await entriesOf(zip);
    const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (declared > IMPORT_UNPACKED_MAX_BYTES) throw badRequest(UNPACKED_TOO_LARGE_TEXT);
    await checkNothingHidden(zip, entries, file);
    await unpackedBytes(zip, entries);
  } finally {
    zip.close();
  }
}
