/**
 * Migration 0029: a surname entered where the last name was left empty moves into the last name
 * (the screens show only Last name now); a last name already given is kept. Its SQL runs as the
 * owner in a transaction that is rolled back, on users made for the purpose.
 */
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { addUser } from '../support/users';
import { useOwnerClient } from '../support/owner-client';
import { useTestServer } from '../support/test-env';

const env = useTestServer();
const ownerClient = useOwnerClient(() => env.server);

it('moves a surname into an empty last name and keeps a given last name', async () => {
  const onlySurname = await addUser(env.server, env.company);
  const both = await addUser(env.server, env.company);
  const migration = MIGRATIONS.find((m) => m.name === '0029_user_surname');
  expect(migration).toBeDefined();
  await ownerClient().query('begin');
  try {
    // Ids are per company: every statement names the company too.
    const company = env.company.companyId;
    const set = `update users set user_last_name = $3, user_surname = $4
      where company_id = $1 and user_id = $2`;
    await ownerClient().query(set, [company, onlySurname.userId, ' ', 'Kingsley']);
    await ownerClient().query(set, [company, both.userId, 'Hale', 'Other']);
    await ownerClient().query(migration!.sql);
    const { rows } = await ownerClient().query<{ user_id: number; user_last_name: string }>(
      `select user_id, user_last_name from users
        where company_id = $1 and user_id = any($2) order by user_id`,
      [company, [onlySurname.userId, both.userId]],
    );
    expect(rows).toEqual([
      { user_id: onlySurname.userId, user_last_name: 'Kingsley' },
      { user_id: both.userId, user_last_name: 'Hale' },
    ]);
  } finally {
    await ownerClient().query('rollback');
  }
});
