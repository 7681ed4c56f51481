/**
 * An import by id of an exported file carries each row's version (the export's hidden last
 * column): a row changed in Materia since the export is refused by row, with who changed it and
 * when, instead of silently overwriting that change; the other rows import. Files without the
 * column import as before.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportOutcome, ImportRead } from '../../src/shared/imports';
import { useTestServer } from '../support/test-env';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Row Version Import Clinic', admin: true });
let c: Caller;

const CHANGED =
  /^This row was changed in Materia since it was exported \(by .+, at \d\d:\d\d UTC\): export again or leave this row out\.$/;

const errorsOf = (reply: { messages: { type: string; text: string }[] }) =>
  reply.messages.filter((m) => m.type === 'e').map((m) => m.text);

async function exported(format: 'csv' | 'xlsx', formatted: boolean, tag: string) {
  const reply = await env.server.app.inject({
    method: 'POST',
    url: '/api/patients/export',
    payload: {
      _company_slug: env.company.slug,
      _user_token: env.admin,
      format,
      formatted,
      columns: ['patient_id', 'patient_first_name', 'patient_last_name', 'patient_city'],
      filters: { search: tag },
      sort: 'patient_first_name',
    },
  });
  expect(reply.statusCode).toBe(200);
  return reply.rawPayload;
}

/** The exported CSV with every row's city edited, as someone would in a spreadsheet. */
function editedCsv(file: Buffer, city: string, keepVersions = true): string {
  const [header, ...rows]: string[][] = parse(file.toString('utf8').replace(/^\uFEFF/, ''));
  const cityAt = header!.indexOf('City');
  for (const row of rows) row[cityAt] = city;
  const table = [header!, ...rows];
  return stringify(keepVersions ? table : table.map((row) => row.slice(0, -1)));
}

async function threePatients(tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (const first of ['Ann', 'Ben', 'Cy']) {
    const reply = await c<Row>('patients/insert', {
      patient_first_name: first,
      patient_last_name: tag,
      patient_city: 'York',
    });
    expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
    ids.push(reply.data.patient_id as number);
  }
  return ids;
}

const cityOf = async (id: number) =>
  (await c<Row>('patients/get', { patient_id: id })).data.patient_city;

const step = <T>(name: string, file: string | Buffer, extra: Row = {}) =>
  c<T>('patients/import', { step: name, file: Buffer.from(file).toString('base64'), ...extra });

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
});

describe('an import by id of an exported file', () => {
  it('refuses the row changed in Materia since the export, and imports the others', async () => {
    const [ann, ben, cy] = await threePatients('Versionrow');
    const file = await exported('csv', true, 'Versionrow');
    // A colleague changes Ben in Materia after the export.
    const update = await c('patients/update', {
      patient_id: ben,
      field: 'patient_city',
      value: 'Leeds',
    });
    expect(update.result).toBe(true);
    const edited = editedCsv(file, 'Bath');

    const read = await step<ImportRead>('read', edited);
    expect(read.data.headers).toEqual(['Id', 'First name', 'Last name', 'City', 'Row version']);
    // The version column is read by the import itself: nothing to map it to.
    expect(read.data.mapping['4']).toBe('');
    expect(read.data.targets.map((t) => t.label)).not.toContain('Row version');

    const check = await step<ImportOutcome>('check', edited);
    expect(check.data.errors).toHaveLength(1);
    expect(check.data.errors[0]!.row).toBe(3);
    expect(check.data.errors[0]!.messages[0]).toMatch(CHANGED);
    expect(check.data).toMatchObject({ rows: 3, updated: 2 });

    // All or nothing, as for any other refused row: Ben keeps the colleague's change.
    const refused = await step<ImportOutcome>('import', edited);
    expect(refused.result).toBe(false);
    expect(errorsOf(refused)[0]).toMatch(
      /^Row 3: This row was changed in Materia since it was exported \(by .+\): export again or leave this row out\. Nothing was imported\.$/,
    );
    expect(await Promise.all([ann!, ben!, cy!].map(cityOf))).toEqual(['York', 'Leeds', 'York']);

    // Left out, the other rows import.
    const imported = await step<ImportOutcome>('import', edited, { skip_rows: [3] });
    expect(errorsOf(imported)).toEqual([]);
    expect(imported.data).toMatchObject({ updated: 2, skipped: 1, errors: [] });
    expect(await Promise.all([ann!, ben!, cy!].map(cityOf))).toEqual(['Bath', 'Leeds', 'Bath']);
  });

  it('checks the version of an XLSX export too, where its column is hidden', async () => {
    const [, ben] = await threePatients('Versionsheet');
    const file = await exported('xlsx', false, 'Versionsheet');
    await c('patients/update', { patient_id: ben, field: 'patient_city', value: 'Leeds' });
    const read = await step<ImportRead>('read', file);
    expect(read.data.headers.at(-1)).toBe('_version');
    const check = await step<ImportOutcome>('check', file);
    expect(check.data.errors.map((e) => e.row)).toEqual([3]);
    expect(check.data.errors[0]!.messages[0]).toMatch(CHANGED);
  });

  it('imports a file without the version column as before: by id, no check', async () => {
    const [, ben] = await threePatients('Versionless');
    const file = await exported('csv', true, 'Versionless');
    await c('patients/update', { patient_id: ben, field: 'patient_city', value: 'Leeds' });
    const imported = await step<ImportOutcome>('import', editedCsv(file, 'Bath', false));
    expect(errorsOf(imported)).toEqual([]);
    expect(imported.data).toMatchObject({ updated: 3, errors: [] });
    expect(await cityOf(ben!)).toBe('Bath');
  });

  it('refuses a mapping of the version column to a field, and a version that is not one', async () => {
    const [ann] = await threePatients('Versionmap');
    const file = editedCsv(await exported('csv', true, 'Versionmap'), 'Bath');
    const mapped = await step<ImportOutcome>('check', file, {
      mapping: { '0': 'patient_id', '3': 'patient_city', '4': 'patient_postcode' },
    });
    expect(errorsOf(mapped)).toEqual([
      '"Row version" holds the versions of exported rows: it is checked, not imported.',
    ]);
    const bad = file.replace(/,(\d+)\r?\n/, ',v1\n');
    const check = await step<ImportOutcome>('check', bad);
    expect(check.data.errors).toEqual([
      { row: 2, messages: ['Row version: "v1" is not a row version.'] },
    ]);
    expect(await cityOf(ann!)).toBe('York');
  });
});
