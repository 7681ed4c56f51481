/**
 * Connections as the database owner (no row-level security) for tests that look under the API:
 * the schema, a migration's SQL, the embedded cluster of a server's DATA_DIR.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { embeddedClusterOf } from '../../src/server/db/embedded';
import type { TestServer } from './api';

/** Opened before the file's tests and closed after them. */
export function useOwnerClient(server: () => TestServer): () => pg.Client {
  let owner: pg.Client | undefined;
  beforeAll(async () => {
    owner = new pg.Client({ connectionString: server().database.ownerUrl });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
  });
  return () => {
    if (!owner) throw new Error('The owner connection is opened before the tests.');
    return owner;
  };
}

/**
 * A connection as the superuser of the embedded cluster a server runs on DATA_DIR (`database`:
 * materia unless named).
 */
export async function clusterOwnerClient(
  dataDir: string,
  database = 'materia',
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embeddedClusterOf(dataDir, database).url });
  client.on('error', () => undefined); // a stopping cluster cuts this connection
  await client.connect();
  return client;
}
