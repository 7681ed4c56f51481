/**
 * XLSX written as it streams: the few XML parts of a one-sheet workbook, zipped by yazl as they
 * are written. Text goes in inline strings, so rows go out as they come, with no shared-strings
 * table to hold until the end; numbers are numeric cells. The header row is bold and stays in
 * view; a column the export marks hidden (the row version) is hidden.
 *
 * Why not ExcelJS's "streaming" writer: it holds the whole sheet in memory until the workbook is
 * committed (100,000 rows: 0 bytes sent until the end, ~20 MB of buffers held;
 * docs/decisions/0022-export-from-every-list.md). The markup below is the part of the format we
 * write; the ZIP and its deflate, CRC-32 and ZIP64 are yazl's.
 */
import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import yazl from 'yazl';
import type { DownloadSink } from '../http/calls';
import type { Cell } from './cells';
import type { TableWriter } from './table-writer';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${TYPE}.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`;

const ROOT_RELS = `${XML}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML}<Relationships xmlns="${RELS}">\
<Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`;

/** Style 0 is plain, style 1 bold (the header row). */
const STYLES = `${XML}<styleSheet xmlns="${MAIN}">\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const SHEET_VIEWS = `<sheetViews><sheetView workbookViewId="0">\
<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>`;
const SHEET_END = '</sheetData></worksheet>';

/** Characters XML 1.0 can not hold at all (control characters, unpaired surrogates). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeXml = (text: string) =>
  text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c] as string);

/** A sheet name: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** A, B, …, Z, AA, AB, … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: Cell, ref: string, style: string): string {
  if (typeof cell === 'number' && Number.isFinite(cell))
    return `<c r="${ref}"${style}><v>${cell}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(String(cell))}</t></is></c>`;
}

/** The hidden columns' widths, which must come before the rows. */
const colsXml = (hidden: readonly number[]) =>
  hidden.length === 0
    ? ''
    : `<cols>${[...hidden]
        .sort((a, b) => a - b)
        .map((i) => `<col min="${i + 1}" max="${i + 1}" width="9" hidden="1" customWidth="1"/>`)
        .join('')}</cols>`;

/** The ZIP's bytes, passed on to the download chunk by chunk as the client takes them. */
function sinkStream(sink: DownloadSink): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.write(chunk).then(() => done(), done);
    },
  });
}

export function xlsxWriter(sink: DownloadSink, title: string): TableWriter {
  const zip = new yazl.ZipFile();
  const output = sinkStream(sink);
  zip.outputStream.pipe(output);
  // Rejected when the download fails (the client went away or stopped reading).
  const failed = once(output, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  const sheet = new PassThrough();
  let rowNumber = 0;
  const rowXml = (cells: readonly Cell[], style = '') => {
    rowNumber += 1;
    const inner = cells.map((c, i) => cellXml(c, `${columnName(i)}${rowNumber}`, style)).join('');
    return `<row r="${rowNumber}">${inner}</row>`;
  };
  // Back-pressure runs from the client through the ZIP's deflate to the sheet: a write waits
  // while the sheet's buffer is full, so the cursor reads no faster than the client takes.
  const write = async (xml: string) => {
    if (!sheet.write(xml)) await Promise.race([once(sheet, 'drain'), failed]);
  };
  return {
    async begin(headers, hidden = []) {
      const part = (text: string, name: string) => zip.addBuffer(Buffer.from(text), name);
      part(CONTENT_TYPES, '[Content_Types].xml');
      part(ROOT_RELS, '_rels/.rels');
      part(
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>\
<sheet name="${escapeXml(sheetName(title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        'xl/workbook.xml',
      );
      part(WORKBOOK_RELS, 'xl/_rels/workbook.xml.rels');
      part(STYLES, 'xl/styles.xml');
      zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
      await write(
        `${XML}<worksheet xmlns="${MAIN}">${SHEET_VIEWS}${colsXml(hidden)}<sheetData>` +
          rowXml(headers, ' s="1"'),
      );
    },
    rows: (rows) => write(rows.map((r) => rowXml(r)).join('')),
    async end() {
      sheet.end(SHEET_END);
      zip.end();
      await Promise.race([once(output, 'finish'), failed]);
    },
  };
}
