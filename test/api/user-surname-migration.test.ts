/**
 * Migration 0029: a surname entered where the last name was left empty moves into the last name
 * (the screens show only Last name now); a last name already given is kept. Its SQL runs as the
 * owner in a transaction that is rolled back, on users made for the purpose.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { addUser } from '../support/users';
import { useTestServer } from '../support/test-env';

const env = useTestServer();
let owner: pg.Client;

beforeAll(async () => {
  owner = new pg.Client({ connectionString: env.server.database.ownerUrl });
  await owner.connect();
});
afterAll(async () => {
  await owner?.end();
});

it('moves a surname into an empty last name and keeps a given last name', async () => {
  const onlySurname = await addUser(env.server, env.company);
  const both = await addUser(env.server, env.company);
  const migration = MIGRATIONS.find((m) => m.name === '0029_user_surname');
  expect(migration).toBeDefined();
  await owner.query('begin');
  try {
    // Ids are per company: every statement names the company too.
    const company = env.company.companyId;
    const set = `update users set user_last_name = $3, user_surname = $4
      where company_id = $1 and user_id = $2`;
    await owner.query(set, [company, onlySurname.userId, ' ', 'Kingsley']);
    await owner.query(set, [company, both.userId, 'Hale', 'Other']);
    await owner.query(migration!.sql);
    const { rows } = await owner.query<{ user_id: number; user_last_name: string }>(
      `select user_id, user_last_name from users
        where company_id = $1 and user_id = any($2) order by user_id`,
      [company, [onlySurname.userId, both.userId]],
    );
    expect(rows).toEqual([
      { user_id: onlySurname.userId, user_last_name: 'Kingsley' },
      { user_id: both.userId, user_last_name: 'Hale' },
    ]);
  } finally {
    await owner.query('rollback');
  }
});
