/**
 * `{entities}/import`: a CSV or XLSX read, its columns guessed from headers, checked in a dry run
 * that writes nothing, then imported all or nothing through the insert and update calls' own
 * rules — relations by label, dates and units in the clinic's conventions, update by id, every
 * bad file refused in words, privileges and another company's rows never touched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { inTenant } from '../../src/server/db/tenancy';
import type { Envelope } from '../../src/shared/envelope';
import {
  IMPORT_MAPPINGS_PREFERENCE,
  type ImportOutcome,
  type ImportRead,
} from '../../src/shared/imports';
import { EMAIL_TAKEN_TEXT } from '../../src/shared/users';
import { call, newCompany } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { textCell, xlsxOf } from '../support/hostile-files';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Import Clinic', admin: true });
let c: Caller;

const b64 = (file: string | Buffer) => Buffer.from(file).toString('base64');
const errorsOf = (reply: { messages: { type: string; text: string }[] }) =>
  reply.messages.filter((m) => m.type === 'e').map((m) => m.text);

const importOf = <T>(
  file: string | Buffer,
  extra: Row = {},
  caller: Caller = c,
  entities = 'patients',
) => caller<T>(`${entities}/import`, { step: 'import', file: b64(file), ...extra });

async function patientCount(): Promise<number> {
  return (await c<{ count: number }>('patients/count', {})).data.count;
}

const HEADER = 'First name,patient_last_name,Date of birth,Location,Conditions,Shoe size';

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  expect((await c('locations/insert', { location_name: 'North Room' })).result).toBe(true);
  for (const name of ['Asthma', 'Eczema'])
    expect((await c('conditions/insert', { condition_name: name })).result).toBe(true);
});

describe('patients/import', () => {
  it('reads the headers and guesses the mapping from field names and on-screen labels', async () => {
    const reply = await c<ImportRead>('patients/import', {
      step: 'read',
      file: b64(`\uFEFF${HEADER}\nAda,Lovelace,10/12/1815,North Room,Asthma,5\n`),
    });
    expect(errorsOf(reply)).toEqual([]);
    expect(reply.data.headers).toEqual(HEADER.split(','));
    expect(reply.data.rows).toBe(1);
    expect(reply.data.mapping).toEqual({
      '0': 'patient_first_name',
      '1': 'patient_last_name',
      '2': 'patient_dob',
      '3': 'patient_location_id',
      '4': 'conditions',
      '5': '',
    });
  });

  it('saves a named mapping in the user’s preferences of the module and reads it back', async () => {
    const ids = await moduleIdsOf(env.server, env.company, env.admin);
    const saved = {
      'Old system': { Forename: 'patient_first_name', Surname: 'patient_last_name' },
    };
    const reply = await c('patients/update_my_preference_for_module', {
      module_id: ids.patients,
      field: IMPORT_MAPPINGS_PREFERENCE,
      value: saved,
    });
    expect(errorsOf(reply)).toEqual([]);
    const read = await c<Row>('patients/get_my_preferences_for_module', {
      module_id: ids.patients,
    });
    expect(read.data[IMPORT_MAPPINGS_PREFERENCE]).toEqual(saved);
    // Not guessed from these headers; the saved mapping, applied by column, imports them.
    const file = 'Surname,Forename\nSaved,Mapping\n';
    const guessed = await c<ImportRead>('patients/import', { step: 'read', file: b64(file) });
    expect(guessed.data.mapping).toEqual({ '0': '', '1': '' });
    const done = await importOf<ImportOutcome>(file, {
      mapping: { '0': 'patient_last_name', '1': 'patient_first_name' },
    });
    expect(done.data.added).toBe(1);
    const found = await c<Row[]>('patients/list', { filters: { search: 'Saved' } });
    expect(found.data[0]).toMatchObject({ patient_name: 'Saved, Mapping' });
  });

  it('dry run shows every row’s errors and writes nothing', async () => {
    const before = await patientCount();
    const file = [
      HEADER,
      'Ada,Lovelace,10/12/1815,North Room,Asthma; Eczema,5',
      'Bo,,31/02/1990,,,',
      'Cy,Young,01/01/1990,Nowhere,Gout,',
    ].join('\r\n');
    const reply = await c<ImportOutcome>('patients/import', { step: 'check', file: b64(file) });
    expect(errorsOf(reply)).toEqual([]);
    expect(reply.data).toMatchObject({ rows: 3, added: 1, updated: 0, skipped: 0 });
    expect(reply.data.errors.map((e) => e.row)).toEqual([3, 4]);
    const [bo, cy] = reply.data.errors;
    // Said in the form the file wrote it, not the API's YYYY-MM-DD.
    expect(bo!.messages).toContain(
      'Date of birth: "31/02/1990" is not a real date; write it as DD/MM/YYYY.',
    );
    expect(bo!.messages.join(' ')).not.toMatch(/YYYY-MM-DD/);
    expect(bo!.messages.join(' ')).toMatch(/Last name/);
    expect(cy!.messages).toEqual([
      'Location: there is no "Nowhere".',
      'Conditions: there is no "Gout".',
    ]);
    expect(await patientCount()).toBe(before);
  });

  it('imports all or nothing: one bad row refuses the file; skipped, it imports the rest', async () => {
    const before = await patientCount();
    const file = [
      HEADER,
      'Ada,Lovelace,10/12/1815,North Room,Asthma; eczema,5',
      'Bo,,01/01/1990,,,',
    ].join('\n');
    const refused = await importOf(file);
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)[0]).toMatch(
      /^Row 3: Last name: Can not be empty\. Nothing was imported\.$/,
    );
    expect(await patientCount()).toBe(before);

    const done = await importOf<ImportOutcome>(file, { skip_rows: [3] });
    expect(errorsOf(done)).toEqual([]);
    expect(done.data).toEqual({ rows: 2, added: 1, updated: 0, skipped: 1, errors: [] });
    expect(await patientCount()).toBe(before + 1);
    const found = await c<Row[]>('patients/list', { filters: { search: 'Lovelace' } });
    const ada = await c<Row & { _relations: Record<string, number[]> }>('patients/get', {
      patient_id: found.data[0]!.patient_id,
    });
    const rooms = await c<Row[]>('locations/list', { filters: { search: 'North Room' } });
    expect(ada.data).toMatchObject({
      patient_dob: '1815-12-10',
      patient_location_id: rooms.data[0]!.location_id,
    });
    expect(ada.data._relations.conditions).toHaveLength(2);
    const audited = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'user_id'])
        .where('entity', '=', 'patients')
        .where('entity_id', '=', String(ada.data.patient_id))
        .where('action', '=', 'insert')
        .execute(),
    );
    expect(audited).toHaveLength(1);
  });

  it('updates rows whose id column names them, bumping their version; unchanged rows are skipped', async () => {
    const made = await c<Row>('patients/insert', {
      patient_first_name: 'Ed',
      patient_last_name: 'Old',
    });
    const id = made.data.patient_id as number;
    const file = `Id,Last name,First name\n${id},New,Ed\n${id},New,Ed\n`;
    const reply = await importOf<ImportOutcome>(file);
    expect(errorsOf(reply)).toEqual([]);
    expect(reply.data).toMatchObject({ rows: 2, added: 0, updated: 1, skipped: 1 });
    const after = await c<Row>('patients/get', { patient_id: id });
    expect(after.data.patient_last_name).toBe('New');
    expect(after.data._version).toBeGreaterThan(made.data._version as number);
  });

  it('reads an XLSX file (an export of the list) and reads dates and quantities in the clinic’s conventions', async () => {
    await c('patients/insert', {
      patient_first_name: 'Xia',
      patient_last_name: 'Sheetwell',
      patient_dob: '1815-12-10',
    });
    const exported = await env.server.app.inject({
      method: 'POST',
      url: '/api/patients/export',
      payload: {
        _company_slug: env.company.slug,
        _user_token: env.admin,
        format: 'xlsx',
        formatted: true,
        columns: ['patient_first_name', 'patient_last_name', 'patient_dob'],
        filters: { search: 'Sheetwell' },
      },
    });
    const read = await c<ImportRead>('patients/import', {
      step: 'read',
      file: exported.rawPayload.toString('base64'),
    });
    expect(errorsOf(read)).toEqual([]);
    expect(read.data.sample[0]).toEqual(['Xia', 'Sheetwell', '10/12/1815']);
    expect(read.data.mapping).toEqual({
      '0': 'patient_first_name',
      '1': 'patient_last_name',
      '2': 'patient_dob',
    });

    const ids = await moduleIdsOf(env.server, env.company, env.admin);
    const setImperial = (value: number) =>
      c('modules/update_public_settings', {
        module_id: ids.materia,
        field: 'units_imperial',
        value,
      });
    await setImperial(1);
    try {
      const file =
        'Name,Form,Measured by,Reorder level\nRose,Dried,Weight,2\nSage,Dried,Weight,1 kg\n';
      const reply = await importOf<ImportOutcome>(file, {}, c, 'dispensary_products');
      expect(errorsOf(reply)).toEqual([]);
      const rows = await c<Row[]>('dispensary_products/list', { filters: { search: 'Rose' } });
      expect(rows.data[0]!.dispensary_product_reorder_level).toBeCloseTo(2 * 28_349.523125, 0);
      const sage = await c<Row[]>('dispensary_products/list', { filters: { search: 'Sage' } });
      expect(sage.data[0]!.dispensary_product_reorder_level).toBe(1_000_000);
    } finally {
      await setImperial(0);
    }
  });
});

/** A ZIP with one stored entry that is not a workbook. */
function plainZip(): Buffer {
  const name = Buffer.from('notes.txt');
  const data = Buffer.from('hello');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe('many rows: written in batches, under the same rules', () => {
  // More rows than one batch (500), so rows fail in the second and third batches too.
  const ROWS = 1200;
  const NO_ROOM = new Set([3, 701, 1201]);
  /** `Bulk<n>` rows, some with a location id that does not exist (only the database sees it). */
  function bulkFile(tag: string, failing = new Set<number>()): string {
    const lines = ['First name,Last name,Location,Conditions'];
    for (let line = 2; line <= ROWS + 1; line++)
      lines.push(
        `${tag}${line},Bulk${tag},${failing.has(line) ? '99999999' : 'North Room'},${line % 2 ? 'Asthma' : ''}`,
      );
    return lines.join('\n');
  }
  const auditedInserts = () =>
    inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['entity_id', 'after'])
        .where('entity', '=', 'patients')
        .where('action', '=', 'insert')
        .execute(),
    );

  it('the dry run of a large file names each row the database refuses, and writes nothing', async () => {
    const before = await patientCount();
    const audits = (await auditedInserts()).length;
    const reply = await importOf<ImportOutcome>(bulkFile('Dry', NO_ROOM), { step: 'check' });
    expect(errorsOf(reply)).toEqual([]);
    expect(reply.data).toMatchObject({ rows: ROWS, added: ROWS - NO_ROOM.size, skipped: 0 });
    expect(reply.data.errors.map((e) => e.row)).toEqual([...NO_ROOM]);
    // The message a single insert of that row gets.
    const single = await c('patients/insert', {
      patient_first_name: 'One',
      patient_last_name: 'Alone',
      patient_location_id: 99999999,
    });
    expect(single.result).toBe(false);
    for (const error of reply.data.errors) expect(error.messages).toEqual(errorsOf(single));
    expect(await patientCount()).toBe(before);
    expect((await auditedInserts()).length).toBe(audits);

    const refused = await importOf(bulkFile('Wet', NO_ROOM));
    expect(refused.status).toBe(400);
    // The import stops at the first row the database refuses, as it did row by row.
    expect(errorsOf(refused)).toEqual([`Row 3: ${errorsOf(single)[0]} Nothing was imported.`]);
    expect(await patientCount()).toBe(before);
  });

  it('a beforeInsert hook still names the second of two rows of one batch (users: e-mail taken)', async () => {
    const file = [
      'user_first_name,user_last_name,user_email',
      'Ann,One,twice@example.com',
      'Bea,Two,twice@example.com',
    ].join('\n');
    const reply = await importOf<ImportOutcome>(file, { step: 'check' }, c, 'users');
    expect(errorsOf(reply)).toEqual([]);
    expect(reply.data).toMatchObject({ rows: 2, added: 1 });
    expect(reply.data.errors).toEqual([{ row: 3, messages: [EMAIL_TAKEN_TEXT] }]);
  });

  it('imports a large file with one audit entry per added row, holding the stored row', async () => {
    const before = await patientCount();
    const audits = (await auditedInserts()).length;
    const done = await importOf<ImportOutcome>(bulkFile('Many'));
    expect(errorsOf(done)).toEqual([]);
    expect(done.data).toEqual({ rows: ROWS, added: ROWS, updated: 0, skipped: 0, errors: [] });
    expect(await patientCount()).toBe(before + ROWS);
    const audited = await auditedInserts();
    expect(audited.length).toBe(audits + ROWS);
    const found = await c<Row[]>('patients/list', { filters: { search: '=Many1001' } });
    const stored = await c<Row & { _relations: Record<string, number[]> }>('patients/get', {
      patient_id: found.data[0]!.patient_id,
    });
    expect(stored.data._relations.conditions).toHaveLength(1);
    const entry = audited.find((a) => a.entity_id === String(stored.data.patient_id));
    const { _relations, ...columns } = stored.data;
    expect(_relations).toBeDefined();
    expect(typeof entry!.after === 'string' ? JSON.parse(entry!.after) : entry!.after).toEqual(
      columns,
    );
  });
});

