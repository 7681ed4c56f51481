/**
 * Opens the database: the embedded cluster unless DATABASE_URL names one, migrations as the owner,
 * then the application pool as a role that row-level security binds (never superuser or
 * BYPASSRLS — the server refuses to start otherwise).
 */
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { WARM_CONNECTIONS, type Config } from '../config';
import { startEmbeddedPostgres, type EmbeddedCluster } from './embedded';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import { APP_ROLE_LOCK, capTempFiles } from './deadlines';
import { preparingPool } from './prepared-pool';
import { setStatementTimeout } from './tenancy';
import { within } from './timing';
import { WarmFirstPool } from './warm-first-pool';
import { installJobQueue } from '../jobs/install';
import { JobQueue, useJobQueue } from '../jobs/queue';
import type { DB } from './schema';
import type { Step } from '../log';

// Dates stay text (YYYY-MM-DD) as the API carries them; bigint ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
// Timed dates travel as 'YYYY-MM-DD HH:mm:ss', as PostgreSQL writes a timestamp(0).
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export const APP_ROLE = 'materia_app';
const POOL_CLOSE_MS = 5000;

export interface Database {
  db: Kysely<DB>;
  pool: pg.Pool;
  /** The embedded cluster this process runs, if any (the watchdog restarts it). */
  cluster: EmbeddedCluster | null;
  ownerUrl: string;
  appUrl: string;
  /** The job queue (jobs/queue.ts), as the app role; its worker is started by main.ts. */
  jobs: JobQueue;
  close(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

/** Creates (or re-keys) the managed app role; its password lives only in the owner's database. */
async function managedAppUrl(ownerUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // Several servers (or test workers) may start at once: one at a time changes the role.
    await client.query('select pg_advisory_lock($1)', [APP_ROLE_LOCK]);
    await client.query('create schema if not exists materia_private');
    await client.query('revoke all on schema materia_private from public');
    await client.query(
      'create table if not exists materia_private.secrets (name text primary key, value text not null)',
    );
    const found = await client.query<{ value: string }>(
      "select value from materia_private.secrets where name = 'app_role_password'",
    );
    let password = found.rows[0]?.value;
    if (!password) {
      password = randomBytes(24).toString('base64url');
      await client.query(
        "insert into materia_private.secrets values ('app_role_password', $1) on conflict do nothing",
        [password],
      );
    }
    const role = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const verb = role.rowCount ? 'alter' : 'create';
    // No NOSUPERUSER/NOBYPASSRLS here (a new role has neither): PostgreSQL 15 lets only a
    // superuser name them in ALTER ROLE, and a DBA's owner role is not one. assertAppRoleIsBound
    // refuses a role that has them.
    await client.query(`${verb} role ${APP_ROLE} login password ${client.escapeLiteral(password)}`);
    const url = new URL(ownerUrl);
    url.username = APP_ROLE;
    url.password = password;
    return url.toString();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [APP_ROLE_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** The application role's connection: DATABASE_APP_URL, else the managed role (created here). */
export const appUrlFor = async (config: Config, ownerUrl: string): Promise<string> =>
  config.databaseAppUrl ?? (await managedAppUrl(ownerUrl));

export const roleOf = (url: string): string => decodeURIComponent(new URL(url).username);

export async function assertAppRoleIsBound(db: pg.Pool | pg.ClientBase): Promise<void> {
  const { rows } = await db.query<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>(
    'select rolname, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
  );
  const role = rows[0];
  if (!role) throw new Error('Cannot read the database role the application connects as.');
  if (role.rolsuper || role.rolbypassrls) {
    throw new Error(
      `The application role "${role.rolname}" is a superuser or has BYPASSRLS; row-level security ` +
        'would not bind it. Connect the application as an ordinary role (DATABASE_APP_URL).',
    );
  }
}

/** `step` shows each migration's progress (main.ts passes the terminal's, log.ts). */
export async function openDatabase(config: Config, log: Logger, step?: Step): Promise<Database> {
  let cluster: EmbeddedCluster | null = null;
  let ownerUrl = config.databaseUrl;
  if (!ownerUrl) {
    cluster = await startEmbeddedPostgres(config.dataDir, log);
    ownerUrl = cluster.url;
  }
  try {
    const appUrl = await appUrlFor(config, ownerUrl);
    const appRole = roleOf(appUrl);
    await migrate(ownerUrl, appRole, MIGRATIONS, (m) => log.info(m), step);
    await installJobQueue(ownerUrl, appRole, (m) => log.info(m));
    await capTempFiles(ownerUrl, appRole, log);
    const pool = new WarmFirstPool({
      connectionString: appUrl,
      max: config.databasePoolSize,
      // A request waits this long for a connection another holds, then answers 503
      // (availability.ts): a full pool must never hang the server. Opening one may take longer.
      connectionTimeoutMillis: config.databasePoolWaitMs,
      idleTimeoutMillis: config.databasePoolIdleMs,
      // Connections beyond these close once idle that long. These stay, with the statements they
      // have prepared and planned (prepared-pool.ts): the palette's first search after a pause of
      // 35 s took 98 ms on a new connection, 17 ms on a kept one.
      min: Math.min(WARM_CONNECTIONS, config.databasePoolSize),
    });
    // An idle connection cut (the cluster stopping or dying) is the watchdog's to report, once.
    pool.on('error', (error) => log.debug(`Idle database connection lost: ${error.message}`));
    // On a connection of its own: when the role is refused, no pooled connection is left open.
    const check = new pg.Client({ connectionString: appUrl });
    await check.connect();
    try {
      await assertAppRoleIsBound(check);
    } finally {
      await check.end();
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    setStatementTimeout(db, config.databaseStatementTimeoutMs);
    const jobs = new JobQueue(
      appUrl,
      { retrySeconds: config.jobRetrySeconds, expireSeconds: config.jobExpireSeconds },
      log,
    );
    useJobQueue(jobs);
    return {
      db,
      pool,
      cluster,
      ownerUrl,
      appUrl,
      jobs,
      async close() {
        await within(POOL_CLOSE_MS, jobs.stop());
        // Connections to a dead database may never say goodbye; the cluster is stopped anyway.
        await within(POOL_CLOSE_MS, db.destroy());
        await cluster?.stop();
      },
    };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}
