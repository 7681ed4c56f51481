/**
 * List filters are limited to what each definition declares: its list filters and
 * `search`. Every read that takes filters — list, count, typeahead, reorder_list, get_all_flat —
 * refuses any other name, by name, for every entity set; the filters the web sends all pass.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTenant } from '../../src/server/db/tenancy';
const allowedFilters = (d: EntityDefinition) => new Set([...d.list.filters.map((f) => f.name)]);
import { ENTITIES, type EntityDefinition, type FilterDefinition } from '../../src/shared/entities';
import { LETTER_KIND, PRESCRIPTION_KIND } from '../../src/web/entity/extras/patientRecordKinds';
import { useTestServer } from '../support/test-env';
import { callerFor, insertSample, Targets, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Filters Clinic', admin: true });

let c: Caller;

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
});

/** The calls of an entity set that take `filters`, with the rest of a valid payload. */
function filteredCalls(d: EntityDefinition): Array<[string, Row]> {
  return [
    [`${d.entities}/list`, {}],
    [`${d.entities}/count`, {}],
    [`${d.entities}/typeahead`, {}],
    ...(d.capabilities.ordering
      ? [[`${d.entities}/reorder_list`, { order: [] }] as [string, Row]]
      : []),
    ...(d.tree ? [[`${d.entities}/get_all_flat`, {}] as [string, Row]] : []),
  ];
}

/** Stored, plainly filterable fields the definition does not offer as filters. */
const undeclared = (d: EntityDefinition) =>
  d.fields.filter((f) => f.value !== 'json' && !allowedFilters(d).has(f.name)).map((f) => f.name);

/** A value each filter type accepts. */
function valueFor(filter: FilterDefinition): string | number {
  switch (filter.type) {
    case 'text':
      return 'x';
    case 'select':
      return filter.options?.[0]?.value ?? 'x';
    case 'date':
      return '2020-01-01';
    case 'number':
    case 'toggle':
    case 'reference':
    case 'category':
      return 1;
  }
}

describe.each(ENTITIES.map((d) => [d.entities, d] as const))('%s', (_name, d) => {
  it('refuses every field it does not declare as a filter, in every call that filters', async () => {
    const names = undeclared(d);
    expect(names).toContain(d.keys.id);
    for (const [path, payload] of filteredCalls(d)) {
      for (const name of names) {
        const reply = await c(path, { ...payload, filters: { [name]: '=1' } });
        expect(reply.messages, `${path} ${name}`).toEqual([
          { type: 'e', text: `Unknown filter "${name}".` },
        ]);
        expect(reply.status, `${path} ${name}`).toBe(400);
      }
    }
  });

  it('refuses an undeclared name even with an empty value', async () => {
    const reply = await c(`${d.entities}/list`, { filters: { [d.keys.id]: '' } });
    expect(reply.status).toBe(400);
  });

  it('accepts each filter it declares, and search, in every call that filters', async () => {
    for (const [path, payload] of filteredCalls(d)) {
      for (const filter of d.list.filters) {
        const reply = await c(path, { ...payload, filters: { [filter.name]: valueFor(filter) } });
        expect(reply.messages, `${path} ${filter.name}`).toEqual([]);
      }
      const searched = await c(path, { ...payload, filters: { search: 'x' } });
      expect(searched.messages, `${path} search`).toEqual([]);
    }
  });
});

describe('what the web filters by is declared', () => {
  it('the category drawer filters by a declared category field', () => {
    for (const d of ENTITIES) {
      for (const field of d.fields.filter((f) => f.type === 'tree_select' && f.categoryRoot)) {
        expect(allowedFilters(d).has(field.name), `${d.entities}.${field.name}`).toBe(true);
      }
    }
  });

  it("the patient's history tab filters by a declared patient field", () => {
    for (const kind of [PRESCRIPTION_KIND, LETTER_KIND]) {
      expect(allowedFilters(kind.definition).has(kind.patientField)).toBe(true);
    }
  });
});

describe('patient notes can not be probed through the list', () => {
  it('refuses patients/list filtered by patient_notes, and reads nothing into the audit log', async () => {
    const patients = ENTITIES.find((d) => d.entities === 'patients') as EntityDefinition;
    await insertSample(c, patients, new Targets(c), { patient_notes: 'Confidential history' });
    const audited = () =>
      inTenant(env.server.database.db, env.company.companyId, async (trx) =>
        Number(
          (await sql<{ n: string }>`select count(*) as n from audit_log`.execute(trx)).rows[0]?.n,
        ),
      );
    const before = await audited();
    for (const value of ['Confidential', '=Confidential history', '~confidential']) {
      const reply = await c('patients/list', { filters: { patient_notes: value } });
      expect(reply).toMatchObject({
        status: 400,
        data: null,
        messages: [{ type: 'e', text: 'Unknown filter "patient_notes".' }],
      });
    }
    expect(await audited()).toBe(before);
  });
});