describe('bad files are refused in words, nothing written', () => {
  const cases: [string, () => string | Buffer, RegExp][] = [
    ['wrong encoding', () => Buffer.from('First name\nJos\xe9\n', 'latin1'), /not UTF-8/],
    ['an empty file', () => '', /The file is empty\./],
    ['only blank lines', () => '\n\n', /The file is empty\./],
    ['a header without rows', () => 'First name,Last name\n', /no rows to import/],
    [
      'a formula',
      () => 'First name,Last name\n=HYPERLINK("x"),Doe\n',
      /Row 2, column 1 holds a formula/,
    ],
    [
      'mismatched columns',
      () => 'First name,Last name\nAl,Doe,extra\n',
      /Row 2 has 3 columns but the header has 2/,
    ],
    ['a ZIP that is not a workbook', plainZip, /not an XLSX workbook/],
    ['an unclosed quote', () => 'First name,Last name\n"Al,Doe\n', /quote opened on line 2/],
    // Issue 42: each of these took the server down or answered 500.
    [
      'a row numbered 999999999',
      () =>
        xlsxOf(
          `<row r="1">${textCell('A1', 'Name')}</row><row r="999999999">${textCell('A999999999', 'x')}</row>`,
        ),
      /^The file has a row numbered 999999999; rows beyond 100000 are not read/,
    ],
    [
      'a cell ZZZZZZZZ2',
      () =>
        xlsxOf(
          `<row r="1">${textCell('A1', 'Name')}</row><row r="2">${textCell('ZZZZZZZZ2', 'x')}</row>`,
        ),
      /^The sheet has a cell beyond column 16384/,
    ],
    [
      'a NUL in a CSV cell',
      () => 'First name,Last name\nAl,Do\u0000e\n',
      /^Row 2, column 2 holds a control character \(NUL\)/,
    ],
    [
      'a NUL in an XLSX cell',
      () =>
        xlsxOf(
          `<row r="1">${textCell('A1', 'Name')}</row><row r="2">${textCell('A2', 'a\u0000b')}</row>`,
        ),
      /^Row 2, column 1 holds a control character \(NUL\)/,
    ],
    [
      'deflate junk',
      () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), deflateRawSync('x')]),
      /not an XLSX workbook/,
    ],
  ];
  it.each(cases)('%s', async (_name, file, message) => {
    const before = await patientCount();
    for (const step of ['read', 'import']) {
      const reply = await c('patients/import', { step, file: b64(file()) });
      expect(reply.status).toBe(400);
      expect(errorsOf(reply).join(' ')).toMatch(message);
    }
    expect(await patientCount()).toBe(before);
  });

  it('a 50 MB file is refused as too large, naming the limit', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'a').toString('base64');
    const response = await env.server.app.inject({
      method: 'POST',
      url: '/api/patients/import',
      payload: { _company_slug: env.company.slug, _user_token: env.admin, step: 'read', file: big },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<Envelope>().messages[0]!.text).toBe(
      'The file is too large to import (at most 10 MB).',
    );
  });
});

