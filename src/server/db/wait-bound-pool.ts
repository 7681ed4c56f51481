/**
 * A pg.Pool whose `connectionTimeoutMillis` bounds only the wait for a connection another call
 * holds. pg-pool also ends a new connection still opening after that time: with a short wait
 * (DATABASE_POOL_WAIT_MS of 100 ms) a busy machine's first connection, its SCRAM exchange
 * included, took longer, so the server failed to start and the pool could never grow.
 */
import pg from 'pg';

/** The least time a new connection is given to open, whatever the wait for a free one. */
const OPEN_TIMEOUT_FLOOR_MS = 5000;

/** pg-pool's own method: it reads the timeout from `options` once, when it starts the client. */
interface PoolInternals {
  newClient(pending: unknown): void;
}

export class WaitBoundPool extends pg.Pool {
  newClient(pending: unknown): void {
    const wait = this.options.connectionTimeoutMillis;
    this.options.connectionTimeoutMillis = Math.max(wait ?? 0, OPEN_TIMEOUT_FLOOR_MS);
    try {
      (pg.Pool.prototype as unknown as PoolInternals).newClient.call(this, pending);
    } finally {
      this.options.connectionTimeoutMillis = wait;
    }
  }
}
