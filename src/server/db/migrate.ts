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

/** The advisory lock migrations run under (a restore takes it too). */
export const MIGRATION_LOCK_KEY = 7_061_993;

/** One migration's SQL and its record, on a client already inside the caller's transaction. */
export async function applyMigration(client: pg.ClientBase, migration: Migration, appRole: string) {
  await client.query(migration.sql.replaceAll(':app_role', client.escapeIdentifier(appRole)));
  await client.query('insert into schema_migrations (name) values ($1)', [migration.name]);
}

/** The table that records applied migrations. */
export const SCHEMA_MIGRATIONS_SQL = `create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`;

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
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(SCHEMA_MIGRATIONS_SQL);
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      log(`Applying migration ${migration.name}`);
      await client.query('begin');
      try {
        await applyMigration(client, migration, appRole);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}
