/**
 * The server's Prometheus metrics (prom-client), one registry per app so that several servers in
 * one process (the tests) do not share counters. Requests are counted and timed once, when the
 * reply has gone (the `onResponse` hook in routes.ts); everything else — pool, database, session
 * cache — is read from state the server already keeps, at scrape time, so hot paths pay nothing.
 */
import client from 'prom-client';
import type pg from 'pg';
import type { Availability } from '../db/availability';
import { errorKind } from './error-kinds';

/** Seconds; API calls take a few ms, a slow report a few seconds. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The `call` label of a path the server does not answer: one label for all of them. */
const UNKNOWN_CALL = 'unknown';
const LOGIN_CALL = 'users/login';

interface MetricSources {
  pool: pg.Pool | null;
  embedded: boolean;
  database: Availability;
  sessionStats: { readonly hits: number; readonly misses: number };
  /** Whether a path names a call the server answers (else it is counted as UNKNOWN_CALL). */
  isCall(path: string): boolean;
}

/** One call's children, looked up once: a request then costs a Map get and the increments. */
interface CallSeries {
  call: string;
  duration: client.Histogram.Internal<'call'>;
  byStatus: Map<number, client.Counter.Internal>;
}

type Kind = 'counter' | 'gauge';

/** A metric whose value is read from state kept elsewhere, when scraped. */
function readAtScrape(
  registry: client.Registry,
  kind: Kind,
  name: string,
  help: string,
  read: () => number,
): void {
  const options = { name, help, registers: [registry] };
  if (kind === 'gauge') {
    new client.Gauge({
      ...options,
      collect() {
        this.set(read());
      },
    });
  } else {
    new client.Counter({
      ...options,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }
}

export class ServerMetrics {
  readonly registry = new client.Registry();
  private readonly requests = new client.Counter({
    name: 'materia_api_requests_total',
    help: 'API calls answered, by call and HTTP status',
    labelNames: ['call', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new client.Histogram({
    name: 'materia_api_request_duration_seconds',
    help: 'Time from request to reply of API calls, by call',
    labelNames: ['call'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly errors = new client.Counter({
    name: 'materia_api_errors_total',
    help: 'API calls refused or failed, by kind (the status they were answered with)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly loginFailures = new client.Counter({
    name: 'materia_login_failures_total',
    help: 'users/login refused for a wrong e-mail, password or a disabled user',
    registers: [this.registry],
  });
  private readonly loginThrottles = new client.Counter({
    name: 'materia_login_throttled_total',
    help: 'users/login answered 429: wait or captcha asked, or the per-address rate limit',
    registers: [this.registry],
  });
  private readonly series = new Map<string, CallSeries>();
  private readonly errorsByStatus = new Map<number, client.Counter.Internal>();

  constructor(private readonly sources: MetricSources) {
    client.collectDefaultMetrics({ register: this.registry });
    const { pool, database, sessionStats } = sources;
    const readAtScrapeTime: [Kind, string, string, () => number][] = [
      [
        'gauge',
        'materia_db_pool_in_use',
        'Pooled database connections lent out',
        () => (pool ? pool.totalCount - pool.idleCount : 0),
      ],
      [
        'gauge',
        'materia_db_pool_waiting',
        'Requests waiting for a pooled connection',
        () => (pool ? pool.waitingCount : 0),
      ],
      [
        'gauge',
        'materia_db_pool_max',
        'Most connections the pool opens (DATABASE_POOL_SIZE)',
        () => (pool ? pool.options.max : 0),
      ],
      [
        'gauge',
        'materia_database_up',
        '1 while the watchdog reaches the database',
        () => (database.available ? 1 : 0),
      ],
      [
        'gauge',
        'materia_database_embedded',
        '1 when this server runs its own PostgreSQL',
        () => (sources.embedded ? 1 : 0),
      ],
      [
        'counter',
        'materia_database_restarts_total',
        'Embedded database restarts',
        () => database.restarts ?? 0,
      ],
      [
        'counter',
        'materia_session_cache_hits_total',
        'Sessions found in memory',
        () => sessionStats.hits,
      ],
      [
        'counter',
        'materia_session_cache_misses_total',
        'Sessions read from the database',
        () => sessionStats.misses,
      ],
    ];
    for (const [kind, name, help, read] of readAtScrapeTime) {
      readAtScrape(this.registry, kind, name, help, read);
    }
  }

  /** Counts one answered API call; `path` is what followed /api/. */
  observeCall(path: string, status: number, milliseconds: number): void {
    const series = this.seriesOf(path);
    series.duration.observe(milliseconds / 1000);
    let counter = series.byStatus.get(status);
    if (!counter) {
      counter = this.requests.labels(series.call, String(status));
      series.byStatus.set(status, counter);
    }
    counter.inc();
    if (status >= 400) this.countError(status);
    if (path === LOGIN_CALL) {
      if (status === 401) this.loginFailures.inc();
      else if (status === 429) this.loginThrottles.inc();
    }
  }

  private seriesOf(path: string): CallSeries {
    const known = this.series.get(path);
    if (known) return known;
    // Only calls the server answers get a series of their own: the label values stay bounded.
    const call = this.sources.isCall(path) ? path : UNKNOWN_CALL;
    let series = this.series.get(call);
    if (!series) {
      series = { call, duration: this.durations.labels(call), byStatus: new Map() };
      this.series.set(call, series);
    }
    return series;
  }

  private countError(status: number): void {
    let counter = this.errorsByStatus.get(status);
    if (!counter) {
      counter = this.errors.labels(errorKind(status) ?? 'other_server_error');
      this.errorsByStatus.set(status, counter);
    }
    counter.inc();
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }
}
