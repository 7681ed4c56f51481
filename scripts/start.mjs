// `npm start`: builds the web app when it has not been built yet or its sources changed since
// (after a pull, the server and the web must be the same version), then runs the server in the
// foreground. The server stops (requests finished, then the embedded database) on SIGINT/SIGTERM
// sent here or to npm (package.json `exec`s us, so npm's forwarding reaches this process rather
// than a shell that would die or wait), and when npm itself dies: a process manager that kills
// npm must not leave a server and its PostgreSQL running on unseen.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

const BUILT = 'dist/web/index.html';
const WEB_SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time among the files the web build reads. */
function newestSource(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

const wantsHelp = process.argv.includes('--help') || process.argv.includes('-h');
const stale =
  !existsSync(BUILT) || Math.max(...WEB_SOURCES.map(newestSource)) > statSync(BUILT).mtimeMs;
if (!wantsHelp && stale) {
  console.log(
    existsSync(BUILT)
      ? 'Building the web app (its sources changed)…'
      : 'Building the web app (first start)…',
  );
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The IPC channel is the server's lifeline: it closes when this process dies, even by kill -9.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'src/server/main.ts', ...process.argv.slice(2)],
  { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Our parent (npm, or the shell npm runs scripts with when `exec` is not honoured) is gone once
// we are handed to another parent.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(parentWatch);
  server.kill('SIGTERM');
}, 500);
// The server's own code (0: stopped cleanly); killed by a signal, the shell's 128 + its number.
server.on('exit', (code, signal) =>
  process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)),
);
