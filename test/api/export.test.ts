/**
 * `{entities}/export`: the whole filtered and searched set the list shows, as CSV or XLSX, in
 * the chosen columns, raw or formatted; formula cells neutralised; the list's privilege; never
 * another company's rows; one audit entry; and 100,000 rows streamed in flat memory.
 */
import http from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import type { Envelope, UserToken } from '../../src/shared/envelope';
import { newCompany, type TestCompany } from '../support/api';
import { loadPatients } from '../support/bulk-patients';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

/** A full garbage collection, made callable in this process (vitest does not pass --expose-gc). */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const env = useTestServer({ company: 'Export Clinic', admin: true });

let c: Caller;

interface Exported {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

async function exportOf(
  payload: Row,
  token: UserToken = env.admin,
  company: TestCompany = env.company,
  entities = 'patients',
): Promise<Exported> {
  const response = await env.server.app.inject({
    method: 'POST',
    url: `/api/${entities}/export`,
    payload: { ...payload, _company_slug: company.slug, _user_token: token },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** The server's address on a real port (listening once, for the tests that need a socket). */
async function listening(): Promise<string> {
  const bound = env.server.app.server.address();
  if (bound && typeof bound === 'object') return `http://127.0.0.1:${bound.port}`;
  return env.server.app.listen({ port: 0, host: '127.0.0.1' });
}

const envelopeOf = (file: Exported) => JSON.parse(file.body.toString()) as Envelope;

const BOM = '\uFEFF';
function csvOf(file: Exported): string[][] {
  expect(file.status).toBe(200);
  const text = file.body.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const rows: string[][] = parse(text.slice(1), { relax_column_count: true });
  return rows;
}

/** The first sheet of a workbook, read by ExcelJS (not by the code that wrote it). */
async function sheetOf(body: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet.');
  return sheet;
}

/** The sheet's rows: text as strings, numbers as numbers, an empty cell as ''. */
async function xlsxRows(body: Buffer): Promise<(string | number)[][]> {
  const sheet = await sheetOf(body);
  const rows: (string | number)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: (string | number)[] = [];
    for (let n = 1; n <= sheet.columnCount; n++) {
      const value = row.getCell(n).value;
      cells.push(typeof value === 'number' || typeof value === 'string' ? value : '');
    }
    rows.push(cells);
  });
  return rows;
}

const NAMES = [
  ['Alma', 'Quenby'],
  ['Bruno', 'Quenby'],
  ['Cora', 'Quenby-Hale'],
  ['Dalia', 'Ravensworth'],
];

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  for (const [first, last] of NAMES) {
    const reply = await c('patients/insert', {
      patient_first_name: first,
      patient_last_name: last,
      patient_dob: '1990-03-01',
      patient_city: last === 'Ravensworth' ? 'Leeds' : 'York',
    });
    expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
  }
});

