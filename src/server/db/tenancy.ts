/**
 * Every tenant read and write runs in a transaction bound to one company: the setting that the
 * row-level security policies read is set with set_config(…, true), so it dies with the
 * transaction and can never leak to the next request on the same connection.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** A statement's deadline when the server's settings name none (DATABASE_STATEMENT_TIMEOUT_MS). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** Each opened database's deadline (a test process may open several, with different settings). */
const timeouts = new WeakMap<Kysely<DB>, number>();

/**
 * Sets the deadline of every statement in a company's transaction on `db` (openDatabase, from the
 * settings). PostgreSQL cancels a statement that runs longer; the caller gets a 503 "took too
 * long" (db/availability.ts) and the transaction is rolled back.
 */
export function setStatementTimeout(db: Kysely<DB>, ms: number): void {
  timeouts.set(db, ms);
}

const statementTimeoutOf = (db: Kysely<DB>): number =>
  timeouts.get(db) ?? DEFAULT_STATEMENT_TIMEOUT_MS;

/**
 * A download's statements (an export's cursor reads, a letter's PDF) and an import's may run
 * longer: each gets
 * this long, or the setting's deadline when that is longer. Still bounded, so that a download
 * left behind never runs on for good.
 */
const DOWNLOAD_STATEMENT_TIMEOUT_MS = 60_000;
export const downloadStatementTimeout = (db: Kysely<DB>): number =>
  Math.max(statementTimeoutOf(db), DOWNLOAD_STATEMENT_TIMEOUT_MS);

/**
 * The start of a company's transaction: BEGIN, the tenant, the statements' deadline, and generic
 * plans for its prepared statements, in one simple-protocol statement (one round trip). The
 * deadline is transaction-local rather than a connection option, so it holds through a
 * transaction-pooling proxy and never outlives the call. Generic plans: each prepared statement
 * gets one plan per connection instead of being planned again on every execution. The id and the
 * deadline are checked integers, so inlining them is safe.
 */
export const tenantBeginSql = (companyId: number, timeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS) =>
  `begin; select set_config('app.company_id', '${companyId}', true), ` +
  `set_config('statement_timeout', '${Math.trunc(timeoutMs)}', true), ` +
  `set_config('plan_cache_mode', 'force_generic_plan', true)`;

/** A connection inside a company's transaction. */
export type Tx = Kysely<DB>;

interface TenantOptions {
  /** This call's statement deadline, when it is not the setting's (downloads and imports: DOWNLOAD_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/**
 * Runs `work` in a transaction bound to the company: committed when it returns, rolled back when
 * it throws. `trx` belongs to the callback; nothing can run in the transaction after it.
 */
export async function inTenant<T>(
  db: Kysely<DB>,
  companyId: number,
  work: (trx: Tx) => Promise<T>,
  options: TenantOptions = {},
): Promise<T> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`invalid company id ${companyId}`);
  }
  const timeoutMs = options.statementTimeoutMs ?? statementTimeoutOf(db);
  return db.connection().execute(async (connection) => {
    await sql.raw(tenantBeginSql(companyId, timeoutMs)).execute(connection);
    try {
      const result = await work(connection);
      await sql.raw('commit').execute(connection);
      return result;
    } catch (error) {
      await sql
        .raw('rollback')
        .execute(connection)
        .catch(() => undefined);
      throw error;
    }
  });
}
