/**
 * Schema changes a test makes in the database the test files share, inside a transaction that
 * is rolled back. Its statements wait at most LOCK_WAIT_MS for a lock; one that would wait longer
 * gives the transaction up, and it is tried again. Without this, a DDL statement queued behind
 * another file's transaction (a bulk load of patients holds its tables for seconds) makes every
 * later reader of its table queue behind it in turn, and their tests time out.
 */
import type pg from 'pg';

const LOCK_WAIT_MS = 500;
const RETRY_FOR_MS = 20_000;
const LOCK_NOT_AVAILABLE = '55P03';

export async function inRolledBackDdl<T>(
  client: pg.ClientBase,
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    await client.query('begin');
    try {
      await client.query(`set local lock_timeout = ${LOCK_WAIT_MS}`);
      return await work();
    } catch (error) {
      const waitedTooLong = (error as { code?: string }).code === LOCK_NOT_AVAILABLE;
      if (!waitedTooLong || Date.now() > deadline) throw error;
    } finally {
      await client.query('rollback');
    }
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
  }
}
