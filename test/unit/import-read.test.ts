/**
 * The import's file reading (src/server/imports/table.ts): workbooks as Excel and ExcelJS write
 * them and CSV read as before, and hostile files refused in words as soon as a bound is crossed —
 * each of issue 42's findings (a row numbered 999999999, a cell `ZZZZZZZZ2`, a NUL in a cell)
 * among them — in a worker thread whose heap and time limits answer for it when all else fails.
 */
import { describe, expect, it } from 'vitest';
import { readTable } from '../../src/server/imports/table';
import {
  IMPORT_ROW_NUMBER_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_UNPACKED_MAX_BYTES,
} from '../../src/shared/limits';
import {
  excelFile,
  joinedDeflate,
  sheetXml,
  textCell,
  workbookParts,
  xlsxOf,
  zipOf,
} from '../support/hostile-files';

const refusal = async (file: Buffer | string, bounds?: Parameters<typeof readTable>[1]) => {
  const error = await readTable(Buffer.from(file), bounds).then(
    () => null,
    (e: unknown) => e as { status: number; message: string },
  );
  expect(error, 'the file was read').not.toBeNull();
  expect(error!.status).toBe(400);
  return error!.message;
};

const HEADER = `<row r="1">${textCell('A1', 'First name')}${textCell('B1', 'Last name')}</row>`;

describe('readTable reads', () => {
  it('a workbook ExcelJS wrote: shared strings, sparse rows, booleans and numbers', async () => {
    const file = await excelFile([
      ['First name', null, 'Last name', 'Size'],
      [],
      [null, true, 'Smith & Sons', 12.5],
      ['Ada', false, 'Lovelace'],
    ]);
    expect(await readTable(file)).toEqual({
      headers: ['First name', '', 'Last name', 'Size'],
      rows: [
        { line: 3, cells: ['', 'Yes', 'Smith & Sons', '12.5'] },
        { line: 4, cells: ['Ada', 'No', 'Lovelace', ''] },
      ],
    });
  });

  it('shared strings split into rich-text runs, and rows numbered as in the file', async () => {
    const file = xlsxOf(
      '<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c></row>' +
        '<row r="5"><c r="A5" t="s"><v>2</v></c><c r="B5"><v>7</v></c></row>',
      ['First name', '<si><r><t>Last </t></r><r><t>name</t></r></si>', 'Smith & Sons'],
    );
    expect(await readTable(file)).toEqual({
      headers: ['First name', 'Last name'],
      rows: [{ line: 5, cells: ['Smith & Sons', '7'] }],
    });
  });

  it('CSV with a BOM, quoted fields and the separator of the header line', async () => {
    const file = '\uFEFFName;Notes\r\n"Doe; Al";"says ""hi""\nthen left"\r\n\r\nBo;x\r\n';
    expect(await readTable(Buffer.from(file))).toEqual({
      headers: ['Name', 'Notes'],
      rows: [
        { line: 2, cells: ['Doe; Al', 'says "hi"\nthen left'] },
        { line: 4, cells: ['Bo', 'x'] },
      ],
    });
  });
});