describe('patients/export', () => {
  it('exports the whole searched set the list finds, in list order, as CSV with a BOM', async () => {
    const filters = { search: 'quenby' };
    const listed = await c<Row[]>('patients/list', { filters, limit: 1 });
    const count = await c<{ count: number }>('patients/count', { filters });
    const file = await exportOf({ filters, columns: ['patient_name', 'patient_city'] });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(file.headers['content-disposition'])).toMatch(
      /^attachment; filename="patients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvOf(file);
    expect(rows[0]).toEqual(['Name', 'City']);
    // All three, though the list's page held one.
    expect(rows.slice(1)).toEqual([
      ['Quenby, Alma', 'York'],
      ['Quenby, Bruno', 'York'],
      ['Quenby-Hale, Cora', 'York'],
    ]);
    expect(listed.data).toHaveLength(1);
    expect(count.data.count).toBe(3);
    expect(file.headers['x-export-rows']).toBe('3');
  });

  it('respects named filters and the sort the list was given', async () => {
    const file = await exportOf({
      filters: { patient_city: 'York', search: 'quenby' },
      sort: '-patient_first_name',
      columns: ['patient_first_name'],
    });
    expect(csvOf(file)).toEqual([['First name'], ['Cora'], ['Bruno'], ['Alma']]);
    const leeds = await exportOf({ filters: { patient_city: 'Leeds' }, columns: ['patient_name'] });
    expect(csvOf(leeds)).toEqual([['Name'], ['Ravensworth, Dalia']]);
  });

  it('writes values as the screen shows them, or raw', async () => {
    const payload = {
      filters: { search: 'ravensworth' },
      columns: ['patient_dob', 'patient_preferred_contact'],
    };
    expect(csvOf(await exportOf(payload))).toEqual([
      ['Date of birth', 'Preferred contact'],
      ['01/03/1990', 'Email'],
    ]);
    expect(csvOf(await exportOf({ ...payload, formatted: false }))).toEqual([
      ['patient_dob', 'patient_preferred_contact'],
      ['1990-03-01', 'Email'],
    ]);
  });

  it('neutralises cells a spreadsheet would run, in CSV and XLSX, and quotes as RFC 4180', async () => {
    const hostile = ['=HYPERLINK("http://x.test","a")', '+1+2', '-3+4', '@SUM(A1)'];
    for (const [i, text] of hostile.entries()) {
      const reply = await c('patients/insert', {
        patient_first_name: text,
        patient_last_name: `Zyxformula${i}`,
        patient_city: 'Comma, "Quoted"\ncity',
      });
      expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
    }
    const payload = {
      filters: { search: 'zyxformula' },
      columns: ['patient_first_name', 'patient_city'],
    };
    const csv = csvOf(await exportOf(payload));
    expect(csv.slice(1).map((r) => r[0])).toEqual(hostile.map((t) => `'${t}`));
    expect(csv.slice(1).map((r) => r[1])).toEqual(hostile.map(() => 'Comma, "Quoted"\ncity'));
    const xlsx = await exportOf({ ...payload, format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const sheet = await xlsxRows(xlsx.body);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(hostile.map((t) => `'${t}`));
  });

  it('neutralises look-alike formula starts a spreadsheet folds to = + - @ (NFKC), in CSV and XLSX', async () => {
    // Full-width, small and superscript forms, and the minus sign.
    const hostile = ['＝1+1', '＋1+2', '－3+4', '＠SUM(A1)', '﹦2+2', '⁺5', '−6+1'];
    for (const [i, text] of hostile.entries()) {
      const reply = await c('patients/insert', {
        patient_first_name: text,
        patient_last_name: `Zyxlookalike${i}`,
      });
      expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
    }
    const payload = { filters: { search: 'zyxlookalike' }, columns: ['patient_first_name'] };
    const csv = csvOf(await exportOf({ ...payload, sort: 'patient_last_name' }));
    expect(csv.slice(1).map((r) => r[0])).toEqual(hostile.map((t) => `'${t}`));
    const xlsx = await exportOf({ ...payload, sort: 'patient_last_name', format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    const sheet = await xlsxRows(xlsx.body);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(hostile.map((t) => `'${t}`));
    // Text that only looks alike elsewhere in the cell is left as it is.
    const plain = csvOf(
      await exportOf({ filters: { search: 'quenby' }, columns: ['patient_name'] }),
    );
    expect(plain[1]).toEqual(['Quenby, Alma']);
  });

  it('writes an XLSX workbook that unzips and reads back, numbers as numbers', async () => {
    const file = await exportOf({
      filters: { search: 'quenby' },
      columns: ['patient_name', 'patient_dob', 'patient_id'],
      format: 'xlsx',
      formatted: false,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await sheetOf(file.body);
    expect(sheet.name).toBe('Patients');
    expect([1, 2, 3].map((n) => sheet.getRow(1).getCell(n).font?.bold)).toEqual([true, true, true]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const rows = await xlsxRows(file.body);
    // With the id comes each row's version, in a hidden last column.
    expect(rows[0]).toEqual(['patient_name', 'patient_dob', 'patient_id', '_version']);
    expect([1, 2, 3, 4].map((n) => sheet.getColumn(n).hidden)).toEqual([false, false, false, true]);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['Quenby, Alma', '1990-03-01'],
      ['Quenby, Bruno', '1990-03-01'],
      ['Quenby-Hale, Cora', '1990-03-01'],
    ]);
    expect(rows.slice(1).every((r) => typeof r[2] === 'number' && r[2] > 0)).toBe(true);
    expect(rows.slice(1).every((r) => typeof r[3] === 'number' && r[3] > 0)).toBe(true);
  });

  it('refuses fields the list does not read, unknown filters, and unknown formats, by name', async () => {
    const notes = await exportOf({ columns: ['patient_notes'] });
    expect(notes.status).toBe(400);
    expect(envelopeOf(notes).messages[0]?.text).toBe(
      '"patient_notes" can not be exported from Patients.',
    );
    const filter = await exportOf({ filters: { patient_notes: 'x' } });
    expect(filter.status).toBe(400);
    expect(envelopeOf(filter).messages[0]?.text).toBe('Unknown filter "patient_notes".');
    const format = await exportOf({ format: 'pdf' });
    expect(format.status).toBe(400);
    expect(envelopeOf(format).messages[0]?.text).toContain('format');
  });

  it('needs the export privilege, and is refused without it with the envelope', async () => {
    const exporter = await addUser(env.server, env.company, { privileges: ['patients/export'] });
    const other = await addUser(env.server, env.company, { privileges: ['herbs/export'] });
    const allowed = await exportOf({ filters: { search: 'quenby' } }, exporter.token);
    expect(csvOf(allowed)).toHaveLength(4);
    const refused = await exportOf({}, other.token);
    expect(refused.status).toBe(403);
    expect(envelopeOf(refused).result).toBe(false);
    const anonymous = await env.server.app.inject({
      method: 'POST',
      url: '/api/patients/export',
      payload: { _company_slug: env.company.slug },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is refused to a view-only user (issue 43 #8), with a message naming the privilege', async () => {
    const viewer = await addUser(env.server, env.company, { privileges: ['patients/list'] });
    const refused = await exportOf({ filters: { search: 'quenby' } }, viewer.token);
    expect(refused.status).toBe(403);
    expect(envelopeOf(refused).messages.map((m) => m.text)).toEqual([
      'Exporting patients needs the privilege "Export" (patients/export); "View and search" alone does not allow it.',
    ]);
    const allowed = await exportOf(
      { filters: { search: 'quenby' } },
      (await addUser(env.server, env.company, { privileges: ['patients/list', 'patients/export'] }))
        .token,
    );
    expect(allowed.status).toBe(200);
    const wildcard = await addUser(env.server, env.company, { privileges: ['patients/*'] });
    expect((await exportOf({}, wildcard.token)).status).toBe(200);
  });

  it("never holds another company's rows", async () => {
    const other = await newCompany(env.server, 'Other Export Clinic');
    const otherAdmin = await adminToken(env.server, other);
    const asOther = callerFor(env.server, other, otherAdmin);
    const reply = await asOther('patients/insert', {
      patient_first_name: 'Elsewhere',
      patient_last_name: 'Quenby',
    });
    expect(reply.result).toBe(true);
    const ours = csvOf(await exportOf({ filters: { search: 'quenby' } }));
    expect(ours.flat().join(' ')).not.toContain('Elsewhere');
    const theirs = csvOf(
      await exportOf(
        { filters: { search: 'quenby' }, columns: ['patient_name'] },
        otherAdmin,
        other,
      ),
    );
    expect(theirs.slice(1).map((r) => r[0])).toEqual(['Quenby, Elsewhere']);
  });

  it('writes one audit entry per export: entity, filters, columns, format and row count', async () => {
    const user = await addUser(env.server, env.company, { privileges: ['patients/export'] });
    const filters = { search: 'quenby' };
    await exportOf({ filters, format: 'xlsx', columns: ['patient_name'] }, user.token);
    const rows = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'entity', 'after'])
        .where('user_id', '=', user.userId)
        .execute(),
    );
    expect(rows).toEqual([
      {
        action: 'export',
        entity: 'patients',
        after: {
          format: 'xlsx',
          formatted: true,
          columns: ['patient_name'],
          filters,
          relation_filters: {},
          sort: null,
          rows: 3,
        },
      },
    ]);
  });

  it('exports from every entity set the admin may list', async () => {
    const { ENTITIES } = await import('../../src/shared/entities');
    for (const d of ENTITIES) {
      const file = await exportOf({ format: 'xlsx' }, env.admin, env.company, d.entities);
      expect(file.status, d.entities).toBe(200);
      expect((await xlsxRows(file.body))[0]!.length, d.entities).toBeGreaterThan(0);
    }
  });
});

describe('100,000 patients', () => {
  const COUNT = 100_000;
  let big: TestCompany;
  let token: UserToken;

  beforeAll(async () => {
    big = await newCompany(env.server, 'Big Export Clinic');
    token = await adminToken(env.server, big);
    await loadPatients(inject('databaseOwnerUrl'), big.companyId, COUNT);
  }, 300_000);

  it('streams them all at once, with the heap staying flat', async () => {
    const address = await listening();
    // The live heap, garbage collected first: what the export holds, not what it has dropped.
    const liveHeap = () => {
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const heapBefore = liveHeap();
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, liveHeap());
    }, 500);
    const started = performance.now();
    const response = await fetch(`${address}/api/patients/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
      body: JSON.stringify({ _company_slug: big.slug, _user_token: token, format: 'csv' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-export-rows')).toBe(String(COUNT));
    let bytes = 0;
    let lineEnds = 0;
    let firstByte = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByte = performance.now() - started;
      bytes += chunk.length;
      for (const b of chunk) if (b === 0x0a) lineEnds++;
    }
    clearInterval(sampler);
    const total = performance.now() - started;
    const growthMb = (heapPeak - heapBefore) / 2 ** 20;
    console.log(
      `export of ${COUNT} patients: first byte ${firstByte.toFixed(0)} ms, all ${total.toFixed(0)} ms, ` +
        `${(bytes / 2 ** 20).toFixed(1)} MB, heap growth ${growthMb.toFixed(1)} MB`,
    );
    expect(lineEnds).toBe(COUNT + 1);
    // The rows as objects, or the file as one string, would take well over 100 MB; a batch of
    // rows and the stream's buffers take a few.
    expect(growthMb).toBeLessThan(24);
    expect(bytes).toBeGreaterThan(10 * 2 ** 20);
  }, 300_000);

  it('serves at most a quarter of the pool as downloads at once; one more is refused by name', async () => {
    const address = new URL(await listening());
    const slots = env.server.services.downloads.limit;
    expect(slots).toBe(Math.floor(env.server.services.config.databasePoolSize / 4));
    const body = JSON.stringify({ _company_slug: big.slug, _user_token: token, format: 'csv' });
    // node:http, whose destroy() closes the socket (fetch's abort leaves an unread one open).
    const open = () =>
      new Promise<{ response: http.IncomingMessage; request: http.ClientRequest }>(
        (resolve, reject) => {
          const request = http.request(
            {
              host: address.hostname,
              port: address.port,
              path: '/api/patients/export',
              method: 'POST',
              headers: { 'content-type': 'application/json' },
            },
            (response) => resolve({ response, request }),
          );
          request.on('error', reject);
          request.end(body);
        },
      );
    // Slow readers: each has its headers (its slot is taken) and reads nothing more.
    const held = await Promise.all(Array.from({ length: slots }, open));
    expect(held.map((h) => h.response.statusCode)).toEqual(held.map(() => 200));
    // The rest of the pool is busy too: the extra download is still refused by name at once,
    // not after waiting for a connection (as it was when a CI run's load made that wait run out).
    const { db, config } = env.server.services;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const others = Array.from({ length: config.databasePoolSize - slots }, () =>
      db.connection().execute(() => gate),
    );
    const refused = await open();
    release();
    await Promise.all(others);
    expect(refused.response.statusCode).toBe(503);
    expect(refused.response.headers['retry-after']).toBeDefined();
    const chunks: Buffer[] = [];
    for await (const chunk of refused.response) chunks.push(chunk as Buffer);
    const envelope = JSON.parse(Buffer.concat(chunks).toString()) as Envelope;
    expect(envelope.messages[0]?.text).toBe(
      'Too many downloads are being prepared at once. Nothing was exported; try again in a minute.',
    );
    // Other calls still get a connection meanwhile.
    const listed = await c('patients/list', { limit: 1 });
    expect(listed.result).toBe(true);
    // The readers go away: their slots come back.
    for (const h of held) h.request.destroy();
    await expect.poll(() => env.server.services.downloads.inUse, { timeout: 30_000 }).toBe(0);
    expect((await exportOf({ format: 'csv' })).status).toBe(200);
  }, 120_000);
});
