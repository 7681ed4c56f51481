/**
 * What a company holds, as the company itself reads it: the row count and a hash of every row of
 * every tenant table (each table with a `company_id` column), in one round trip. Two snapshots
 * differ exactly when some row of the company was added, changed or removed.
 */
import { sql } from 'kysely';
import { inTenant } from '../../src/server/db/tenancy';
import type { TestServer } from './api';

export type TenantSnapshot = Record<string, { rows: number; hash: string }>;

/**
 * Tables left out: `auth_attempts` counts failed logins and password-reset requests, which a
 * refused login must write by design (throttling would otherwise never trip).
 */
const NOT_COMPARED = new Set(['auth_attempts']);

/**
 * Columns that record activity rather than data: a session's `last_seen_at` is refreshed (at most
 * once a minute) by any call its token makes, refused ones included, so a long run would see it
 * move. Those tables are compared without them.
 */
const ACTIVITY_COLUMNS: Record<string, string> = { user_logins: 'last_seen_at' };

/** A hash of every row of `t` but its activity column. */
const rowsHashWithout = (column: string) =>
  `coalesce(md5(string_agg((to_jsonb(t) - '${column}')::text, '|' order by (to_jsonb(t) - '${column}')::text)), '')`;

let tablesCache: string[] | null = null;

async function tenantTables(server: Pick<TestServer, 'database'>): Promise<string[]> {
  if (tablesCache) return tablesCache;
  const found = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
      join information_schema.tables t using (table_schema, table_name)
     where c.table_schema = 'public' and c.column_name = 'company_id'
       and t.table_type = 'BASE TABLE'
     order by c.table_name`.execute(server.database.db);
  tablesCache = found.rows.map((r) => r.table_name).filter((name) => !NOT_COMPARED.has(name));
  return tablesCache;
}

/** One row per tenant table of the company — `select` over the table `t` — in one round trip. */
async function perTable(
  server: Pick<TestServer, 'database'>,
  companyId: number,
  select: string,
): Promise<TenantSnapshot> {
  const tables = await tenantTables(server);
  // Table names come from the catalogue above, never from a caller.
  const query = tables
    .map((name) => {
      const activity = ACTIVITY_COLUMNS[name];
      const hash = activity ? rowsHashWithout(activity) : select;
      // The company's own rows only: \`companies\` has a company_id but no row-level security
      // (slugs are looked up before a tenant is known), and other tests add companies meanwhile.
      return `select '${name}' as name, count(*)::int as rows, ${hash} as hash from "${name}" t
        where t.company_id = ${companyId}`;
    })
    .join(' union all ');
  const result = await inTenant(server.database.db, companyId, (trx) =>
    sql<{ name: string; rows: number; hash: string }>`${sql.raw(query)}`.execute(trx),
  );
  return Object.fromEntries(result.rows.map((r) => [r.name, { rows: r.rows, hash: r.hash }]));
}

/** Every tenant table of the company, read inside the company's own tenant transaction. */
export const snapshotCompany = (server: Pick<TestServer, 'database'>, companyId: number) =>
  perTable(server, companyId, `coalesce(md5(string_agg(t::text, '|' order by t::text)), '')`);

/**
 * A cheaper fingerprint for a check after every call: the row count and the newest row version
 * (`xmin`) per table. An insert or update writes a newer version, a delete lowers the count.
 */
const fingerprintCompany = (server: Pick<TestServer, 'database'>, companyId: number) =>
  perTable(server, companyId, `coalesce(max(t.xmin::text::bigint), 0)::text`);

/**
 * The fingerprint of a company, taken again only when some transaction of the cluster began or
 * ended since the last one (PostgreSQL's current snapshot, `xmin:xmax:in-progress`, moved): no
 * row of any table can change without one. A fuzzer sends calls one at a time and most are
 * refused before they write, so most checks cost one tiny query instead of one per table.
 */
export function fingerprintWhenWritten(
  server: Pick<TestServer, 'database'>,
  companyId: number,
): () => Promise<string> {
  let mark = '';
  let print = '';
  return async () => {
    const now = await sql<{ mark: string }>`select pg_current_snapshot()::text as mark`.execute(
      server.database.db,
    );
    const current = now.rows[0]!.mark;
    if (current === mark) return print;
    // The mark is read first: whatever commits after it moves the next one.
    print = JSON.stringify(await fingerprintCompany(server, companyId));
    mark = current;
    return print;
  };
}

/** The tables whose rows differ between two snapshots (an empty list: nothing changed). */
export function changedTables(before: TenantSnapshot, after: TenantSnapshot): string[] {
  return Object.keys({ ...before, ...after }).filter(
    (name) => before[name]?.rows !== after[name]?.rows || before[name]?.hash !== after[name]?.hash,
  );
}
