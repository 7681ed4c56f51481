/**
 * Migrations run at start-up as the owner role, each once, in order, inside a transaction, under
 * an advisory lock so that several servers starting together do not race.
 */
import pg from 'pg';

export interface Migration {
  name: string;
  /** SQL; `:app_role` stands for the application role's quoted name. */
  sql: string;
}

const LOCK_KEY = 7_061_993;

/** Applies the migrations not yet applied (the list in migrations/index.ts, passed in by the
 *  caller: the list names this file's Migration type, so importing it here would be a cycle). */
export async function migrate(
  ownerUrl: string,
  appRole: string,
  migrations: readonly Migration[],
  log: (m: string) => void,
) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`);
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    const role = client.escapeIdentifier(appRole);
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      log(`Applying migration ${migration.name}`);
      await client.query('begin');
      try {
        await client.query(migration.sql.replaceAll(':app_role', role));
        await client.query('insert into schema_migrations (name) values ($1)', [migration.name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
