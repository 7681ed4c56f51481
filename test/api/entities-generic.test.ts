/**
 * The generic engine, table-driven over every definition: insert, get, update each field type,
 * list with search, filters and paging, typeahead, delete, another company's ids, privileges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDefinition } from '../../src/shared/entities';
import { SEARCH_WORDS_MAX } from '../../src/shared/limits';
import { newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import {
  callerFor,
  insertSample,
  makeable,
  nextSample,
  oneFieldPerType,
  sampleRow,
  sampleValue,
  Targets,
  type Caller,
  type Row,
} from './entities-helpers';

const env = useTestServer({ admin: true });

let other: TestCompany;
let c: Caller;
let otherC: Caller;
let targets: Targets;

beforeAll(async () => {
  other = await newCompany(env.server, 'Other Clinic');
  c = callerFor(env.server, env.company, env.admin);
  otherC = callerFor(env.server, other, await adminToken(env.server, other));
  targets = new Targets(c);
});

const insertable = ENTITIES.filter((d) => d.capabilities.insert);

/** One of the definition's list filters set to the row's own value, or null when none fits. */
function declaredFilterOn(d: EntityDefinition, row: Row): Row | null {
  for (const filter of d.list.filters) {
    const value = row[filter.name];
    if (value === null || value === undefined || value === '' || filter.type === 'date') continue;
    return { [filter.name]: filter.type === 'text' ? `=${value as string}` : value };
  }
  return null;
}

/** A row of the entity to work on: a new one, or (modules) an existing one. */
async function someRow(d: EntityDefinition): Promise<{ id: number; row: Row }> {
  if (makeable(d)) return insertSample(c, d, targets);
  const reply = await c<Row[]>(`${d.entities}/list`, { limit: 1 });
  const row = reply.data[0] as Row;
  return { id: row[d.keys.id] as number, row };
}

describe.each(insertable.map((d) => [d.entities, d] as const))('%s', (_name, d) => {
  it('inserts a row and gets it back with its key and values', async () => {
    const { id, values } = await insertSample(c, d, targets);
    expect(id).toBeGreaterThan(0);
    const got = await c<Row>(`${d.entities}/get`, { [d.keys.id]: id });
    expect(got.result).toBe(true);
    expect(got.data).toMatchObject(values);
  });

  it('updates one field of each editor type and answers d.entity', async () => {
    const { id } = await insertSample(c, d, targets);
    for (const field of oneFieldPerType(d)) {
      const value = await sampleValue(field, nextSample(), targets, 2);
      const reply = await c<{ entity: Row }>(`${d.entities}/update`, {
        [d.keys.id]: id,
        field: field.name,
        value,
      });
      expect(reply.messages, field.name).toEqual([]);
      expect(reply.data.entity[field.name], field.name).toEqual(value);
      const got = await c<Row>(`${d.entities}/get`, { [d.keys.id]: id });
      expect(got.data[field.name], field.name).toEqual(value);
    }
  });

  it('finds a row by search, exact search and a filter', async () => {
    const { id, row } = await insertSample(c, d, targets);
    const searchField = d.list.search.find(
      (name) => typeof row[name] === 'string' && row[name] !== '',
    ) as string;
    const text = String(row[searchField]);
    const ids = async (filters: Row) =>
      ((await c<Row[]>(`${d.entities}/list`, { filters, limit: 5000 })).data ?? []).map(
        (r) => r[d.keys.id],
      );
    expect(await ids({ search: text.slice(0, 6) })).toContain(id);
    expect(await ids({ search: `=${text}` })).toContain(id);
    expect(await ids({ search: `=${text}zz` })).not.toContain(id);
    // Every word, in reverse order (a search takes at most SEARCH_WORDS_MAX of them).
    const words = text.split(' ').reverse().slice(0, SEARCH_WORDS_MAX);
    expect(await ids({ search: `&${words.join(' ')}` })).toContain(id);
    const filter = declaredFilterOn(d, row);
    if (filter) expect(await ids({ search: '', ...filter })).toContain(id);
  });

  it('pages with exactly `limit` rows while more exist, then a shorter last page', async () => {
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await insertSample(c, d, targets)).id);
    // All rows, one fewer per page than there are: a full page, then one row, then none.
    const total = (await c<{ count: number }>(`${d.entities}/count`, {})).data.count;
    const page = async (n: number) =>
      (await c<Row[]>(`${d.entities}/list`, { page: n, limit: total - 1 })).data.map(
        (r) => r[d.keys.id],
      );
    const [first, second, third] = [await page(1), await page(2), await page(3)];
    expect(first).toHaveLength(total - 1);
    expect(second).toHaveLength(1);
    expect(third).toEqual([]);
    expect(new Set([...first, ...second]).size).toBe(total);
    expect([...first, ...second]).toEqual(expect.arrayContaining(made));
  });

  it('answers typeahead and typeahead_labels with ids and labels', async () => {
    const { id, row } = await insertSample(c, d, targets);
    const got = await c<Row>(`${d.entities}/get`, { [d.keys.id]: id });
    const label = got.data[d.keys.name];
    const searchField = d.list.search.find((name) => typeof row[name] === 'string' && row[name]);
    const typeahead = await c<Row[]>(`${d.entities}/typeahead`, {
      filters: { search: `=${String(row[searchField as string])}` },
    });
    expect(typeahead.data).toContainEqual({ id, label });
    const labels = await c<Row[]>(`${d.entities}/typeahead_labels`, { ids: [id, 987_654] });
    expect(labels.data).toEqual([{ id, label }]);
  });

  it('deletes a row, which is then not found', async () => {
    const { id } = await insertSample(c, d, targets);
    const reply = await c(`${d.entities}/delete`, { selected: [id] });
    expect(reply.messages).toEqual([]);
    expect(reply.result).toBe(true);
    const got = await c(`${d.entities}/get`, { [d.keys.id]: id });
    expect(got.status).toBe(404);
    expect(got.messages[0]?.text).toBe(`There is no ${d.singular} with id ${id}.`);
  });
});

