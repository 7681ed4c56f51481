/**
 * Installs (or upgrades) the job queue's schema at migrate time, as the owner role, right after
 * Materia's own migrations (db/database.ts): pg-boss writes and versions its own schema, so its
 * upgrades come with `npm install` and run here, under the migrations' lock, never as the app role.
 * Then the queues are created (a queue is a partition: DDL, so the owner's too) and the app role
 * is granted what running jobs needs — rows and functions, not the schema itself.
 */
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { MIGRATION_LOCK_KEY } from '../db/migrate';
import { JOB_SCHEMA, QUEUES } from './queue';

/** Completed jobs are kept a day (how to see the queue: docs/operations.md), then deleted. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;

async function grantToApp(client: pg.Client, appRole: string): Promise<void> {
  const schema = client.escapeIdentifier(JOB_SCHEMA);
  const role = client.escapeIdentifier(appRole);
  await client.query(`
    grant usage on schema ${schema} to ${role};
    grant select, insert, update, delete on all tables in schema ${schema} to ${role};
    grant usage, select on all sequences in schema ${schema} to ${role};
    grant execute on all functions in schema ${schema} to ${role};
    alter default privileges in schema ${schema}
      grant select, insert, update, delete on tables to ${role};
    alter default privileges in schema ${schema} grant usage, select on sequences to ${role};
    alter default privileges in schema ${schema} grant execute on functions to ${role};`);
}

export async function installJobQueue(
  ownerUrl: string,
  appRole: string,
  log: (message: string) => void,
): Promise<void> {
  const lock = new pg.Client({ connectionString: ownerUrl });
  await lock.connect();
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: JOB_SCHEMA,
    max: 2,
    migrate: true,
    createSchema: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', (error) => log(`Job queue set-up: ${error.message}`));
  try {
    // Several servers starting together: one at a time, like the migrations themselves.
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      if (await boss.getQueue(name)) continue;
      log(`Creating the job queue "${name}"`);
      await boss.createQueue(name, { deleteAfterSeconds: KEEP_COMPLETED_SECONDS });
    }
    await grantToApp(lock, appRole);
  } finally {
    await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
