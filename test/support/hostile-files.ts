/**
 * Files for the import's tests, written by hand so that they can lie: a ZIP whose parts claim
 * other sizes, hide between the listed ones or inflate a thousandfold, and XLSX workbooks made of
 * such parts around a sheet's XML. Honest workbooks come from ExcelJS's own writer.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Written as is (method 0) instead of deflated. */
  stored?: boolean;
  /** Already deflated bytes to write for this part (then `data` only names its length). */
  deflated?: Buffer;
  /** The unpacked size the headers claim, when it is to differ from the real one. */
  declaredSize?: number;
}

function header(size: number, fields: [number, number][]): Buffer {
  const out = Buffer.alloc(size);
  for (const [at, value] of fields) out.writeUInt32LE(value, at);
  return out;
}

/** A ZIP file of the parts in order; `hidden` parts are written but left out of the list. */
export function zipOf(parts: ZipPart[], hidden: ZipPart[] = []): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const part of [...hidden.map((p) => ({ ...p, hide: true })), ...parts]) {
    const name = Buffer.from(part.name);
    const data = Buffer.from(part.data);
    const packed = part.deflated ?? (part.stored ? data : deflateRawSync(data));
    const size = part.declaredSize ?? data.length;
    const method = part.stored ? 0 : 8;
    const local = header(30, [
      [0, 0x04034b50],
      [14, crc32(data)],
      [18, packed.length],
      [22, size],
    ]);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(name.length, 26);
    if (!('hide' in part)) {
      const entry = header(46, [
        [0, 0x02014b50],
        [16, crc32(data)],
        [20, packed.length],
        [24, size],
        [42, offset],
      ]);
      entry.writeUInt16LE(20, 4);
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(method, 10);
      entry.writeUInt16LE(name.length, 28);
      central.push(entry, name);
      listed++;
    }
    chunks.push(local, name, packed);
    offset += 30 + name.length + packed.length;
  }
  const list = Buffer.concat(central);
  const end = header(22, [
    [0, 0x06054b50],
    [12, list.length],
    [16, offset],
  ]);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  return Buffer.concat([...chunks, list, end]);
}

/** Deflated pieces that join into one stream: each flushed whole, the last one final. */
export function joinedDeflate(pieces: { data: string | Buffer; times?: number }[]): Buffer {
  const out: Buffer[] = [];
  for (const { data, times = 1 } of pieces) {
    const packed = deflateRawSync(Buffer.from(data), { finishFlush: constants.Z_FULL_FLUSH });
    for (let n = 0; n < times; n++) out.push(packed);
  }
  // A final, empty block with fixed codes ends the stream.
  out.push(Buffer.from([0x03, 0x00]));
  return Buffer.concat(out);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Patients" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The parts of a one-sheet workbook around the sheet part given (its name is kept). */
export function workbookParts(sheet: ZipPart, sharedStrings: string[] = []): ZipPart[] {
  const strings = sharedStrings.map((s) =>
    s.startsWith('<') ? s : `<si><t>${xmlText(s)}</t></si>`,
  );
  return [
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    {
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${strings.join('')}</sst>`,
    },
    sheet,
  ];
}

/** The XML of a sheet around the rows given (each `<row …>…</row>`). */
export const sheetXml = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

/** A workbook of one sheet holding the rows' XML, strings shared by index (`t="s"`). */
export const xlsxOf = (rows: string, sharedStrings: string[] = []): Buffer =>
  zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows) }, sharedStrings));

/** An inline-string cell. */
export const textCell = (reference: string, text: string) =>
  `<c r="${reference}" t="inlineStr"><is><t>${xmlText(text)}</t></is></c>`;

/** A workbook as Excel users make them, written by ExcelJS: the rows on its first sheet. */
export async function excelFile(rows: (string | number | boolean | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet 1');
  rows.forEach((row, index) => {
    if (row.length > 0) sheet.getRow(index + 1).values = row;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
