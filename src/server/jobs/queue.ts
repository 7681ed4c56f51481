/**
 * The job queue, in PostgreSQL: pg-boss (docs/decisions/0063-job-queue-pg-boss.md). A job is
 * enqueued in the transaction of the write that calls for it (`send(trx, …)`), so a rolled-back
 * booking leaves no job behind and a committed one always has its job. Each server process that
 * runs the worker claims due jobs with SELECT … FOR UPDATE SKIP LOCKED, so several processes never
 * run the same job at once; a failed job is retried with exponential back-off; a job whose process
 * died (kill -9) is taken as lost after `expireSeconds` and run again. Handlers must therefore be
 * idempotent: the message handler locks its message row and skips one already sent
 * (src/server/messages/send.ts).
 *
 * The schema is installed and upgraded at migrate time by the owner role (install.ts); this side
 * runs as the app role and never changes the schema. Jobs are not tenant rows: each carries its
 * company_id, and its handler opens that company's transaction (inTenant).
 */
import { fromKysely, PgBoss, type Job } from 'pg-boss';
import type { Tx } from '../db/tenancy';

/** The schema pg-boss lives in (installed by install.ts). */
export const JOB_SCHEMA = 'pgboss';

/** Materia's queues; each is created at migrate time (install.ts). */
export const QUEUES = { messages: 'messages', waitlist: 'waitlist', diary: 'diary' } as const;
type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Retries after the first attempt; with back-off from JOB_RETRY_SECONDS they span about 2 hours. */
export const RETRY_LIMIT = 8;
/** The longest wait between two attempts, whatever the back-off reached. */
const RETRY_DELAY_MAX_SECONDS = 3600;
/**
 * Each process runs 2 pollers fetching 5 due jobs at a time, the 5 side by side: at most 10 jobs
 * at once, each holding one pooled connection while it sends. A full batch fetches the next at
 * once (a burst of 1,000 reminders due in the same minute); otherwise every POLL_SECONDS.
 */
const POLLERS = 2;
const BATCH = 5;
const POLL_SECONDS = 2;

/** What every job carries: the company whose transaction its handler opens. */
interface TenantJob {
  company_id: number;
}

interface JobTiming {
  /** The first retry's delay; each later one doubles (JOB_RETRY_SECONDS). */
  retrySeconds: number;
  /** A job running longer than this is taken as lost and run again (JOB_EXPIRE_SECONDS). */
  expireSeconds: number;
}

interface Logger {
  warn(msg: string): void;
}

type JobHandler<T extends object> = (job: Job<T>) => Promise<void>;

export class JobQueue {
  #boss: Promise<PgBoss> | null = null;
  #stopped = false;

  constructor(
    private readonly url: string,
    private readonly timing: JobTiming,
    private readonly log: Logger,
  ) {}

  /** pg-boss on its own small pool of the app role, started on first use. */
  #started(): Promise<PgBoss> {
    if (this.#stopped) return Promise.reject(new Error('The job queue has stopped.'));
    this.#boss ??= (async () => {
      const boss = new PgBoss({
        connectionString: this.url,
        schema: JOB_SCHEMA,
        max: 3,
        application_name: 'materia-jobs',
        // The owner installs and upgrades the schema (install.ts); the app role may not.
        migrate: false,
        createSchema: false,
        // The cron clock (`every`): each started process checks the schedules, and pg-boss sends
        // each occurrence once whichever process gets there first.
        schedule: true,
        // Expiry of lost jobs (kill -9) and retention; one process at a time does it, by lock.
        supervise: true,
        superviseIntervalSeconds: Math.min(60, this.timing.expireSeconds),
        monitorIntervalSeconds: Math.min(60, this.timing.expireSeconds),
        queueCacheIntervalSeconds: Math.min(60, this.timing.expireSeconds),
        // The app role owns no index to rebuild.
        reindex: false,
      });
      boss.on('error', (error) => this.log.warn(`Job queue: ${error.message}`));
      boss.on('warning', (warning) => this.log.warn(`Job queue: ${warning.message}`));
      await boss.start();
      return boss;
    })();
    return this.#boss;
  }

  /**
   * Enqueues a job in the caller's transaction: it exists only if that transaction commits.
   * `startAfter`: not before then (a reminder's time).
   */
  async send<T extends TenantJob>(
    trx: Tx,
    queue: QueueName,
    data: T,
    options: { startAfter?: Date } = {},
  ): Promise<void> {
    const boss = await this.#started();
    await boss.send(queue, data, {
      ...options,
      retryLimit: RETRY_LIMIT,
      retryDelay: this.timing.retrySeconds,
      retryBackoff: true,
      retryDelayMax: RETRY_DELAY_MAX_SECONDS,
      expireInSeconds: this.timing.expireSeconds,
      db: fromKysely(trx),
    });
  }

  /**
   * Runs `handler` for each due job of `queue` in this process until stop(). A job whose handler
   * throws is failed and retried with back-off; the others of its batch are not affected.
   */
  async work<T extends object>(queue: QueueName, handler: JobHandler<T>): Promise<void> {
    const boss = await this.#started();
    const options = {
      batchSize: BATCH,
      localConcurrency: POLLERS,
      pollingIntervalSeconds: POLL_SECONDS,
      burstWhenBatchFull: true,
      perJobResults: true,
    } as const;
    await boss.work<T>(queue, options, (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await handler(job);
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            return { id: job.id, status: 'failed' as const, output: { error: String(error) } };
          }
        }),
      ),
    );
  }

  /**
   * Sends an empty job to `queue` on the cron expression `cron` (UTC), for work over every clinic
   * (such a job carries no company). The schedule is a row in the database: calling this again
   * replaces it, and it outlives the process.
   */
  async every(queue: QueueName, cron: string): Promise<void> {
    const boss = await this.#started();
    await boss.schedule(queue, cron, {}, { tz: 'UTC' });
  }

  /** Stops taking jobs; those running get `timeoutMs` to finish, then their jobs expire and rerun. */
  async stop(timeoutMs = 5000): Promise<void> {
    this.#stopped = true;
    const boss = await this.#boss?.catch(() => null);
    await boss?.stop({ graceful: true, timeout: timeoutMs, close: true });
  }
}

/** The process's queue: one database per process (db/database.ts sets it when it opens). */
let current: JobQueue | null = null;

export function useJobQueue(queue: JobQueue): void {
  current = queue;
}

export function jobQueue(): JobQueue {
  if (!current) throw new Error('The job queue is not open (the database was not opened).');
  return current;
}
