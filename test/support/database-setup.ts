/**
 * Global set-up of the API tests: one real PostgreSQL for the run — the embedded cluster in a
 * fresh folder, or TEST_DATABASE_URL — migrated as the server would. Each test file then works in
 * a company of its own, so files never see each other's rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseOwnerUrl: string;
    databaseAppUrl: string;
    dataDir: string;
  }
}

let database: Database | null = null;
let dataDir = '';

const quiet = { info: () => {}, warn: () => {}, debug: () => {} };

export async function setup(project: TestProject) {
  dataDir = await mkdtemp(join(tmpdir(), 'materia-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    LOG_LEVEL: 'silent',
  });
  database = await openDatabase(config, quiet);
  project.provide('databaseOwnerUrl', database.ownerUrl);
  // Test servers connect as this role directly instead of each re-keying it.
  project.provide('databaseAppUrl', database.appUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown() {
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
}
