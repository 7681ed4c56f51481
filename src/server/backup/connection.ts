/**
 * The database a backup reads or a restore writes, as the owner role, found as the server finds
 * it (DATABASE_URL, else the embedded cluster in DATA_DIR: the running server's, or started
 * here and stopped again). Nothing is migrated on opening: a backup records the schema as it is.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { BACKUP_STATEMENT_TIMEOUT_MS, withStatementTimeout } from '../db/deadlines';
import { startEmbeddedPostgres } from '../db/embedded';

interface OwnerDatabase {
  url: string;
  close(): Promise<void>;
}

const quiet = { info: () => {}, warn: (m: string) => console.warn(m), debug: () => {} };

export async function openOwnerDatabase(
  config: Config,
  { create }: { create: boolean },
): Promise<OwnerDatabase> {
  // Every statement bounded, if longer than a call's (docs/operations.md, "Deadlines and caps").
  const bounded = (url: string) => withStatementTimeout(url, BACKUP_STATEMENT_TIMEOUT_MS);
  if (config.databaseUrl) return { url: bounded(config.databaseUrl), close: async () => {} };
  if (!create && !existsSync(join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`There is no Materia database in ${config.dataDir} (DATA_DIR).`);
  }
  const cluster = await startEmbeddedPostgres(config.dataDir, quiet);
  return { url: bounded(cluster.url), close: () => cluster.stop() };
}
