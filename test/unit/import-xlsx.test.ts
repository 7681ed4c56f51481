/**
 * The import's XLSX reader on a workbook as Excel writes it: shared strings (split into rich-text
 * runs, with entities), a sheet named by the workbook's relationships, cells left out of sparse
 * rows, booleans and numbers; a formula cell refused by its place. Built with the export's own
 * ZIP writer, so only the reader is under test.
 */
import { describe, expect, it } from 'vitest';
import { ZipWriter } from '../../src/server/exports/zip';
import { readXlsx } from '../../src/server/imports/xlsx';

async function workbook(sheet: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const zip = new ZipWriter({
    write: (chunk) => {
      chunks.push(Buffer.from(chunk));
      return Promise.resolve();
    },
  });
  const parts: Record<string, string> = {
    '[Content_Types].xml': '<Types/>',
    'xl/workbook.xml':
      '<workbook><sheets><sheet name="Patients" sheetId="1" r:id="rId7"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<Relationships><Relationship Id="rId7" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
    'xl/sharedStrings.xml':
      '<sst><si><t>First name</t></si><si><r><t>Last </t></r><r><t>name</t></r></si><si><t>Smith &amp; Sons</t></si></sst>',
    'xl/worksheets/data.xml': `<worksheet><sheetData>${sheet}</sheetData></worksheet>`,
  };
  for (const [name, text] of Object.entries(parts)) {
    const entry = await zip.entry(name);
    await entry.write(text);
    await entry.end();
  }
  await zip.end();
  return Buffer.concat(chunks);
}

describe('readXlsx', () => {
  it('reads shared strings, sparse rows, booleans and numbers from the sheet the workbook names', async () => {
    const file = await workbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row>' +
        '<row r="3"><c r="B3" t="b"><v>1</v></c><c r="C3" t="s"><v>2</v></c><c r="D3"><v>12.5</v></c></row>',
    );
    expect(readXlsx(file)).toEqual([
      ['First name', '', 'Last name'],
      [],
      ['', 'Yes', 'Smith & Sons', '12.5'],
    ]);
  });

  it('refuses a formula cell, naming its row and column', async () => {
    const file = await workbook('<row r="2"><c r="B2"><f>SUM(A1:A2)</f><v>3</v></c></row>');
    expect(() => readXlsx(file)).toThrow(/^Row 2, column 2 holds a formula/);
  });
});
