/**
 * The parts of a ZIP file (an XLSX container) read through its central directory, each inflated
 * with node:zlib on demand. Anything that is not a readable ZIP is refused in words.
 */
import { inflateRawSync } from 'node:zlib';
import { badRequest } from '../http/errors';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** A part larger than this inflated is refused: a small file can not claim gigabytes. */
const PART_MAX_BYTES = 200 * 1024 * 1024;

export const NOT_XLSX_TEXT = 'The file is not an XLSX workbook (nor a CSV file).';

export type ZipParts = Map<string, () => Buffer>;

export function zipParts(zip: Buffer): ZipParts {
  // The end record sits in the last 64 KiB (its comment is at most that long).
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 65_557); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw badRequest(NOT_XLSX_TEXT);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts: ZipParts = new Map();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw badRequest('The XLSX file is damaged (its table of contents can not be read).');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    parts.set(name, () => {
      if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER)
        throw badRequest(`The XLSX file is damaged (part ${name} can not be found).`);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(start, start + compressed);
      if (method === STORED) return raw;
      if (method !== DEFLATED || size > PART_MAX_BYTES)
        throw badRequest(`The XLSX file's part ${name} can not be read.`);
      try {
        return inflateRawSync(raw, { maxOutputLength: PART_MAX_BYTES });
      } catch {
        throw badRequest(`The XLSX file is damaged (part ${name} can not be unpacked).`);
      }
    });
    at += 46 + skip;
  }
  return parts;
}