describe('privileges and isolation', () => {
  it('refuses a user without insert rights, and rows with ids to one without update rights', async () => {
    const lister = await addUser(env.server, env.company, { privileges: ['patients/list'] });
    const reply = await importOf(
      'First name,Last name\nAl,Doe\n',
      {},
      callerFor(env.server, env.company, lister.token),
    );
    expect(reply.status).toBe(403);
    const inserter = await addUser(env.server, env.company, {
      privileges: ['patients/list', 'patients/insert'],
    });
    const asInserter = callerFor(env.server, env.company, inserter.token);
    const made = await c<Row>('patients/insert', {
      patient_first_name: 'Flo',
      patient_last_name: 'Kept',
    });
    const update = await importOf(
      `Id,Last name\n${made.data.patient_id as number},Changed\n`,
      {},
      asInserter,
    );
    expect(update.status).toBe(403);
    const before = await patientCount();
    const added = await importOf<ImportOutcome>('First name,Last name\nAl,Doe\n', {}, asInserter);
    expect(added.data.added).toBe(1);
    expect(await patientCount()).toBe(before + 1);
  });

  it('never matches or touches another company’s rows', async () => {
    const other = await newCompany(env.server, 'Other Import Clinic');
    const otherAdmin = await adminToken(env.server, other);
    const theirs = await call<Row>(
      env.server,
      other,
      'patients/insert',
      {
        patient_first_name: 'Their',
        patient_last_name: 'Patient',
      },
      otherAdmin,
    );
    await call(env.server, other, 'locations/insert', { location_name: 'Their Room' }, otherAdmin);
    const id = theirs.data.patient_id as number;
    // Ids are per company: pick one this company does not have.
    const missing = id + 10_000;
    const reply = await importOf(`Id,Last name\n${missing},Stolen\n`);
    expect(errorsOf(reply)[0]).toBe(
      `Row 2: There is no patient with id ${missing}. Nothing was imported.`,
    );
    const label = await c<ImportOutcome>('patients/import', {
      step: 'check',
      file: b64('First name,Last name,Location\nAl,Doe,Their Room\n'),
    });
    expect(label.data.errors[0]!.messages).toEqual(['Location: there is no "Their Room".']);
    const still = await call<Row>(
      env.server,
      other,
      'patients/get',
      { patient_id: id },
      otherAdmin,
    );
    expect(still.data.patient_last_name).toBe('Patient');
  });
});
