/**
 * A forgotten migration (issue 13): when the code reads a column or a table the database lacks
 * (PostgreSQL 42703 / 42P01), the caller gets a message saying the schema is older than the
 * program and the log a line naming what is missing — not an unexplained failure. The test runs
 * a server on a scratch database of the test cluster, migrated, then stripped of one column and
 * one table, as a database would be whose migration never ran.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SCHEMA_BEHIND_TEXT } from '../../src/server/entities/db-errors';
import { call, newCompany, startTestServer, type TestServer } from '../support/api';
import { dropScratchDatabase } from '../support/scratch-database';
import { adminToken } from '../support/users';

const scratch = `materia_behind_${randomBytes(4).toString('hex')}`;
const inScratch = (url: string) => {
  const u = new URL(url);
  u.pathname = `/${scratch}`;
  return u.toString();
};
const logLines: string[] = [];
let server: TestServer;

async function asOwner(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await asOwner(inject('databaseOwnerUrl'), `create database ${scratch}`);
  const log = pino({ level: 'error' }, { write: (line: string) => logLines.push(line) });
  server = await startTestServer(
    {
      DATABASE_URL: inScratch(inject('databaseOwnerUrl')),
      DATABASE_APP_URL: inScratch(inject('databaseAppUrl')),
    },
    { log },
  );
  await asOwner(
    server.database.ownerUrl,
    'alter table patients drop column patient_city; drop table snippets cascade;',
  );
});
afterAll(async () => {
  await server?.close();
  await dropScratchDatabase(inject('databaseOwnerUrl'), scratch);
});

it.each([
  ['patients/list', 'patient_city'],
  ['snippets/list', 'snippets'],
])('%s on a schema without %s says to run the migrations', async (path, missing) => {
  const company = await newCompany(server);
  const token = await adminToken(server, company);
  const reply = await call(server, company, path, { page: 1, limit: 10 }, token);
  expect(reply.status).toBe(500);
  expect(reply.result).toBe(false);
  expect(reply.messages).toEqual([{ type: 'e', text: SCHEMA_BEHIND_TEXT }]);
  const line = logLines.find((l) => l.includes(missing) && l.includes('run the migrations'));
  expect(line, logLines.join('\n')).toBeDefined();
});
