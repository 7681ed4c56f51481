/**
 * External PostgreSQL as a DBA sets it up (issue 14, item 2): the owner role is not a superuser,
 * only LOGIN, CREATEROLE and BYPASSRLS, and owns its database. It must migrate and (re-)key the
 * managed app role at every start, not only the first: PostgreSQL refuses NOSUPERUSER/NOBYPASSRLS
 * in ALTER ROLE from anyone but a superuser (15 and 18 alike). An owner that row-level security
 * binds is refused: its migrations would not see the companies' rows.
 *
 * On the embedded cluster (a superuser owner) the test makes such an owner and a scratch database
 * holding the app role's password the cluster already uses, so re-keying the shared role leaves
 * other files working; on an external server (npm run test:external-pg) the owner already is one.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { call, newCompany, startTestServer } from '../support/api';
import { adminToken } from '../support/users';
import { dropScratchDatabase } from '../support/scratch-database';

const suffix = randomBytes(4).toString('hex');
const madeOwner = `materia_dba_owner_${suffix}`;
const boundOwner = `materia_bound_owner_${suffix}`;
const password = randomBytes(18).toString('base64url');
const scratch = `materia_dba_${suffix}`;
/** The owner URL the test starts servers with: made below when the cluster's is a superuser. */
let dbaOwnerUrl = '';

function urlOf(user: string, database?: string): string {
  const url = new URL(inject('databaseOwnerUrl'));
  url.username = user;
  url.password = password;
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

async function run(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(sql)).rows;
  } finally {
    await client.end();
  }
}

const clusterOwner = () => inject('databaseOwnerUrl');

beforeAll(async () => {
  await run(clusterOwner(), `create role ${boundOwner} login password '${password}'`);
  const [owner] = (await run(
    clusterOwner(),
    'select rolsuper from pg_roles where rolname = current_user',
  )) as [{ rolsuper: boolean }];
  if (!owner.rolsuper) {
    dbaOwnerUrl = clusterOwner();
    return;
  }
  const app = new URL(inject('databaseAppUrl'));
  // What a DBA grants, plus CREATEDB for the scratch database, and the admin option on the app
  // role an earlier start created (PostgreSQL ≥ 16 asks for it; its creator has it).
  await run(
    clusterOwner(),
    `create role ${madeOwner} login createrole createdb bypassrls password '${password}';
     grant ${decodeURIComponent(app.username)} to ${madeOwner} with admin option`,
  );
  await run(urlOf(madeOwner, 'postgres'), `create database ${scratch}`);
  const appPassword = decodeURIComponent(app.password).replaceAll("'", "''");
  await run(
    urlOf(madeOwner, scratch),
    `create schema materia_private;
     create table materia_private.secrets (name text primary key, value text not null);
     insert into materia_private.secrets values ('app_role_password', '${appPassword}')`,
  );
  dbaOwnerUrl = urlOf(madeOwner, scratch);
});
afterAll(async () => {
  if (dbaOwnerUrl !== clusterOwner()) {
    await dropScratchDatabase(urlOf(madeOwner, 'postgres'), scratch);
    await run(clusterOwner(), `drop role if exists ${madeOwner}`);
  }
  await run(clusterOwner(), `drop role if exists ${boundOwner}`);
});

it('a DBA-made owner that is not a superuser starts the server twice (migrations, app role)', async () => {
  for (const start of [1, 2]) {
    const server = await startTestServer({ DATABASE_URL: dbaOwnerUrl, DATABASE_APP_URL: '' });
    try {
      expect(new URL(server.database.appUrl).username, `start ${start}`).toBe('materia_app');
      const company = await newCompany(server);
      const token = await adminToken(server, company);
      const reply = await call(server, company, 'users/check_authentication', {}, token);
      expect(reply.result, `start ${start}`).toBe(true);
    } finally {
      await server.close();
    }
  }
});

it('refuses an owner that row-level security binds, naming the grant it needs', async () => {
  const start = startTestServer({
    DATABASE_URL: urlOf(boundOwner, new URL(clusterOwner()).pathname.slice(1)),
    DATABASE_APP_URL: inject('databaseAppUrl'),
  });
  await expect(start).rejects.toThrow(
    `The database owner role "${boundOwner}" (DATABASE_URL) is bound by row-level security`,
  );
  await expect(start).rejects.toThrow(`ALTER ROLE "${boundOwner}" BYPASSRLS`);
});
