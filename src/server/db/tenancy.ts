/**
 * Every tenant read and write runs in a transaction bound to one company: the setting that the
 * row-level security policies read is set with set_config(…, true), so it dies with the
 * transaction and can never leak to the next request on the same connection.
 */
import { sql, type Kysely } from 'kysely';
import { held } from './held-statements';
import type { DB } from './schema';

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
    // BEGIN and the tenant setting in one simple-protocol statement (the id is a checked integer,
    // so inlining it is safe), held back to go out with the first statement (held-statements.ts).
    // This is on every request's path.
    await sql
      .raw(held(`begin; select set_config('app.company_id', '${companyId}', true)`))
      .execute(connection);
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
