/**
 * What `/health/ready` checks. Each answer comes from state the server already keeps — the
 * watchdog's verdict on the database (a probe a second), whether the database was opened (and so
 * migrated: openDatabase applies every migration before it returns) and whether the change
 * listener is connected (it switches the session cache on and off) — so a probe costs no query.
 */
import type { Availability } from '../db/availability';

type CheckState = 'ok' | 'failing' | 'off';

export interface ReadinessSources {
  database: Availability;
  /** Whether this app was given an opened (so migrated) database. */
  migrated: boolean;
  /** Whether the notification listener is connected; null when none runs (SESSION_CACHE=off). */
  listening: (() => boolean) | null;
}

interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; listener: CheckState };
  /** The checks that failed, by name. */
  failed: string[];
}

const stateOf = (ok: boolean): CheckState => (ok ? 'ok' : 'failing');

export function readiness(sources: ReadinessSources): Readiness {
  const checks = {
    database: stateOf(sources.database.available),
    migrations: stateOf(sources.migrated),
    listener: sources.listening ? stateOf(sources.listening()) : ('off' as const),
  };
  const failed = Object.entries(checks)
    .filter(([, state]) => state === 'failing')
    .map(([name]) => name);
  return { ready: failed.length === 0, checks, failed };
}
