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

// Connection exceptions (class 08), the server shutting down, crashing or starting up (57P0x), and
// a statement cancelled (57014): nothing sets a statement timeout, so that is a stopping server
// cutting a stuck request (shutdown.ts); the transaction was rolled back, another try may work.
const UNAVAILABLE_SQLSTATE = /^(08...|57014|57P0[1-4])$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|not queryable|Client was closed|connection error|server closed the connection/i;

/** The 503 an error from the database layer stands for, or null when it is a real failure. */
export function unavailableError(error: unknown): ApiError | null {
  if (!(error instanceof Error)) return null;
  if (POOL_TIMEOUT.test(error.message)) return new ApiError(503, SERVER_BUSY_TEXT);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return new ApiError(503, DATABASE_DOWN_TEXT);
  if (UNAVAILABLE_MESSAGE.test(error.message)) return new ApiError(503, DATABASE_DOWN_TEXT);
  return null;
}
