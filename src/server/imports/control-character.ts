/**
 * Where a sheet's XML holds a control character, which no XML may hold: ExcelJS's parser stops
 * there without saying in which cell, so on that refusal alone the sheet part is looked through
 * (yauzl, within the bounds zip-check.ts has checked) for the first such character, written raw
 * or as `&#…;`, and the cell reference before it names the row and column.
 */
import yauzl from 'yauzl';
import { entriesOf } from './zip-check';

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|&#(x[0-9a-f]+|\d+);/gi;
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

const codeOf = (entity: string) =>
  /^x/i.test(entity) ? parseInt(entity.slice(1), 16) : parseInt(entity, 10);
const isControl = (code: number) => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;

/** A column's number from its letters: A → 1, AB → 28. */
const columnOf = (letters: string) =>
  [...letters].reduce((column, letter) => column * 26 + letter.charCodeAt(0) - 64, 0);

export async function findControlCharacter(
  file: Buffer,
): Promise<{ line: number; column: number; code: number } | null> {
  const zip = await yauzl.fromBufferPromise(file, { lazyEntries: true });
  try {
    const sheet = (await entriesOf(zip)).find((entry) => SHEET.test(entry.fileName));
    if (!sheet) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(sheet)) chunks.push(chunk as Buffer);
    const xml = Buffer.concat(chunks).toString('utf8');
    for (const match of xml.matchAll(CONTROL)) {
      const code = match[1] ? codeOf(match[1]) : match[0].charCodeAt(0);
      if (!isControl(code)) continue;
      const start = xml.lastIndexOf('<c ', match.index);
      const cell = /^<c\b[^>]*?\br="([A-Z]{1,3})(\d{1,7})"/.exec(xml.slice(start, match.index));
      return start >= 0 && cell
        ? { line: Number(cell[2]), column: columnOf(cell[1]!), code }
        : null;
    }
    return null;
  } finally {
    zip.close();
  }
}