describe.each(ENTITIES.map((d) => [d.entities, d] as const))(
  '%s across companies and privileges',
  (_name, d) => {
    it("treats another company's id exactly like a missing one", async () => {
      const { id } = await someRow(d);
      const missing = 9_000_000 + id;
      const mine = await c<Row>(`${d.entities}/get`, { [d.keys.id]: id });
      const theirs = await otherC<Row>(`${d.entities}/get`, { [d.keys.id]: missing });
      expect(theirs.status).toBe(404);
      expect(theirs.messages[0]?.text).toBe(`There is no ${d.singular} with id ${missing}.`);
      // The same number in the other company names that company's own row, never this one.
      // (Module rows are the same catalogue in every company, so only inserted rows are compared.)
      const sameNumber = await otherC<Row>(`${d.entities}/get`, { [d.keys.id]: id });
      if (!sameNumber.result)
        expect(sameNumber.messages[0]?.text).toBe(`There is no ${d.singular} with id ${id}.`);
      else if (d.capabilities.insert) expect(sameNumber.data).not.toEqual(mine.data);
      const firstWritable = d.fields.find((f) => !f.readOnly && !f.adminOnly);
      if (firstWritable) {
        const update = await otherC(`${d.entities}/update`, {
          [d.keys.id]: missing,
          field: firstWritable.name,
          value: await sampleValue(firstWritable, nextSample(), targets, 2).catch(() => null),
        });
        expect(update.status).toBe(404);
      }
    });

    it('refuses a user without the privilege (403) and allows one with it', async () => {
      const none = callerFor(
        env.server,
        env.company,
        (await addUser(env.server, env.company, { privileges: [] })).token,
      );
      const reader = callerFor(
        env.server,
        env.company,
        (await addUser(env.server, env.company, { privileges: [`${d.entities}/list`] })).token,
      );
      const { id } = await someRow(d);
      // Reference data every record picks from is readable by any logged-in user; writes are not.
      expect((await none(`${d.entities}/list`, {})).status).toBe(d.openReads ? 200 : 403);
      expect((await none(`${d.entities}/typeahead`, {})).status).toBe(d.openReads ? 200 : 403);
      expect((await none(`${d.entities}/delete`, { selected: [1] })).status).toBe(403);
      expect((await reader(`${d.entities}/list`, {})).status).toBe(200);
      expect((await reader(`${d.entities}/get`, { [d.keys.id]: id })).status).toBe(200);
      expect((await reader(`${d.entities}/delete`, { selected: [id] })).status).toBe(403);
      if (!d.capabilities.insert) {
        expect((await c(`${d.entities}/insert`, {})).status).toBe(403);
        expect((await c(`${d.entities}/delete`, { selected: [id] })).status).toBe(403);
        return;
      }
      const writer = callerFor(
        env.server,
        env.company,
        (
          await addUser(env.server, env.company, {
            privileges: [`${d.entities}/insert`, `${d.entities}/list`],
          })
        ).token,
      );
      const unique = await sampleRow(d, targets);
      expect((await reader(`${d.entities}/insert`, unique)).status).toBe(403);
      const inserted = await writer(`${d.entities}/insert`, unique);
      expect(inserted.messages).toEqual([]);
      expect(inserted.status).toBe(200);
    });
  },
);
