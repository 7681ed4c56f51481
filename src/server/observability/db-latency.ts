/**
 * Whether the database answers quickly enough to take more calls: a trivial statement on a pooled
 * connection, timed, at most once a second (readiness probes may come often, from several load
 * balancers), and never queued behind the calls (a probe waiting for a connection would itself be
 * one of the waiters the pool check reports).
 */
import type pg from 'pg';
import { within } from '../db/timing';

/** A database slower than this to answer `select 1` is not ready for more calls. */
const SLOW_DATABASE_MS = 1000;
const PROBE_EVERY_MS = 1000;

export class DatabaseLatency {
  private last: { at: number; slow: boolean } = { at: 0, slow: false };
  private running: Promise<boolean> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** True while the last probe took longer than SLOW_DATABASE_MS (or has not answered yet). */
  async slow(): Promise<boolean> {
    if (Date.now() - this.last.at < PROBE_EVERY_MS) return this.last.slow;
    this.running ??= this.probe().finally(() => (this.running = null));
    return this.running;
  }

  private async probe(): Promise<boolean> {
    const { pool } = this;
    // No connection free and none to open: the probe would wait in the queue. The pool check
    // reports a queue; a pool merely fully lent out says nothing about the database's speed.
    if (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10)) return this.last.slow;
    const started = Date.now();
    const answered = pool.query('select 1').then(
      () => true,
      () => false,
    );
    const inTime = (await within(SLOW_DATABASE_MS, answered)) === true;
    // A failed probe is the watchdog's to report (the database check); here only the time counts.
    const slow = !inTime && Date.now() - started >= SLOW_DATABASE_MS;
    this.last = { at: Date.now(), slow };
    return slow;
  }
}
