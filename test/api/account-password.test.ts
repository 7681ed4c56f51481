import { describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, TEST_PASSWORD } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { login, loginToken } from '../support/auth';

const env = useTestServer({ company: 'Password Clinic' });

const NEW_PASSWORD = 'Fresh-Start-2024';
const ALL_RULES =
  'Can not be empty Must contain at least 1 uppercase letter. Must contain at least 1 number. Must be at least 10 characters long.';

const isValid = async (token: Parameters<typeof call>[4]) =>
  (await call(env.server, env.company, 'users/check_authentication', {}, token)).result;

const auditOf = (action: string) =>
  inTenant(env.server.database.db, env.company.companyId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['user_id', 'entity', 'entity_id', 'before', 'after'])
      .where('action', '=', action)
      .execute(),
  );

describe('users/change_my_password', () => {
  it('needs the current password', async () => {
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/change_my_password',
      { old_password: 'Not-The-One-1', new_password: NEW_PASSWORD },
      user.token,
    );
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(reply.messages).toEqual([{ type: 'e', text: 'The current password is not correct.' }]);
    expect((await login(env.server, env.company, user.email, TEST_PASSWORD)).result).toBe(true);
  });

  it('throttles wrong current passwords as the login does', async () => {
    // A clinic of its own: the failures count per address too.
    const clinic = await newCompany(env.server, 'Password Throttle Clinic');
    const mover = await addUser(env.server, clinic);
    const change = (old_password: string) =>
      call(
        env.server,
        clinic,
        'users/change_my_password',
        { old_password, new_password: NEW_PASSWORD },
        mover.token,
      );
    for (let i = 0; i < 3; i += 1) expect((await change('Not-The-One-1')).status).toBe(400);
    expect(await change(TEST_PASSWORD)).toMatchObject({ status: 429, result: false });
    expect((await login(env.server, clinic, mover.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('names every broken rule with its exact text', async () => {
    const user = await addUser(env.server, env.company);
    const change = (new_password: string) =>
      call(
        env.server,
        env.company,
        'users/change_my_password',
        { old_password: TEST_PASSWORD, new_password },
        user.token,
      );
    expect((await change('')).messages[0]?.text).toBe(ALL_RULES);
    expect((await change('has a Space 1')).messages[0]?.text).toBe('Can not contain a space.');
    expect((await change('Short1')).messages[0]?.text).toBe('Must be at least 10 characters long.');
    expect((await login(env.server, env.company, user.email, TEST_PASSWORD)).result).toBe(true);
  });

  it('changes it, keeps this session and ends the others', async () => {
    const user = await addUser(env.server, env.company);
    const other = await loginToken(env.server, env.company, user.email, TEST_PASSWORD);
    const reply = await call(
      env.server,
      env.company,
      'users/change_my_password',
      { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
      user.token,
    );
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(await isValid(user.token)).toBe(true);
    expect(await isValid(other)).toBe(false);
    expect((await login(env.server, env.company, user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(env.server, env.company, user.email, NEW_PASSWORD)).result).toBe(true);
    const audit = await auditOf('change_password');
    expect(audit).toContainEqual({
      user_id: user.userId,
      entity: 'users',
      entity_id: String(user.userId),
      before: null,
      after: null,
    });
  });

  it('refuses unknown fields and over-long passwords by name', async () => {
    const user = await addUser(env.server, env.company);
    const extra = await call(
      env.server,
      env.company,
      'users/change_my_password',
      { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, user_id: 1 },
      user.token,
    );
    expect(extra.messages[0]?.text).toBe('Unknown field "user_id".');
    const long = await call(
      env.server,
      env.company,
      'users/change_my_password',
      { old_password: TEST_PASSWORD, new_password: `A1${'x'.repeat(300)}` },
      user.token,
    );
    expect(long.messages[0]?.text).toBe('"new_password": Maximum of 256 characters allowed.');
  });
});

describe('users/set_password', () => {
  it('lets an admin set another user’s password, ending that user’s sessions', async () => {
    const admin = await addUser(env.server, env.company, { groupIds: [1] });
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/set_password',
      { user_id: user.userId, password: NEW_PASSWORD },
      admin.token,
    );
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(await isValid(user.token)).toBe(false);
    expect(await isValid(admin.token)).toBe(true);
    expect((await login(env.server, env.company, user.email, NEW_PASSWORD)).result).toBe(true);
    const audit = await auditOf('set_password');
    expect(audit).toContainEqual({
      user_id: admin.userId,
      entity: 'users',
      entity_id: String(user.userId),
      before: null,
      after: null,
    });
    expect(JSON.stringify(audit)).not.toContain('argon2');
  });

  it('is open to a user whose group has the privilege', async () => {
    const manager = await addUser(env.server, env.company, { privileges: ['users/set_password'] });
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/set_password',
      { user_id: user.userId, password: NEW_PASSWORD },
      manager.token,
    );
    expect(reply.result).toBe(true);
  });

  it('is refused to a user without the privilege, and changes nothing', async () => {
    const clerk = await addUser(env.server, env.company, {
      privileges: ['users/list', 'users/update'],
    });
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/set_password',
      { user_id: user.userId, password: NEW_PASSWORD },
      clerk.token,
    );
    expect(reply).toMatchObject({ status: 403, result: false });
    expect(reply.messages).toEqual([
      { type: 'e', text: 'You do not have the privilege to do this.' },
    ]);
    expect(await isValid(user.token)).toBe(true);
    expect((await login(env.server, env.company, user.email, TEST_PASSWORD)).result).toBe(true);
  });

  it('names every broken rule and keeps the old password', async () => {
    const admin = await addUser(env.server, env.company, { groupIds: [1] });
    const user = await addUser(env.server, env.company);
    const reply = await call(
      env.server,
      env.company,
      'users/set_password',
      { user_id: user.userId, password: 'nouppercase1' },
      admin.token,
    );
    expect(reply.messages).toEqual([
      { type: 'e', text: 'Must contain at least 1 uppercase letter.' },
    ]);
    expect(await isValid(user.token)).toBe(true);
  });

  it('answers another clinic’s user exactly like a missing one, and leaves it alone', async () => {
    const admin = await addUser(env.server, env.company, { groupIds: [1] });
    const elsewhere = await newCompany(env.server, 'Other Clinic');
    // Ids count from 1 in each clinic: take one that exists there and not here.
    const ours = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('users')
        .select((eb) => eb.fn.max('user_id').as('max'))
        .executeTakeFirstOrThrow(),
    );
    let theirs = await addUser(env.server, elsewhere);
    while (theirs.userId <= ours.max) theirs = await addUser(env.server, elsewhere);

    const set = (user_id: number) =>
      call(
        env.server,
        env.company,
        'users/set_password',
        { user_id, password: NEW_PASSWORD },
        admin.token,
      );
    const crossed = await set(theirs.userId);
    const missing = await set(theirs.userId + 1000);
    expect(crossed).toMatchObject({ status: 404, result: false });
    expect(crossed.messages).toEqual([
      { type: 'e', text: `There is no user with the id ${theirs.userId}.` },
    ]);
    expect({ ...missing, messages: crossed.messages }).toEqual(crossed);
    expect(missing.messages[0]?.text).toBe(`There is no user with the id ${theirs.userId + 1000}.`);
    expect((await login(env.server, elsewhere, theirs.email, TEST_PASSWORD)).result).toBe(true);
    expect(
      (await call(env.server, elsewhere, 'users/check_authentication', {}, theirs.token)).result,
    ).toBe(true);
  });

  it('refuses a malformed user id by name', async () => {
    const admin = await addUser(env.server, env.company, { groupIds: [1] });
    const reply = await call(
      env.server,
      env.company,
      'users/set_password',
      { user_id: '2', password: NEW_PASSWORD },
      admin.token,
    );
    expect(reply.status).toBe(400);
    // The exact wording is the dispatcher's (see http/validation.ts); the field must be named.
    expect(reply.messages[0]?.text).toMatch(/^"user_id" /);
  });
});
