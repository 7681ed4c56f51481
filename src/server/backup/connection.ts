/**
 * The database a backup reads or a restore writes, as the owner role, found as the server finds
 * it (DATABASE_URL, else the embedded cluster in DATA_DIR: the running server's, or started
 * here and stopped again). Nothing is migrated on opening: a backup records the schema as it is.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
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
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  if (!create && !existsSync(join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(`There is no Materia database in ${config.dataDir} (DATA_DIR).`);
  }
  const cluster = await startEmbeddedPostgres(config.dataDir, quiet);
  return { url: cluster.url, close: () => cluster.stop() };
}
