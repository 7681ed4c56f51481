/**
 * The SQL baseline of the patients benchmark: the exact statements the engine runs for a list
 * call (captured from Kysely's query log while the engine's own service builds and runs them),
 * then those statements straight through `pg` inside the same transaction an API request opens.
 */
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { inTenant, tenantBeginSql } from '../src/server/db/tenancy';
import { EntityService } from '../src/server/entities/service';
import { behaviourOf } from '../src/server/entity-behaviours';
import type { ListInput } from '../src/server/entities/payloads';
import type { CallContext } from '../src/server/http/calls';
import { patients } from '../src/shared/entities/patients';
import { capturingDb } from '../test/support/capturing-db';
import { loadTasks, type LoadResult } from './lib';
import { timedSteps, type OneClient } from './one-client';

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs `patients/list` through the engine once per query and keeps the statements each ran. */
export async function engineListSql(
  appUrl: string,
  companyId: number,
  queries: readonly ListInput[],
): Promise<Statement[][]> {
  let logged: CompiledQuery[] = [];
  const db = capturingDb(appUrl, (query) => logged.push(query));
  const service = new EntityService(patients, behaviourOf('patients'));
  const calls: Statement[][] = [];
  try {
    for (const query of queries) {
      logged = [];
      await inTenant(db, companyId, (trx) => {
        const ctx = { trx, caller: { company: { company_id: companyId } } };
        return service.list(ctx as unknown as CallContext, query);
      });
      const statements = logged.filter((q) => !/^\s*(begin|commit)\b/i.test(q.sql));
      calls.push(statements.map((s) => ({ sql: s.sql, parameters: s.parameters })));
    }
  } finally {
    await db.destroy();
  }
  return calls;
}

/** Runs one call's statements in a tenant transaction, each prepared once per connection. */
function callRunner(companyId: number) {
  const begin = tenantBeginSql(companyId);
  const names = new Map<string, string>();
  return async (client: pg.Client, statements: readonly Statement[]) => {
    await client.query(begin);
    for (const statement of statements) {
      if (!names.has(statement.sql)) names.set(statement.sql, `bench_${names.size}`);
      await client.query({
        name: names.get(statement.sql),
        text: statement.sql,
        values: statement.parameters as unknown[],
      });
    }
    await client.query('commit');
  };
}

async function connected(appUrl: string, count: number): Promise<pg.Client[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const client = new pg.Client({ connectionString: appUrl });
      await client.connect();
      return client;
    }),
  );
}

/**
 * `connections` clients each running begin+tenant, one call's statements (calls round-robin),
 * commit — each statement prepared once per connection, as the server's pool does
 * (db/prepared-pool.ts).
 */
export async function sqlLoad(
  appUrl: string,
  companyId: number,
  calls: readonly Statement[][],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const clients = await connected(appUrl, connections);
  const run = callRunner(companyId);
  let next = 0;
  try {
    return await loadTasks(
      clients.map((client) => () => run(client, calls[next++ % calls.length]!)),
      seconds,
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/**
 * The floor of a call at one client: its statements alone, one call at a time through `pg` on
 * one connection (no HTTP, no session, no JSON), in the same transaction the server opens.
 */
export async function sqlOneClient(
  appUrl: string,
  companyId: number,
  calls: readonly Statement[][],
  seconds: number,
): Promise<OneClient> {
  const [client] = await connected(appUrl, 1);
  const run = callRunner(companyId);
  let next = 0;
  try {
    return await timedSteps(async () => {
      await run(client!, calls[next++ % calls.length]!);
      return [200];
    }, seconds);
  } finally {
    await client!.end();
  }
}
