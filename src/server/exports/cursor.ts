/**
 * Rows of a query in batches, through a server-side cursor in the caller's transaction (so the
 * company's row-level security holds for every batch): memory holds one batch at a time.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/tenancy';

/** Rows per batch: large enough that round trips do not dominate, small enough to stay flat. */
const EXPORT_BATCH = 1000;

export async function* batchesOf<R>(
  trx: Tx,
  query: RawBuilder<R>,
  batch = EXPORT_BATCH,
): AsyncGenerator<R[]> {
  await sql`declare materia_export no scroll cursor for ${query}`.execute(trx);
  try {
    for (;;) {
      const { rows } =
        await sql<R>`fetch forward ${sql.raw(String(batch))} from materia_export`.execute(trx);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batch) return;
    }
  } finally {
    // After a failure the transaction is aborted and the cursor dies with it.
    await sql`close materia_export`.execute(trx).catch(() => undefined);
  }
}
