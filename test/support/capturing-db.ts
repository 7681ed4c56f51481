/**
 * A database handle that records the statements a call runs, as the server runs them: through
 * the server's own pool wrapper (db/prepared-pool.ts), so that every statement is prepared and
 * runs in the call's transaction with its tenant as on the server. One connection. Used by the
 * isolation test and the bench's SQL floor.
 */
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { preparingPool } from '../../src/server/db/prepared-pool';
import type { DB } from '../../src/server/db/schema';

export function capturingDb(url: string, onQuery: (query: CompiledQuery) => void): Kysely<DB> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    log: (event) => {
      if (event.level === 'query') onQuery(event.query);
    },
  });
}
