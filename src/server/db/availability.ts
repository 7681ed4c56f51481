/**
 * When the database can not serve a request, the caller gets 503 with a message saying nothing
 * was saved (and Retry-After), never a 500 and never a request that hangs: the pool waits only
 * DATABASE_POOL_WAIT_MS for a connection, and while the watchdog knows the database is down
 * requests do not even try.
 */
import { ApiError } from '../http/errors';

export const DATABASE_DOWN_TEXT = 'The database is not available; nothing was saved.';
export const SERVER_BUSY_TEXT =
  'The server is busy; please try again in a moment. Nothing was saved.';
/** A statement past its deadline (DATABASE_STATEMENT_TIMEOUT_MS) or past temp_file_limit. */
export const TOOK_TOO_LONG_TEXT =
  'That took too long and was stopped; nothing was saved. Try a narrower search or filter.';
/** Seconds a 503 asks the caller to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/** What the dispatcher asks before it takes a connection (the watchdog answers). */
export interface Availability {
  readonly available: boolean;
  /** Restarts of the embedded database so far (the metrics report them). */
  readonly restarts?: number;
}

export const alwaysAvailable: Availability = { available: true };

/**
 * pg-pool's errors when no connection came free in time: none was returned to the pool within
 * DATABASE_POOL_WAIT_MS, or a new one took longer than its own bound to open (wait-bound-pool.ts).
 */
const POOL_TIMEOUT = /timeout exceeded when trying to connect|due to connection timeout/;

/**
 * A statement stopped for its cost: past the statement timeout (57014, which PostgreSQL words
 * "due to statement timeout") or past the temporary files it may write (53400, temp_file_limit).
 * The transaction was rolled back.
 */
function tookTooLong(code: string, message: string): boolean {
  return (code === '57014' && /statement timeout/i.test(message)) || code === '53400';
}

// Connection exceptions (class 08), the server shutting down, crashing or starting up (57P0x), and
// any other statement cancelled (57014): a stopping server cutting a stuck request (shutdown.ts),
// or a caller that went away (cancel-on-close.ts); the transaction was rolled back, another try
// may work.
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-4])$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|not queryable|Client was closed|connection error|server closed the connection|caller went away/i;

/** The 503 an error from the database layer stands for, or null when it is a real failure. */
export function unavailableError(error: unknown): ApiError | null {
  if (!(error instanceof Error)) return null;
  if (POOL_TIMEOUT.test(error.message)) return new ApiError(503, SERVER_BUSY_TEXT);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && tookTooLong(code, error.message))
    return new ApiError(503, TOOK_TOO_LONG_TEXT);
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return new ApiError(503, DATABASE_DOWN_TEXT);
  if (UNAVAILABLE_MESSAGE.test(error.message)) return new ApiError(503, DATABASE_DOWN_TEXT);
  return null;
}
