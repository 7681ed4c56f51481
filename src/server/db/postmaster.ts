/**
 * The embedded cluster's postmaster as seen from outside: which process holds DATA_DIR/pg, and
 * how to stop one that no live Materia process owns. Used by the server before it starts the
 * cluster (embedded.ts) and by `npm start`'s supervisor after its server died (scripts/start.mjs),
 * so it imports nothing but Node: the supervisor loads it without the server's libraries.
 */
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sleep } from './timing';

interface Logger {
  warn(msg: string): void;
}

/** What the process that started the cluster writes beside it (DATA_DIR/pg-runtime.json). */
export interface Runtime {
  owner: number;
  port: number;
  /** The folder of the cluster's Unix socket; absent when it listens on TCP only. */
  socket?: string;
}

/** How long a fast shutdown may take before the postmaster is killed. */
const STOP_WAIT_MS = 15_000;

export const runtimeFileOf = (dataDir: string) => join(dataDir, 'pg-runtime.json');

/**
 * A process that exited but was not reaped yet (a zombie) still takes signals. A postmaster taken
 * over from a killed server is not our child, and where nothing reaps orphans (a container whose
 * first process is not an init) it stays a zombie once it dies: that is dead, not running.
 */
const isZombie = (pid: number): boolean => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false; // no /proc: signals alone tell
  }
};

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch {
    return false;
  }
};

/**
 * PostgreSQL takes a lock file naming a zombie for a running postmaster's and refuses to start:
 * the locks of a dead, unreaped postmaster (its data folder's and its socket's) are removed
 * before a start.
 */
export async function removeZombieLock(pgDir: string): Promise<void> {
  let names: string[];
  try {
    names = readdirSync(pgDir).filter((name) =>
      /^(postmaster\.pid|\.s\.PGSQL\.\d+\.lock)$/.test(name),
    );
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(pgDir, name);
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isZombie(pid)) await rm(file, { force: true });
  }
}

/** The postmaster named by the cluster's lock file, when that process is alive. */
export function livePostmaster(pgDir: string): number | null {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

/**
 * Whether `pid` is this cluster's postmaster: a pid in a stale lock file may since have been given
 * to another process, even another cluster's postgres. A postmaster works in its data folder.
 */
export function isPostmasterOf(pid: number, pgDir: string): boolean {
  try {
    return realpathSync(`/proc/${pid}/cwd`) === realpathSync(pgDir);
  } catch {
    return true; // no /proc to ask: trust the lock file, as PostgreSQL itself does
  }
}

/** Fast shutdown, as `pg_ctl stop -m fast` asks for it; killed if it has not ended in 15 s. */
export async function stopPostmaster(pid: number, log: Logger): Promise<void> {
  process.kill(pid, 'SIGINT'); // roll back open transactions, checkpoint, exit
  for (let waited = 0; waited < STOP_WAIT_MS && isAlive(pid); waited += 100) await sleep(100);
  if (isAlive(pid)) {
    log.warn(`Database process ${pid} did not stop within ${STOP_WAIT_MS / 1000} s; killing it.`);
    process.kill(pid, 'SIGKILL');
  }
}

/** What the runtime file says, whoever wrote it and whether or not it still runs. */
export async function readRuntime(dataDir: string): Promise<Runtime | null> {
  try {
    return JSON.parse(await readFile(runtimeFileOf(dataDir), 'utf8')) as Runtime;
  } catch {
    return null; // none, or cut short
  }
}

/** The runtime file of the cluster another live process (a server, the company command) runs. */
export async function runningCluster(dataDir: string): Promise<Runtime | null> {
  const runtime = await readRuntime(dataDir);
  if (!runtime) return null;
  // A live owner whose postmaster is gone runs no cluster (its pid may be a reused one, too).
  const owned = runtime.owner !== process.pid && isAlive(runtime.owner);
  return owned && livePostmaster(join(dataDir, 'pg')) !== null ? runtime : null;
}

/**
 * Stops the postmaster of DATA_DIR/pg when no live Materia process owns it: the one a server
 * killed with kill -9 (or by running out of memory) left running. One that another live process
 * started (the company command) is left alone. Answers whether one was stopped.
 */
export async function stopOwnerlessCluster(dataDir: string, log: Logger): Promise<boolean> {
  const pgDir = join(dataDir, 'pg');
  if (await runningCluster(dataDir)) return false;
  const pid = livePostmaster(pgDir);
  if (pid === null || !isPostmasterOf(pid, pgDir)) return false;
  log.warn(`Stopping database process ${pid}, left running by a server that is gone.`);
  await stopPostmaster(pid, log);
  await rm(runtimeFileOf(dataDir), { force: true });
  return true;
}
