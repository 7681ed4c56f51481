/**
 * Dropping a scratch database a test made. Its servers are closed by then, but a closed
 * connection's backend may still be exiting; `with (force)` would then have to terminate it, which
 * an owner that is not a superuser may not do for the app role's backends (PostgreSQL 15 CI run:
 * "must be a member of the role whose process is being terminated"). So it first waits for them
 * to be gone.
 */
import pg from 'pg';

const GONE_WITHIN_MS = 15_000;

export async function dropScratchDatabase(ownerUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const deadline = Date.now() + GONE_WITHIN_MS;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}
