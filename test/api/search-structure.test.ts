/**
 * The search structure of every entity table is the one its definition implies: the stored
 * `search_text` is the definition's expression over its search columns after inserts, updates
 * and deletes through the API, and the table's search function finds a row by its first word.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDefinition } from '../../src/shared/entities';
import { searchTextSql } from '../../src/server/db/ddl/search';
import { SEARCH_SEPARATOR } from '../../src/server/entities/search-sql';
import { useTestServer } from '../support/test-env';
import { callerFor, insertSample, Targets, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let targets: Targets;
let owner: pg.Pool;

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
  targets = new Targets(c);
  owner = new pg.Pool({ connectionString: env.server.database.ownerUrl, max: 1 });
});
afterAll(async () => {
  await owner?.end();
});

const searched = ENTITIES.filter((d) => d.list.search.length > 0);

/** Rows of the company whose stored search text is not the definition's expression. */
async function searchTextDrift(d: EntityDefinition): Promise<number> {
  const result = await owner.query<{ n: number }>(
    `select count(*)::int as n from ${d.table}
     where company_id = $1 and search_text is distinct from (${searchTextSql(d)})`,
    [env.company.companyId],
  );
  return result.rows[0]!.n;
}

/** Whether the set's search (its search function) counts a row of the company by a word it holds. */
async function foundByItsFirstWord(d: EntityDefinition): Promise<boolean> {
  const { rows } = await owner.query<{ text: string }>(
    `select search_text as text from ${d.table} where company_id = $1 limit 1`,
    [env.company.companyId],
  );
  const word = rows[0]?.text.split(SEARCH_SEPARATOR).join(' ').split(/\s+/).find(Boolean);
  if (!word) return true;
  const reply = await c<{ count: number }>(`${d.entities}/count`, { filters: { search: word } });
  return reply.data.count > 0;
}

describe.each(searched.map((d) => [d.entities, d] as const))('%s', (_name, d) => {
  it('stores the search text its definition implies, and finds a row by it', async () => {
    if (d.capabilities.insert) {
      const kept = await insertSample(c, d, targets);
      const gone = await insertSample(c, d, targets);
      const field = d.fields.find((f) => f.name === d.list.search[0] && !f.readOnly);
      if (field && field.value === 'text') {
        const row = (await c<Row>(`${d.entities}/get`, { [d.keys.id]: kept.id })).data;
        const reply = await c(`${d.entities}/update`, {
          [d.keys.id]: kept.id,
          field: field.name,
          value: `Renamed ${kept.id}`,
          _version: row._version,
        });
        expect(reply.messages).toEqual([]);
      }
      if (d.capabilities.delete) {
        expect((await c(`${d.entities}/delete`, { selected: [gone.id] })).result).toBe(true);
      }
    }
    expect(await searchTextDrift(d)).toBe(0);
    if (d.capabilities.insert) expect(await foundByItsFirstWord(d)).toBe(true);
  });
});
