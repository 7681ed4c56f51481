/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), for the tests
 * that need a fresh process, real sockets, or something to kill: a temp DATA_DIR (its embedded
 * PostgreSQL, unless DATABASE_URL is given), a free port, a known admin password. Whatever it
 * starts is stopped by `stop()`, including a postmaster a killed server left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, isAlive, livePostmaster } from '../../src/server/db/embedded';

const ROOT = resolve(import.meta.dirname, '..', '..');
const READY_LINE = 'Materia is ready at';
const PROCESS_ADMIN_EMAIL = 'admin@demo.clinic';
const PROCESS_ADMIN_PASSWORD = 'Process-Admin-Password-42';

interface ExitState {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The last 20 kB of the server's output (for failure messages). */
  output(): string;
  /** Starts the server (again) on the same folder and port; resolves once it is ready. */
  start(): Promise<void>;
  /** Resolves when the running server exits. */
  exited(): Promise<ExitState>;
  kill(signal: NodeJS.Signals): void;
  /** The embedded postmaster's pid, from DATA_DIR/pg/postmaster.pid (null when none). */
  postmasterPid(): number | null;
  /** Stops the server and any postmaster left in the folder, and removes the folder. */
  stop(): Promise<void>;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** The environment of a server on `dataDir` and `port` with the known admin (see above). */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: PROCESS_ADMIN_EMAIL,
    ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
    APP_ENV: 'dev',
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    DATABASE_URL: '',
    DATABASE_APP_URL: '',
  };
}

export async function serverProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-process-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exit: Promise<ExitState> = Promise.resolve({ code: null, signal: null });
  let output = '';

  const postmasterPid = () => livePostmaster(join(dataDir, 'pg'));

  const start = async () => {
    const running = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...serverEnv(dataDir, port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = running;
    exit = new Promise((r) => running.once('exit', (code, signal) => r({ code, signal })));
    let ready = false;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes(READY_LINE)) ready = true;
    };
    output = '';
    running.stdout?.on('data', keep);
    running.stderr?.on('data', keep);
    const done = await Promise.race([
      until(() => ready, 90_000).then((ok) => (ok ? 'ready' : 'timeout')),
      exit.then((state) => `exited (${state.code ?? state.signal})`),
    ]);
    if (done !== 'ready') throw new Error(`the server did not start: ${done}\n${output}`);
  };

  return {
    baseUrl,
    dataDir,
    output: () => output,
    start,
    exited: () => exit,
    kill: (signal) => child?.kill(signal),
    postmasterPid,
    async stop() {
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        running.kill('SIGTERM');
        const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      const orphan = postmasterPid();
      if (orphan) {
        process.kill(orphan, 'SIGQUIT');
        if (!(await until(() => !isAlive(orphan), 10_000))) process.kill(orphan, 'SIGKILL');
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/{path} over HTTP; `null` status when no answer came within `timeoutMs`. */
export async function post(
  baseUrl: string,
  path: string,
  body: Record<string, unknown>,
  timeoutMs = 10_000,
): Promise<{
  status: number | null;
  json: Record<string, unknown> | null;
  retryAfter: string | null;
}> {
  try {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: response.status, json, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: null, json: null, retryAfter: null };
  }
}

/** Logs the demo clinic's admin in; the fields that authenticate a call. */
export async function logInAdmin(baseUrl: string): Promise<Record<string, unknown>> {
  const reply = await post(baseUrl, 'users/login', {
    _company_slug: 'demo',
    user_email: PROCESS_ADMIN_EMAIL,
    password: PROCESS_ADMIN_PASSWORD,
  });
  const data = reply.json?.data as { user_token?: unknown } | undefined;
  if (!data?.user_token) throw new Error(`login failed: ${JSON.stringify(reply)}`);
  return { _company_slug: 'demo', _user_token: data.user_token };
}
