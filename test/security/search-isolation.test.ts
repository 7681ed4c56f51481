/**
 * A search in one company can not return, count or time another company's rows.
 *
 * Company B holds 400 patients surnamed Quarrington, then renamed Vexillum (the same number of
 * rows and terms either way). Company A, searching "vexill", gets nothing, counts nothing — and
 * does exactly the same work in both states: every statement its list, count and typeahead run is
 * run again under EXPLAIN ANALYZE, and the rows their execution reads — returned by each plan
 * node, or read and filtered out — do not change by one. Work is the deterministic measure of
 * time: a search that reads no row of B's can not
 * take longer because of B's rows. (Planning is left out: with literal values the planner may
 * look at the ends of a whole index; the server's prepared statements are planned once.)
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema';
import { inTenant, type Tx } from '../../src/server/db/tenancy';
import { behaviourOf } from '../../src/server/entity-behaviours';
import { EntityService } from '../../src/server/entities/service';
import type { CallContext } from '../../src/server/http/calls';
import { patients } from '../../src/shared/entities/patients';
import { callerFor, type Caller, type Row } from '../api/entities-helpers';
import { newCompany, type TestCompany } from '../support/api';
import { addPatients } from '../support/bulk-patients';
import { capturingDb } from '../support/capturing-db';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';

const env = useTestServer({ company: false });

let a: TestCompany;
let b: TestCompany;
let callA: Caller;
let callB: Caller;
let owner: pg.Pool;
const service = new EntityService(patients, behaviourOf('patients'));

beforeAll(async () => {
  a = await newCompany(env.server, 'Clinic A');
  b = await newCompany(env.server, 'Clinic B');
  callA = callerFor(env.server, a, await adminToken(env.server, a));
  callB = callerFor(env.server, b, await adminToken(env.server, b));
  await addPatients(env.server.database.ownerUrl, [a.companyId, b.companyId], [1500, 800], 0.7);
  owner = new pg.Pool({ connectionString: env.server.database.ownerUrl, max: 1 });
  capturing = capturingDb(env.server.database.appUrl, (query) => captured.push(query));
  await renameB('Quarrington');
}, 60_000);
afterAll(async () => {
  await owner?.end();
  await capturing?.destroy();
});

/** Gives 400 of B's patients the surname, through the ordinary triggers. */
async function renameB(surname: string): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.company_id', $1, true)`, [String(b.companyId)]);
    await client.query(
      `update patients set patient_last_name = $2
       where company_id = $1 and patient_id in (
         select patient_id from patients where company_id = $1 order by patient_id limit 400)`,
      [b.companyId, surname],
    );
    await client.query('commit');
  } finally {
    client.release();
  }
}

/** The statements a read runs, as Kysely compiles them. */
let captured: CompiledQuery[] = [];
let capturing: Kysely<DB>;

interface PlanNode {
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * The rows a plan's execution read: each node's rows, and the rows it read and dropped. (Not
 * blocks: whether an index-only scan visits the table depends on which pages vacuum last marked,
 * and pages are shared with rows that other tests write meanwhile.)
 */
function rowsRead(node: PlanNode): number {
  const own =
    (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) +
    (node['Rows Removed by Filter'] ?? 0) +
    (node['Rows Removed by Join Filter'] ?? 0) +
    (node['Rows Removed by Index Recheck'] ?? 0);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

/** The rows the statements' execution reads, each run again under EXPLAIN in A's transaction. */
async function executionRows(statements: readonly CompiledQuery[]): Promise<number> {
  return inTenant(env.server.database.db, a.companyId, async (trx) => {
    let rows = 0;
    for (const statement of statements) {
      const explain = sql`explain (analyze, format json) ${sql.raw(statement.sql)}`;
      const query = { ...explain.compile(trx), parameters: statement.parameters };
      const result = await trx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(query);
      rows += rowsRead(result.rows[0]!['QUERY PLAN'][0].Plan);
    }
    return rows;
  });
}

type Work = Record<string, number>;

/**
 * What A's reads of the search return, the rows each one's statements read, and those
 * statements (begin and commit left out).
 */
async function searchInA(
  search: string,
): Promise<{ found: unknown[]; work: Work; statements: CompiledQuery[] }> {
  const ctx = (trx: Tx) =>
    ({ trx, caller: { company: { company_id: a.companyId } } }) as CallContext;
  const filters = { search };
  const reads: Record<string, (c: CallContext) => Promise<unknown[]>> = {
    list: (c) => service.list(c, { page: 1, limit: 50, filters }),
    count: async (c) => {
      const { count } = await service.count(c, { filters });
      return count ? [count] : [];
    },
    typeahead: (c) => service.typeahead(c, { page: 1, limit: 10, filters }),
  };
  const found: unknown[] = [];
  const work: Work = {};
  const all: CompiledQuery[] = [];
  for (const [name, read] of Object.entries(reads)) {
    captured = [];
    found.push(...(await inTenant(capturing, a.companyId, (trx) => read(ctx(trx)))));
    const statements = captured.filter((q) => !/^\s*(begin|commit)\b/i.test(q.sql));
    work[name] = await executionRows(statements);
    all.push(...statements);
  }
  return { found, work, statements: all };
}

describe("another company's rows", () => {
  it('are not found, counted or timed by a search', async () => {
    const terms = ['vexill', 'vexillum a', '=vexillum', 'exillu', 'vexillum exill', 'vexill son'];
    // Two-letter words, read from the short head key: they may match A's rows as well, so what A
    // finds is compared, not expected empty.
    const shortTerms = ['xi um', 'ex xi lu'];
    const searchAll = async () => {
      const results = [];
      for (const term of [...terms, ...shortTerms]) results.push(await searchInA(term));
      return results;
    };
    const before = await searchAll();
    await renameB('Vexillum');
    const after = await searchAll();

    const inB = await callB<{ count: number }>('patients/count', {
      filters: { search: 'vexill' },
    });
    expect(inB.data.count).toBe(400);
    terms.forEach((term, i) => {
      expect(after[i]!.found, term).toEqual([]);
      expect(after[i]!.work, term).toEqual(before[i]!.work);
    });
    shortTerms.forEach((term, j) => {
      const i = terms.length + j;
      expect(after[i]!.found, term).toEqual(before[i]!.found);
      expect(after[i]!.work, term).toEqual(before[i]!.work);
    });
    const shortInB = await callB<{ count: number }>('patients/count', {
      filters: { search: 'xi um' },
    });
    expect(shortInB.data.count).toBeGreaterThanOrEqual(400);
    for (const search of terms) {
      const listed = await callA<Row[]>('patients/list', {
        page: 1,
        limit: 50,
        filters: { search },
      });
      expect(listed.data).toEqual([]);
      const counted = await callA<{ count: number }>('patients/count', { filters: { search } });
      expect(counted.data.count).toBe(0);
    }
  });
});
