/**
 * Watches the database the server depends on. One connection of its own asks `select 1` every
 * second; when that fails the server is "down": calls answer 503 at once (availability.ts) instead
 * of each failing on its own. An embedded cluster whose postmaster died is restarted, at most
 * MAX_RESTARTS times within RESTART_WINDOW_MS; past that the server gives up and stops with a
 * non-zero exit code, so that whatever supervises it sees the failure. An external database
 * (DATABASE_URL) is only waited for. The log gets one line per change of state, not one a second.
 *
 * A probe that only timed out (no answer in 3 s) is a busy database, not a gone one: a database
 * just restarted after kill -9 replays its WAL, checkpoints and reloads its buffers while every
 * client writes again, and on a slow machine one probe then took longer than its limit. Counted
 * as an outage, that refused every call with 503 once more although the database was up (the
 * second outage CI saw). So timeouts count only when SLOW_PROBES_TOLERATED of them come in a
 * row; a refused or broken connection, or a dead postmaster, counts at once.
 */
import pg from 'pg';
import type { Availability } from './availability';
import type { EmbeddedCluster } from './embedded';

const PROBE_EVERY_MS = 1000;
const PROBE_TIMEOUT_MS = 3000;
/** Timed-out probes in a row that are taken for a busy database rather than a lost one. */
const SLOW_PROBES_TOLERATED = 2;
export const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 10 * 60 * 1000;

interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

interface WatchdogOptions {
  /** Where the probe connects (the application role's URL). */
  url: string;
  /** The embedded cluster this process runs, or null for an external database. */
  cluster: EmbeddedCluster | null;
  log: Logger;
  /** Called once when the database can not be brought back. */
  onGiveUp(reason: string): void;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class DatabaseWatchdog implements Availability {
  available = true;
  /** Restarts tried since the server started (the metrics report them). */
  restarts = 0;
  private client: pg.Client | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private downSince = 0;
  private slowProbes = 0;
  private readonly recentRestarts: number[] = [];

  constructor(private readonly options: WatchdogOptions) {}

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.drop();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), PROBE_EVERY_MS);
  }

  private async tick(): Promise<void> {
    const began = Date.now();
    const problem = await this.probe();
    if (this.stopped) return;
    const { cluster } = this.options;
    const dead = cluster?.restart != null && !cluster.running();
    const slow = problem !== null && !dead && Date.now() - began >= PROBE_TIMEOUT_MS;
    this.slowProbes = slow ? this.slowProbes + 1 : 0;
    if (problem === null) this.up();
    else if (slow && this.slowProbes <= SLOW_PROBES_TOLERATED) {
      // Busy rather than gone: calls go on (each bounded by the pool's own wait).
    } else {
      this.down(problem);
      if (dead && cluster?.restart) await this.restart(cluster.restart);
    }
    this.schedule();
  }

  /** Null when the database answered, else what went wrong. */
  private async probe(): Promise<string | null> {
    try {
      if (!this.client) {
        const client = new pg.Client({
          connectionString: this.options.url,
          connectionTimeoutMillis: PROBE_TIMEOUT_MS,
          query_timeout: PROBE_TIMEOUT_MS,
          application_name: 'materia watchdog',
        });
        client.on('error', () => void this.drop()); // the next probe reconnects
        this.client = client;
        await client.connect();
      }
      await this.client.query('select 1');
      return null;
    } catch (error) {
      await this.drop();
      return messageOf(error);
    }
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private up(): void {
    if (this.available) return;
    this.available = true;
    const seconds = Math.round((Date.now() - this.downSince) / 1000);
    this.options.log.info(`The database is available again (it was away ${seconds} s).`);
  }

  private down(problem: string): void {
    if (!this.available) return;
    this.available = false;
    this.downSince = Date.now();
    this.options.log.error(
      `The database is not available (${problem}); calls answer 503 until it is back.`,
    );
  }

  private async restart(restart: () => Promise<void>): Promise<void> {
    const now = Date.now();
    while (this.recentRestarts.length && now - (this.recentRestarts[0] ?? 0) > RESTART_WINDOW_MS) {
      this.recentRestarts.shift();
    }
    const { log } = this.options;
    if (this.recentRestarts.length >= MAX_RESTARTS) {
      this.stopped = true;
      this.options.onGiveUp(
        `the embedded database died and ${MAX_RESTARTS} restarts within ` +
          `${RESTART_WINDOW_MS / 60_000} minutes did not bring it back`,
      );
      return;
    }
    this.recentRestarts.push(now);
    this.restarts += 1;
    log.warn(
      `Restarting the embedded database (restart ${this.recentRestarts.length} of at most ` +
        `${MAX_RESTARTS} within ${RESTART_WINDOW_MS / 60_000} minutes).`,
    );
    try {
      await restart();
    } catch (error) {
      log.error(`The embedded database did not start: ${messageOf(error)}`);
    }
  }
}
