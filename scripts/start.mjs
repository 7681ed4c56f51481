// `npm start`: builds the web app when it has not been built yet, then runs the server in the
// foreground. Signals are passed on so that the embedded database always stops cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wantsHelp = process.argv.includes('--help') || process.argv.includes('-h');
if (!wantsHelp && !existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start)…');
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
