/**
 * A call whose caller has gone away (its HTTP connection closed before the answer) has its running
 * statement cancelled, so that a costly search nobody waits for no longer holds a connection, a
 * core and the disk. The HTTP layer gives each call an AbortSignal (whileCallerWaits); the pool
 * hands the signal's call its connections (prepared-pool.ts), and on abort the statement running on
 * each is cancelled with pg_cancel_backend, on a connection of its own (the pool may be full).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

const callSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` as the call of `signal`: connections it takes are cancelled when it aborts. */
export function whileCallerWaits<T>(
  signal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return signal ? callSignal.run(signal, work) : work();
}

/** What a call whose caller left before it had a connection fails with (nobody reads it). */
export const CALLER_GONE = 'The caller went away before the call had a connection.';

/** The signal of the call running in this async context, if it has one. */
export const currentCallSignal = (): AbortSignal | undefined => callSignal.getStore();

/**
 * Sends pg_cancel_backend for the server processes given, those asked for together in one
 * statement on one short-lived connection (thirty callers leaving at once open one, not thirty).
 */
export class Canceller {
  private queued = new Set<number>();
  private batch: Promise<void> | null = null;

  constructor(private readonly connection: pg.ClientConfig) {}

  /** Resolves once the cancel has been sent (or could not be: the database is away). */
  cancel(pid: number): Promise<void> {
    this.queued.add(pid);
    this.batch ??= this.send();
    return this.batch;
  }

  private async send(): Promise<void> {
    const client = new pg.Client(this.connection);
    client.on('error', () => undefined);
    try {
      await client.connect();
      // The pids asked for while the connection opened go out together; later ones start anew.
      const pids = [...this.queued];
      this.queued.clear();
      this.batch = null;
      await client.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
    } catch {
      // The database can not be reached: it is not running those statements either.
      if (this.batch !== null) {
        this.queued.clear();
        this.batch = null;
      }
    } finally {
      void client.end().catch(() => undefined);
    }
  }
}
