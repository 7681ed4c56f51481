/**
 * How the server stops taking requests: no new ones, those in flight get REQUEST_GRACE_MS to
 * finish, then the database queries they are waiting on are cancelled (a request stuck on a lock
 * or a long query answers with an error instead of holding the stop up) and, if they still have
 * not answered, their connections are cut.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { within } from './db/timing';

/** Below the 10 s a container runtime waits between SIGTERM and SIGKILL, with room to spare. */
const REQUEST_GRACE_MS = 5000;
/** How long cancelled requests get to answer before their connections are cut. */
const CANCEL_GRACE_MS = 1000;

interface Logger {
  warn(msg: string): void;
}

/** Whether `work` settled within `ms`. */
const settledWithin = (ms: number, work: Promise<unknown>): Promise<boolean> =>
  within(
    ms,
    work.then(
      () => 'done',
      () => 'done',
    ),
  ).then((outcome) => outcome === 'done');

/** The server processes of the pool's connections that a request holds right now. */
export function trackBusyConnections(pool: pg.Pool): () => number[] {
  const busy = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => busy.add(client));
  pool.on('release', (_error, client) => busy.delete(client));
  pool.on('remove', (client) => busy.delete(client));
  // node-postgres keeps the backend's pid (from BackendKeyData) on the client, untyped.
  const backendPid = (client: pg.PoolClient) => (client as { processID?: number }).processID;
  return () => [...busy].map(backendPid).filter((pid): pid is number => Number.isInteger(pid));
}

/** Cancels the running statement of each backend, on a connection of the same role; the count. */
async function cancelQueries(url: string, pids: number[]): Promise<number> {
  if (pids.length === 0) return 0;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const result = await client.query<{ cancelled: boolean }>(
      'select pg_cancel_backend(pid) as cancelled from unnest($1::int[]) as pid',
      [pids],
    );
    return result.rows.filter((row) => row.cancelled).length;
  } catch {
    return 0; // the database is away: cutting the connections below still ends the requests
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Closes the HTTP server; resolves once every request has answered or been cut off. */
export async function stopTakingRequests(
  app: FastifyInstance,
  busy: { url: string; pids: () => number[] },
  log: Logger,
): Promise<void> {
  const closed = app.close();
  if (await settledWithin(REQUEST_GRACE_MS, closed)) return;
  const cancelled = await cancelQueries(busy.url, busy.pids());
  log.warn(
    `Requests still running ${REQUEST_GRACE_MS / 1000} s after the stop was asked for: ` +
      `${cancelled} database ${cancelled === 1 ? 'query' : 'queries'} cancelled.`,
  );
  if (await settledWithin(CANCEL_GRACE_MS, closed)) return;
  log.warn('Cutting the connections of the requests that still have not answered.');
  app.server.closeAllConnections();
  await within(CANCEL_GRACE_MS, closed);
}
