/**
 * The runtime (issue 14, item 1): the tests and the servers they start run on the Node that
 * package.json pins (npm puts its binary first on the path of every script and of npx), and the
 * server says at start which Node and which PostgreSQL it runs on.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { readPackageJson, readVersion } from '../../src/server/version';
import { serverProcess, type ServerProcess } from '../support/server-process';

let server: ServerProcess;

beforeAll(async () => {
  server = await serverProcess({
    DATABASE_URL: inject('databaseOwnerUrl'),
    DATABASE_APP_URL: inject('databaseAppUrl'),
  });
  await server.start();
});
afterAll(async () => {
  await server?.stop();
});

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: inject('databaseOwnerUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]!.server_version.split(' ')[0]!;
  } finally {
    await client.end();
  }
}

it('runs on the pinned Node', () => {
  expect(process.version).toBe(`v${readPackageJson().dependencies.node}`);
});

it('prints the Node and PostgreSQL versions it runs on at start', async () => {
  const { node } = readPackageJson().dependencies;
  const line = `Materia ${readVersion()} on Node v${node}, PostgreSQL ${await postgresVersion()} (DATABASE_URL)`;
  expect(server.output()).toContain(`\n${line}\n`);
  expect(server.output()).not.toContain('Warning: Materia runs on Node');
});
