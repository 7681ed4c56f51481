/**
 * One clinic's calls hold at most a share of the pool's connections at once (a third). Without
 * it, one clinic sending many slow calls at once (a burst of hard searches, a runaway script)
 * takes every connection, and the other clinics' calls queue behind it until they answer "busy"
 * (issue 42: thirty such calls made another clinic's list answer 503 for 90 s). With it, the
 * extra calls wait behind their own clinic's, in order, for as long as a call may wait for a
 * connection, and the rest of the pool stays free for everyone else.
 */
import { SERVER_BUSY_TEXT } from '../db/availability';
import { ApiError } from './errors';

export class ClinicShare {
  private readonly running = new Map<number, number>();
  private readonly waiting = new Map<number, (() => void)[]>();

  constructor(
    readonly limit: number,
    private readonly waitMs: number,
  ) {}

  /** Runs `work` once the clinic holds fewer than `limit` calls; 503 "busy" after waiting too long. */
  async hold<T>(companyId: number, work: () => Promise<T>): Promise<T> {
    await this.take(companyId);
    try {
      return await work();
    } finally {
      this.give(companyId);
    }
  }

  /** The calls a clinic has running now (for tests and metrics). */
  runningFor(companyId: number): number {
    return this.running.get(companyId) ?? 0;
  }

  private take(companyId: number): Promise<void> {
    const running = this.runningFor(companyId);
    if (running < this.limit) {
      this.running.set(companyId, running + 1);
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(companyId) ?? [];
      this.waiting.set(companyId, queue);
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(start), 1);
        if (queue.length === 0) this.waiting.delete(companyId);
        reject(new ApiError(503, SERVER_BUSY_TEXT));
      }, this.waitMs);
      queue.push(start);
    });
  }

  /** A finished call hands its place to the clinic's next waiting call, if any. */
  private give(companyId: number): void {
    const queue = this.waiting.get(companyId);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(companyId);
    if (next) return next();
    const running = this.runningFor(companyId) - 1;
    if (running > 0) this.running.set(companyId, running);
    else this.running.delete(companyId);
  }
}

/** A third of the pool for one clinic (at least two calls). */
export const clinicShareFor = (poolSize: number, waitMs: number) =>
  new ClinicShare(Math.max(2, Math.floor(poolSize / 3)), waitMs);
