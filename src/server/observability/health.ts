/**
 * What `/health/ready` checks: the watchdog's verdict on the database (a probe a second), whether
 * the database was opened (and so migrated: openDatabase applies every migration before it
 * returns), whether the change listener is connected (it switches the session cache on and off),
 * whether calls are queueing for a connection (the pool is exhausted) and whether the database
 * answers a trivial statement within a second (db-latency.ts: one query a second at most). A
 * server that is up but can not serve in time says so, and the load balancer sends calls elsewhere.
 */
import type { Availability } from '../db/availability';

type CheckState = 'ok' | 'failing' | 'off';

export interface ReadinessSources {
  database: Availability;
  /** Whether this app was given an opened (so migrated) database. */
  migrated: boolean;
  /** Whether the notification listener is connected; null when none runs (SESSION_CACHE=off). */
  listening: (() => boolean) | null;
  /** Calls waiting for a pooled connection now; null without a database. */
  poolWaiting: number | null;
  /** Whether the database took longer than SLOW_DATABASE_MS to answer; null without a database. */
  slow: boolean | null;
}

interface Readiness {
  ready: boolean;
  checks: {
    database: CheckState;
    migrations: CheckState;
    listener: CheckState;
    pool: CheckState;
    latency: CheckState;
  };
  /** The checks that failed, by name. */
  failed: string[];
}

const stateOf = (ok: boolean): CheckState => (ok ? 'ok' : 'failing');

export function readiness(sources: ReadinessSources): Readiness {
  const checks = {
    database: stateOf(sources.database.available),
    migrations: stateOf(sources.migrated),
    listener: sources.listening ? stateOf(sources.listening()) : ('off' as const),
    pool: sources.poolWaiting === null ? ('off' as const) : stateOf(sources.poolWaiting === 0),
    latency: sources.slow === null ? ('off' as const) : stateOf(!sources.slow),
  };
  const failed = Object.entries(checks)
    .filter(([, state]) => state === 'failing')
    .map(([name]) => name);
  return { ready: failed.length === 0, checks, failed };
}
