// `npm start`: builds the web app when it has not been built yet or its sources changed since
// (after a pull, the server and the web must be the same version), then runs the server in the
// foreground. Signals are passed on so that the embedded database always stops cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'src/server/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
