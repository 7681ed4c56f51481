/**
 * Every tenant read and write runs in a transaction bound to one company: the setting that the
 * row-level security policies read is set with set_config(…, true), so it dies with the
 * transaction and can never leak to the next request on the same connection.
 */
import { sql, type Kysely } from 'kysely';
import { held, trailing } from './held-statements';
import type { DB } from './schema';

/**
 * The start of a company's transaction: BEGIN, the tenant, and generic plans for the
 * transaction's prepared statements.
 *
 * Why generic plans: PostgreSQL plans a prepared statement afresh on every execution as long as
 * its generic plan's estimate is worse than the custom plans' (`plan_cache_mode = auto`), and it
 * is for the statements that carry LIMITs and term ranges as parameters — the search statements
 * among them. A profile of the database process under one-client searches showed planning on
 * every execution (parsing current_company()'s body to inline it, decompressing statistics,
 * copying the query tree); the bench did not show the saving above its noise, so the reason to
 * keep it is that each statement now has one plan per connection. The statements are shaped so that one
 * plan suits every value (docs/decisions.md, "Search at a million patients"); forcing it is
 * transaction-local, so an owner's or operator's session is untouched.
 *
 * One simple-protocol statement: the id is a checked integer, so inlining it is safe.
 */
export const tenantBeginSql = (companyId: number) =>
  `begin; select set_config('app.company_id', '${companyId}', true), ` +
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
  await sql.raw(held(tenantBeginSql(companyId))).execute(trx);
}

/** A connection inside a company's transaction. */
export type Tx = Kysely<DB>;

export async function inTenant<T>(
  db: Kysely<DB>,
  companyId: number,
  work: (trx: Tx) => Promise<T>,
): Promise<T> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) {
    throw new Error(`invalid company id ${companyId}`);
  }
  return db.connection().execute(async (connection) => {
    // Held back to go out with the first statement (held-statements.ts): this is on every
    // request's path.
    await sql.raw(held(tenantBeginSql(companyId))).execute(connection);
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
