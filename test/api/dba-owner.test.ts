/**
 * External PostgreSQL as a DBA sets it up (issue 14, item 2): the owner role is not a superuser,
 * only CREATEROLE and the owner of its database. It must migrate and (re-)key the managed app role
 * at every start, not only the first: PostgreSQL refuses NOSUPERUSER/NOBYPASSRLS in ALTER ROLE
 * from anyone but a superuser (15 and 18 alike). The scratch database holds the app role's
 * password the test cluster already uses, so re-keying the shared role leaves other files working.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { call, newCompany, startTestServer } from '../support/api';
import { adminToken } from '../support/users';

const suffix = randomBytes(4).toString('hex');
const owner = `materia_dba_owner_${suffix}`;
const ownerPassword = randomBytes(18).toString('base64url');
const scratch = `materia_dba_${suffix}`;

function urlOf(base: string, user: string, password: string, database: string): string {
  const url = new URL(base);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const clusterOwner = () => inject('databaseOwnerUrl');
const ownerUrl = (database: string) => urlOf(clusterOwner(), owner, ownerPassword, database);

beforeAll(async () => {
  const app = new URL(inject('databaseAppUrl'));
  // What a DBA grants: login, CREATEROLE (and CREATEDB here, to make the scratch database), and
  // the admin option on the app role an earlier start created (PostgreSQL ≥ 16 asks for it).
  await run(
    clusterOwner(),
    `create role ${owner} login createrole createdb password '${ownerPassword}';
     grant ${decodeURIComponent(app.username)} to ${owner} with admin option`,
  );
  await run(ownerUrl('postgres'), `create database ${scratch}`);
  const password = decodeURIComponent(app.password).replaceAll("'", "''");
  await run(
    ownerUrl(scratch),
    `create schema materia_private;
     create table materia_private.secrets (name text primary key, value text not null);
     insert into materia_private.secrets values ('app_role_password', '${password}')`,
  );
});
afterAll(async () => {
  await run(ownerUrl('postgres'), `drop database if exists ${scratch} with (force)`);
  await run(clusterOwner(), `drop role if exists ${owner}`);
});

it('a DBA-made owner that is not a superuser starts the server twice (migrations, app role)', async () => {
  for (const start of [1, 2]) {
    const server = await startTestServer({ DATABASE_URL: ownerUrl(scratch), DATABASE_APP_URL: '' });
    try {
      expect(new URL(server.database.appUrl).username, `start ${start}`).toBe('materia_app');
      const company = await newCompany(server);
      const reply = await call(
        server,
        company,
        'users/check_authentication',
        {},
        await adminToken(server, company),
      );
      expect(reply.result, `start ${start}`).toBe(true);
    } finally {
      await server.close();
    }
  }
});
