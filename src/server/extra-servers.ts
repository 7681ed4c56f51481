/**
 * SERVER_PROCESSES above 1: the first server (the process `npm start` runs, which owns the
 * embedded database, the migrations and the demo clinic) starts the others as its children, on
 * the same port and database. One Node process serves its calls on one core: at 8 connections
 * on 2 cores the search throughput stopped at that one thread (docs/decisions/
 * 0038-several-server-processes.md).
 * - Every process listens with SO_REUSEPORT, and the kernel spreads new connections between
 *   them. The first one checks beforehand that nothing else holds the port (`listenShared`),
 *   since SO_REUSEPORT would otherwise let a second Materia share it unseen.
 * - The others are servers on one database as `two-servers.test.ts` runs them: caches kept
 *   honest by PostgreSQL notifications, each with its own pool (DATABASE_POOL_SIZE) and its own
 *   per-address rate limits.
 * - Each child holds an IPC channel to the first server and stops when it closes (main.ts), so
 *   none outlives it, kill -9 included. One that stops on its own (a crash, its database lost)
 *   is started again, after a pause that doubles while it keeps failing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { within } from './db/timing';

/** Set in a child's environment: it serves calls and nothing else (main.ts). */
const EXTRA_SERVER_ENV = 'MATERIA_EXTRA_SERVER';

/** What a child sends its parent once it listens. */
const READY = 'materia-extra-server-ready';

const RESTART_FIRST_MS = 1000;
const RESTART_MOST_MS = 30_000;
/** A child that served this long before it stopped is restarted without delay growing. */
const HEALTHY_MS = 60_000;
const STOP_MS = 8000;

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

export const isExtraServer = () => process.env[EXTRA_SERVER_ENV] === '1';

/** A child tells its parent that it listens (nothing when it runs alone). */
export function reportReady(): void {
  process.send?.(READY);
}

/** Fails as a plain listen would when the port is taken: SO_REUSEPORT alone would share it. */
function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Listens on the port the server processes share; answers the port (PORT=0 picks one). */
export async function listenShared(
  app: FastifyInstance,
  options: { port: number; host: string; first: boolean },
): Promise<number> {
  if (options.first) await checkPortFree(options.port, options.host);
  // Node ≥ 22.12 passes reusePort to the socket; fastify hands its options to server.listen.
  const listen = { port: options.port, host: options.host, reusePort: true };
  await app.listen(listen as FastifyListenOptions);
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : options.port;
}

export interface ExtraServers {
  /** Resolves once every child listens; rejects if one stops before. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts `count` children running this same program with `env` added (the port actually bound,
 * the database's URLs). Their output goes where this process's goes.
 */
export function startExtraServers(count: number, env: NodeJS.ProcessEnv, log: Log): ExtraServers {
  const children = new Set<ChildProcess>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopping = false;

  const launch = (restartMs: number): Promise<void> => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] ?? ''], {
      env: { ...process.env, ...env, [EXTRA_SERVER_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    const started = Date.now();
    let listening = false;
    return new Promise((resolve, reject) => {
      child.on('message', (message) => {
        if (message !== READY) return;
        listening = true;
        resolve();
      });
      child.once('exit', (code, signal) => {
        children.delete(child);
        if (stopping) return;
        const how = signal ? `by ${signal}` : `with code ${code}`;
        if (!listening) reject(new Error(`server process ${child.pid} exited ${how} at start`));
        const healthy = Date.now() - started >= HEALTHY_MS;
        const next =
          healthy || restartMs === 0 ? RESTART_FIRST_MS : Math.min(restartMs * 2, RESTART_MOST_MS);
        log.warn(`Server process ${child.pid} exited ${how}; another starts in ${next / 1000} s`);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!stopping) launch(next).catch(() => undefined);
        }, next);
        timers.add(timer);
      });
    });
  };

  const ready = Promise.all(Array.from({ length: count }, () => launch(0))).then(() =>
    log.info(`${count + 1} server processes serve the port`),
  );
  // A start-up failure is the caller's to report, through `ready`.
  ready.catch(() => undefined);

  const stop = async () => {
    stopping = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(
      [...children].map(async (child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // Each child finishes its requests first (main.ts), as bounded as this process's own.
        await within(STOP_MS, exited);
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGKILL');
          await exited;
        }
      }),
    );
  };
  return { ready, stop };
}
