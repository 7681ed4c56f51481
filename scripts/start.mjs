// `npm start`: builds the web app when it has not been built yet or its sources changed since
// (after a pull, the server and the web must be the same version), then runs the server in the
// foreground and supervises it:
// - A server that dies (a crash, kill -9, out of memory, a non-zero exit) is started again after
//   1 s, then 2, 4, … up to 30 s while it keeps dying; a server that ran a minute counts as
//   healthy and its successor waits 1 s again. The embedded PostgreSQL the dead server left
//   running is taken over by its successor when that starts within a second (embedded.ts); a
//   server that keeps dying has it stopped while it waits, and so does a stop of this process:
//   no cluster runs on without an owner for longer than that second.
// - A configuration error (the server exits with CONFIG_ERROR_EXIT, naming the variable) is not
//   retried: the same environment would fail the same way.
// - SIGINT/SIGTERM sent here or to npm (package.json `exec`s us, so npm's forwarding reaches this
//   process) stop the server (requests finished, then its database) and nothing restarts. So does
//   the death of npm: a process manager that kills npm must not leave a server running on unseen.
//   If this process itself is killed, the server notices through its IPC lifeline and stops.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';

const BUILT = 'dist/web/index.html';
const WEB_SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'];
/** main.ts exits with this (sysexits' EX_CONFIG) when a setting is wrong. */
const CONFIG_ERROR_EXIT = 78;
const RESTART_FIRST_MS = 1000;
const RESTART_MOST_MS = 30_000;
/** A server that ran this long before it died was healthy: the back-off starts again. */
const HEALTHY_MS = 60_000;
/** How long a dead server's other processes (SERVER_PROCESSES > 1) may hold the port. */
const PORT_WAIT_MS = 15_000;

/** The newest modification time among the files the web build reads. */
function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

async function buildWebIfStale() {
  // Tests that start `npm start` serve the API only and must not rebuild beside other tests.
  if (process.env.MATERIA_SKIP_WEB_BUILD === '1') return;
  const stale =
    !existsSync(BUILT) || Math.max(...WEB_SOURCES.map(newestSource)) > statSync(BUILT).mtimeMs;
  if (!stale) return;
  const { tsImport } = await import('tsx/esm/api');
  const { buildWeb, BuildFailed } = await tsImport('./web-build.ts', import.meta.url);
  try {
    await buildWeb(existsSync(BUILT) ? 'its sources changed' : 'first start');
  } catch (error) {
    if (!(error instanceof BuildFailed)) console.error(`Could not run the build: ${error}`);
    process.exit(error instanceof BuildFailed ? error.exitCode : 1);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Whether nothing listens on the port (exclusive: SO_REUSEPORT listeners count too). */
const portFree = (port, host) =>
  new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => done(true)));
  });

/**
 * The port's other server processes (SERVER_PROCESSES > 1) stop once their first one is gone,
 * finishing their requests first; the next first server refuses to share the port with them.
 */
async function portReleased() {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || '127.0.0.1';
  if (!Number.isInteger(port) || port === 0) return;
  const end = Date.now() + PORT_WAIT_MS;
  while (Date.now() < end && !(await portFree(port, host))) await sleep(200);
}

/** The embedded cluster's folder, as config.ts reads it; null with an external database. */
const embeddedDataDir = () =>
  process.env.DATABASE_URL ? null : resolve(process.env.DATA_DIR || './data');

let cleaning = null;
/** Stops the postmaster a dead server left running (postmaster.ts says how it is told apart). */
function stopLeftCluster() {
  const dataDir = embeddedDataDir();
  if (!dataDir || !existsSync(join(dataDir, 'pg', 'postmaster.pid'))) return Promise.resolve();
  cleaning ??= import('tsx/esm/api')
    .then(({ tsImport }) => tsImport('./left-cluster.ts', import.meta.url))
    .then(({ stopOwnerlessCluster }) => stopOwnerlessCluster(dataDir, console))
    .catch((error) => console.error(`Could not stop the database left running: ${error}`))
    .finally(() => (cleaning = null));
  return cleaning;
}

const exitCodeOf = (code, signal) => code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0);

let server = null;
let restartTimer = null;
let restartMs = 0;
let stopping = false;

function launch() {
  const started = Date.now();
  // The IPC channel is the server's lifeline: it closes when this process dies, even by kill -9.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/main.ts', ...process.argv.slice(2)],
    { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
  );
  server = child;
  child.once('exit', (code, signal) => void exited(code, signal, Date.now() - started));
}

async function exited(code, signal, ranMs) {
  server = null;
  // The server's own code (0: stopped cleanly); killed by a signal, the shell's 128 + its number.
  const status = exitCodeOf(code, signal);
  // Asked to stop (here, or the server itself signalled): done. A bad setting: said, not retried.
  if (code === 0 || code === CONFIG_ERROR_EXIT) process.exit(status);
  // Killed while we stopped: its database was left running, and nothing will take it over.
  if (stopping) return void stopLeftCluster().then(() => process.exit(status));
  restartMs =
    ranMs >= HEALTHY_MS || restartMs === 0
      ? RESTART_FIRST_MS
      : Math.min(restartMs * 2, RESTART_MOST_MS);
  const waitLong = restartMs > RESTART_FIRST_MS;
  await Promise.all([waitLong ? stopLeftCluster() : null, portReleased()]);
  if (stopping) return void stopLeftCluster().then(() => process.exit(0));
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
  console.error(`The server ${how}; starting it again in ${restartMs / 1000} s.`);
  restartTimer = setTimeout(() => {
    restartTimer = null;
    if (!stopping) launch();
  }, restartMs);
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server) return void server.kill(signal); // its exit ends this process (see exited)
  // Between a death and the next start: nothing runs but, perhaps, the cluster being stopped.
  if (restartTimer) clearTimeout(restartTimer);
  void stopLeftCluster().then(() => process.exit(0));
}

if (!process.argv.includes('--help') && !process.argv.includes('-h')) await buildWebIfStale();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// Our parent (npm, or the shell npm runs scripts with when `exec` is not honoured) is gone once
// we are handed to another parent.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(parentWatch);
  stop('SIGTERM');
}, 500);
launch();
