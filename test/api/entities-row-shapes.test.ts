/**
 * List rows in summary (`row_shape: "summary"`): for every set the web lists that way, the same
 * rows in the same order as whole rows, holding exactly the summary fields (and the labels of the
 * references among them); searched pages too; an unknown shape refused by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDefinition } from '../../src/shared/entities';
import { listsInSummaries, summaryFieldNames } from '../../src/shared/entities/row-shapes';
import { useTestServer } from '../support/test-env';
import {
  callerFor,
  insertSample,
  makeable,
  Targets,
  type Caller,
  type Row,
} from './entities-helpers';

const env = useTestServer({ admin: true });
let c: Caller;
let targets: Targets;

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
  targets = new Targets(c);
});

/** The keys a summary row of `d` holds: its fields, their references' labels, the version. */
function summaryKeys(d: EntityDefinition): string[] {
  const names = summaryFieldNames(d);
  const fields = d.fields.filter((f) => f.inList && names.has(f.name));
  return [
    ...fields.map((f) => f.name),
    ...fields.filter((f) => f.references).map((f) => `${f.name}_label`),
    '_version',
  ].sort();
}

const summarised = ENTITIES.filter((d) => listsInSummaries(d) && makeable(d));

describe.each(summarised.map((d) => [d.entities, d] as const))('%s', (_name, d) => {
  it('lists the same rows as whole rows, each holding only its summary', async () => {
    await insertSample(c, d, targets);
    await insertSample(c, d, targets);
    const whole = await c<Row[]>(`${d.entities}/list`, { limit: 100 });
    const summary = await c<Row[]>(`${d.entities}/list`, { limit: 100, row_shape: 'summary' });
    expect(summary.result).toBe(true);
    expect(summary.data.map((r) => r[d.keys.id])).toEqual(whole.data.map((r) => r[d.keys.id]));
    for (const [i, row] of summary.data.entries()) {
      expect(Object.keys(row).sort()).toEqual(summaryKeys(d));
      for (const key of Object.keys(row)) expect(row[key]).toEqual(whole.data[i]![key]);
    }
  });
});

describe('summary rows', () => {
  it('hold fewer fields than whole rows where the editor reads more (patients)', () => {
    const patients = ENTITIES.find((d) => d.entities === 'patients')!;
    expect(listsInSummaries(patients)).toBe(true);
    expect(summaryKeys(patients).length).toBeLessThan(patients.fields.length / 3);
  });

  // A searched page's rows are read by their ids (repository.ts, `rowsOfKeys`): they must be as plain.
  it.each([
    ['one word', (row: Row) => String(row.patient_last_name).slice(0, 4)],
    [
      'two words',
      (row: Row) =>
        `${String(row.patient_first_name).slice(0, 3)} ${String(row.patient_last_name).slice(0, 4)}`,
    ],
  ])('answer a page searched by %s in the same order as whole rows', async (_words, searchOf) => {
    const d = ENTITIES.find((e) => e.entities === 'patients')!;
    const { row } = await insertSample(c, d, targets);
    const query = { limit: 50, filters: { search: searchOf(row) } };
    const whole = await c<Row[]>('patients/list', query);
    const summary = await c<Row[]>('patients/list', { ...query, row_shape: 'summary' });
    const unsearched = await c<Row[]>('patients/list', { limit: 1 });
    expect(whole.data.length).toBeGreaterThan(0);
    expect(summary.data.map((r) => r.patient_id)).toEqual(whole.data.map((r) => r.patient_id));
    expect(Object.keys(summary.data[0]!).sort()).toEqual(summaryKeys(d));
    expect(Object.keys(whole.data[0]!).sort()).toEqual(Object.keys(unsearched.data[0]!).sort());
  });

  it('carry what a users row shows beside the name (its picture or initials)', () => {
    const users = ENTITIES.find((d) => d.entities === 'users')!;
    expect([...summaryFieldNames(users)]).toEqual(
      expect.arrayContaining(['user_avatar', 'user_first_name', 'user_last_name']),
    );
  });

  it('refuse an unknown shape, naming it and the shapes there are', async () => {
    const reply = await c('patients/list', { row_shape: 'narrow' });
    expect(reply.result).toBe(false);
    expect(JSON.stringify(reply.messages)).toMatch(/row_shape/);
    expect(JSON.stringify(reply.messages)).toMatch(/Must be one of: whole, summary\./);
  });
});