describe('readTable refuses, naming what is wrong', () => {
  it('a formula cell, by its row and column', async () => {
    const file = xlsxOf(`${HEADER}<row r="2"><c r="B2"><f>SUM(A1:A2)</f><v>3</v></c></row>`);
    expect(await refusal(file)).toMatch(/^Row 2, column 2 holds a formula/);
  });

  it('a row numbered 999999999 (finding 1), without padding up to it', async () => {
    const file = xlsxOf(`${HEADER}<row r="999999999">${textCell('A999999999', 'x')}</row>`);
    expect(file.length).toBeLessThan(2048);
    expect(await refusal(file)).toBe(
      `The file has a row numbered 999999999; rows beyond ${IMPORT_ROW_NUMBER_MAX} are not read (at most ${IMPORT_ROWS_MAX} rows are imported).`,
    );
  });

  it(
    'a cell ZZZZZZZZ2 (finding 3) and one beyond the columns imported',
    { timeout: 30_000 },
    async () => {
      const far = xlsxOf(`${HEADER}<row r="2">${textCell('ZZZZZZZZ2', 'x')}</row>`);
      expect(await refusal(far)).toBe(
        'The sheet has a cell beyond column 16384, the last a spreadsheet has: the file is damaged.',
      );
      const wide = xlsxOf(`${HEADER}<row r="2">${textCell('XFD2', 'x')}</row>`);
      expect(await refusal(wide)).toBe(
        'Row 2 has a value in column 16384; at most 200 columns are imported.',
      );
    },
  );

  it(
    'a NUL or another control character in a CSV or XLSX cell (finding 4), by row and column',
    { timeout: 60_000 },
    async () => {
      expect(await refusal('First name,Last name\nAl,Do\u0000e\n')).toBe(
        'Row 2, column 2 holds a control character (NUL); remove it and upload the file again.',
      );
      // In XLSX no XML may hold one (raw or as a reference): ExcelJS's parser stops at it.
      for (const [control, name] of [
        ['\u0000', 'NUL'],
        ['\u0001', 'U+0001'],
        ['&#0;', 'NUL'],
      ]) {
        const sheet = xlsxOf(
          `${HEADER}<row r="3">${textCell('A3', 'Al')}</row>`.replace('Al', `A${control}l`),
        );
        expect(await refusal(sheet)).toBe(
          `Row 3, column 1 holds a control character (${name}); remove it and upload the file again.`,
        );
      }
    },
  );

  it('more rows than an import takes, as soon as one too many is read', async () => {
    const lines = ['Name', ...Array.from({ length: IMPORT_ROWS_MAX + 1 }, (_, i) => `P${i}`)];
    expect(await refusal(lines.join('\n'))).toBe(
      `The file has more than ${IMPORT_ROWS_MAX} rows; at most ${IMPORT_ROWS_MAX} per import.`,
    );
  });

  it('a cell longer than any field takes', async () => {
    expect(await refusal(`Name\n${'a'.repeat(100_001)}\n`)).toBe(
      'Row 2, column 1 holds 100001 characters; at most 100000.',
    );
  });

  it('a zip bomb: a sheet that says it unpacks to 1 GB, or claims less than it unpacks to', async () => {
    const bomb = joinedDeflate([
      { data: sheetXml('<row r="1">').slice(0, -20) },
      { data: ' '.repeat(1024 * 1024), times: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const honest = zipOf(
      workbookParts({
        name: 'xl/worksheets/sheet1.xml',
        data: '',
        deflated: bomb,
        declaredSize: 1024 * 1024 * 1024,
      }),
    );
    expect(await refusal(honest)).toBe(
      `The file is too large when unpacked (at most ${IMPORT_UNPACKED_MAX_BYTES / 1024 / 1024} MB).`,
    );
    const lying = zipOf(
      workbookParts({
        name: 'xl/worksheets/sheet1.xml',
        data: '',
        deflated: bomb,
        declaredSize: 1000,
      }),
    );
    expect(await refusal(lying)).toMatch(/damaged/);
  });

  it('a part hidden between the listed ones', async () => {
    const file = zipOf(
      workbookParts({ name: 'xl/worksheets/sheet1.xml', data: sheetXml(HEADER) }),
      [{ name: 'xl/worksheets/sheet2.xml', data: sheetXml(HEADER) }],
    );
    expect(await refusal(file)).toMatch(/damaged/);
  });

  it(
    'a read that takes longer than its time, or more heap than its worker has',
    { timeout: 60_000 },
    async () => {
      const file = await excelFile([['Name'], ['Ada']]);
      expect(await refusal(file, { timeMs: 1, heapMb: 256 })).toMatch(
        /^The file took too long to read/,
      );
      const strings = Array.from({ length: 200_000 }, (_, i) => `${i}`.padEnd(200, 'x'));
      const big = xlsxOf(`${HEADER}<row r="2"><c r="A2" t="s"><v>1</v></c></row>`, strings);
      expect(await refusal(big, { timeMs: 60_000, heapMb: 24 })).toBe(
        'The file is too large to read when unpacked: split it into smaller files.',
      );
    },
  );
});
