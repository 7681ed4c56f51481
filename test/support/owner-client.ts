/**
 * A connection as the database owner (no row-level security) for the file's tests that look
 * under the API — the schema, a migration's SQL — opened before them and closed after.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from './api';

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
