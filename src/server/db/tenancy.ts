/**
 * Every tenant read and write runs in a transaction bound to one company: the setting that the
 * row-level security policies read is set with set_config(…, true), so it dies with the
 * transaction and can never leak to the next request on the same connection.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

export type Tx = Transaction<DB>;

export async function inTenant<T>(
  db: Kysely<DB>,
  companyId: number,
  work: (trx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('app.company_id', ${String(companyId)}, true)`.execute(trx);
    return work(trx);
  });
}
