/**
 * Reading exported files back, written apart from the server's writers so a test can catch them
 * out: an RFC 4180 CSV parser (csv-parse, as the import reads), and an XLSX reader (ZIP central
 * directory → inflated parts → the sheet's rows) on node:zlib alone.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';

/**
 * Rows of CSV text (without its BOM); quoted fields may hold commas, quotes and line breaks.
 * Read by csv-parse (not by the export's writer), so a writer's mistake is still caught.
 */
export const parseCsv = (text: string): string[][] =>
  parse(text, { delimiter: ',', record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true });

/** Every entry of a ZIP file, inflated, its CRC checked against the central directory. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('No end of central directory: not a ZIP file.');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Bad central directory record.');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`Bad local header of ${name}.`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    const data = method === 8 ? inflateRawSync(raw) : raw;
    if (crc32(data) >>> 0 !== crc) throw new Error(`CRC of ${name} does not match.`);
    files.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** The first sheet's rows: text cells as strings, numeric cells as numbers. */
export function xlsxRows(file: Buffer): (string | number)[][] {
  const sheet = unzip(file).get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('No xl/worksheets/sheet1.xml in the file.');
  const xml = sheet.toString('utf8');
  return [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map(([, row]) =>
    [...(row ?? '').matchAll(/<c ([^>]*)>(.*?)<\/c>/gs)].map(([, attributes, inner]) => {
      if ((attributes ?? '').includes('t="inlineStr"'))
        return unescapeXml(/<t[^>]*>(.*?)<\/t>/s.exec(inner ?? '')?.[1] ?? '');
      return Number(/<v>(.*?)<\/v>/s.exec(inner ?? '')?.[1]);
    }),
  );
}
