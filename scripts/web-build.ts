/**
 * The web build `npm start` runs when dist/web is missing or older than its sources, loaded by
 * scripts/start.mjs (plain JavaScript) through tsx. On a terminal it is a progress line that
 * counts its seconds, like the server's migrations (src/server/log.ts); elsewhere two lines.
 */
import { spawn } from 'node:child_process';
import { logFormat, StatusLine, stepper } from '../src/server/log';

/** A build that did not finish: the exit code `npm start` ends with. */
export class BuildFailed extends Error {
  constructor(readonly exitCode: number) {
    super(`the web build exited with code ${exitCode}`);
  }
}

/** Vite's build; what it prints goes through `print` (past the progress line on a terminal). */
const viteBuild = (print: (text: string, stream: NodeJS.WriteStream) => void) =>
  new Promise<void>((done, fail) => {
    const build = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: ['inherit', 'pipe', 'pipe'],
    });
    build.stdout.on('data', (chunk: Buffer) => print(String(chunk), process.stdout));
    build.stderr.on('data', (chunk: Buffer) => print(String(chunk), process.stderr));
    build.once('error', fail);
    // Killed by a signal: the shell's 128 + its number would need os.constants; 1 says "failed".
    build.once('exit', (code) => (code === 0 ? done() : fail(new BuildFailed(code ?? 1))));
  });

/** Builds the web app; `why` says what made the build due ("first start"). */
export async function buildWeb(why: string): Promise<void> {
  const out = process.stdout;
  const status =
    logFormat(process.env.LOG_FORMAT ?? '') === 'pretty' && out.isTTY ? new StatusLine(out) : null;
  // On a terminal both streams are the same screen: the status line is cleared before either.
  const print = (text: string, stream: NodeJS.WriteStream) =>
    status ? status.write(text) : void stream.write(text);
  const step = stepper((line) => console.log(line), status);
  await step(`Building the web app (${why})`, () => viteBuild(print));
}
