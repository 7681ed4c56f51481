/**
 * A pool that hands out its oldest idle connection, not its last released one (pg-pool's order).
 *
 * A connection is warm for what it has run: the statements it prepared and planned
 * (prepared-pool.ts) and PostgreSQL's catalogue caches of the tables they read. A new one pays
 * for both on its first calls: the palette's six-kind date search planned in 45 ms on a new
 * backend, in 10 ms on one that had searched before. With the last released first, a connection
 * a page's burst of calls had just opened often took the next call, cold (in one palette bench
 * run, each of the three slowest searches had prepared its statement anew). Oldest first, one
 * user's calls go to the same warm connection, and those opened for a burst are left idle, to
 * close after DATABASE_POOL_IDLE_MS (docs/decisions/0030-prepared-statements-and-generic-plans.md).
 */
import type pg from 'pg';
import { WaitBoundPool } from './wait-bound-pool';

/** pg-pool's own: its connections in the order opened, the idle ones, the calls waiting. */
interface PoolInternals {
  _clients: pg.PoolClient[];
  _idle: { client: pg.PoolClient }[];
  _pendingQueue: unknown[];
  _pulseQueue(): void;
}

export class WarmFirstPool extends WaitBoundPool {
  /** pg-pool gives a waiting call the last idle connection: the oldest is put there first. */
  _pulseQueue(): void {
    const {
      _clients: opened,
      _idle: idle,
      _pendingQueue: waiting,
    } = this as unknown as PoolInternals;
    // Fields of pg-pool's own: should a later version rename them, its own order still serves
    // (and the test in availability.test.ts fails). Most pulses follow a release with no call
    // waiting: nothing is handed out, so nothing is reordered.
    if (Array.isArray(opened) && Array.isArray(idle) && waiting?.length && idle.length > 1) {
      let oldest = idle.length - 1;
      let oldestAt = opened.indexOf(idle[oldest]!.client);
      for (let i = 0; i < idle.length - 1; i++) {
        const at = opened.indexOf(idle[i]!.client);
        if (at < oldestAt) [oldest, oldestAt] = [i, at];
      }
      idle.push(...idle.splice(oldest, 1));
    }
    (WaitBoundPool.prototype as unknown as PoolInternals)._pulseQueue.call(this);
  }
}
