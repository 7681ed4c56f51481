/**
 * Every tenant read and write runs in a transaction bound to one company: the setting that the
 * row-level security policies read is set with set_config(…, true), so it dies with the
 * transaction and can never leak to the next request on the same connection.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import { held, trailing } from './held-statements';
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
 * plans for the transaction's prepared statements.
 *
 * The deadline is set here, transaction-local, rather than as a connection option: it costs no
 * round trip (it travels with the first statement), it holds through a transaction-pooling proxy
 * (which refuses or drops unknown connection options) and it never outlives the call.
 *
 * Why generic plans: PostgreSQL plans a prepared statement afresh on every execution as long as
 * its generic plan's estimate is worse than the custom plans' (`plan_cache_mode = auto`), and it
 * is for the statements that carry LIMITs and term ranges as parameters — the search statements
 * among them. A profile of the database process under one-client searches showed planning on
 * every execution (parsing current_company()'s body to inline it, decompressing statistics,
 * copying the query tree); the bench did not show the saving above its noise, so the reason to
 * keep it is that each statement now has one plan per connection. The statements are shaped so that one
 * plan suits every value (docs/decisions/0030-prepared-statements-and-generic-plans.md);
 * forcing it is transaction-local, so an owner's or operator's session is untouched.
 *
 * One simple-protocol statement: the id and the deadline are checked integers, so inlining them
 * is safe.
 */
export const tenantBeginSql = (companyId: number, timeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS) =>
  `begin; select set_config('app.company_id', '${companyId}', true), ` +
  `set_config('statement_timeout', '${Math.trunc(timeoutMs)}', true), ` +
  `set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * Ends the transaction right behind its next statement, in the same write (held-statements.ts):
 * one round trip less for a call whose last statement is known, a list page's rows. That
 * statement must be the transaction's last: the commit has happened once it answers, and any
 * statement after it is refused. If it fails, PostgreSQL rolls the transaction back instead.
 */
export async function commitWithNext(trx: Tx): Promise<void> {
  await sql.raw(trailing('commit')).execute(trx);
}

/**
 * Begins the company's transaction again once a trailing commit has ended it, held back to go out
 * with the next statement: for a call whose second read depends on the answer to a first that was
 * sent as its last (a list page of several words, whose first statement answered only the sizes
 * its terms' statement is planned by). The tenant is set again, from the call's company as at the
 * start; what ran before is committed already.
 */
export async function beginAgain(trx: Tx, companyId: number): Promise<void> {
  // The call's deadline as it stands: a longer one set for this call (longerStatements) holds on.
  await sql.raw(held(tenantBeginSql(companyId, currentTimeout.getStore()))).execute(trx);
}

/** A connection inside a company's transaction. */
export type Tx = Kysely<DB>;

interface TenantOptions {
  /** This call's statement deadline, when it is not the setting's (downloads and imports: DOWNLOAD_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/** The deadline of the call running in this async context, for beginAgain. */
const currentTimeout = new AsyncLocalStorage<number>();

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
  return currentTimeout.run(timeoutMs, () =>
    db.connection().execute(async (connection) => {
      // Held back to go out with the first statement (held-statements.ts): this is on every
      // request's path.
      await sql.raw(held(tenantBeginSql(companyId, timeoutMs))).execute(connection);
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
    }),
  );
}
