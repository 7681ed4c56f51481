/**
 * Migrations run at start-up as the owner role, each once, in order, inside a transaction, under
 * an advisory lock so that several servers starting together do not race.
 */
import pg from 'pg';
import type { Step } from '../log';

export interface Migration {
  name: string;
  /** SQL; `:app_role` stands for the application role's quoted name. */
  sql: string;
  /**
   * One statement run once the migration has committed, outside any transaction: a VACUUM of
   * the tables the migration rewrote. A rewritten table has no visibility map, so every
   * index-only scan of it reads the table as well until it is vacuumed, and autovacuum may not
   * come for a long time (a rewrite leaves no dead rows to trigger it).
   */
  afterCommit?: string;
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

/**
 * Row-level security is forced on the tenant tables, so an owner that is neither superuser nor
 * BYPASSRLS sees no company's rows: a migration that fills or converts existing rows would
 * silently skip them all. (An owner can lift RLS from its own tables anyway: BYPASSRLS gives it
 * nothing new.) See docs/operations.md, External PostgreSQL.
 */
async function assertOwnerSeesEveryCompany(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ rolname: string; sees: boolean }>(
    'select rolname, rolsuper or rolbypassrls as sees from pg_roles where rolname = current_user',
  );
  const owner = rows[0];
  if (owner && !owner.sees) {
    throw new Error(
      `The database owner role "${owner.rolname}" (DATABASE_URL) is bound by row-level security, ` +
        `so migrations would not see the companies' rows. As a superuser, run: ` +
        `ALTER ROLE ${client.escapeIdentifier(owner.rolname)} BYPASSRLS`,
    );
  }
}

/** The migration's afterCommit: the schema is in place already, so a failure is only reported. */
async function tidyAfter(
  client: pg.Client,
  migration: Migration,
  log: (m: string) => void,
  step: Step,
) {
  try {
    await step(`After migration ${migration.name}: ${migration.afterCommit}`, () =>
      client.query(migration.afterCommit!),
    );
  } catch (error) {
    log(
      `After migration ${migration.name}, "${migration.afterCommit}" failed ` +
        `(${(error as Error).message}); searches stay slower until it is run by hand.`,
    );
  }
}

/** Each migration's start and end as two lines of `log` (a terminal gets a progress line). */
const loggedSteps =
  (log: (m: string) => void): Step =>
  async (label, work) => {
    log(label);
    return work();
  };

/** Applies the migrations not yet applied (the list in migrations/index.ts, passed in by the
 *  caller: the list names this file's Migration type, so importing it here would be a cycle).
 *  Each runs as a `step`: at start-up, a progress line that says how long it took (log.ts). */
export async function migrate(
  ownerUrl: string,
  appRole: string,
  migrations: readonly Migration[],
  log: (m: string) => void,
  step: Step = loggedSteps(log),
) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await assertOwnerSeesEveryCompany(client);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(SCHEMA_MIGRATIONS_SQL);
    const done = new Set(
      (await client.query<{ name: string }>('select name from schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await step(`Applying migration ${migration.name}`, async () => {
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
      });
      if (migration.afterCommit) await tidyAfter(client, migration, log, step);
    }
  } finally {
    await client
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}
