import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { allPrivilegeStrings } from '../../src/shared/modules';
import { call, newCompany, TEST_PASSWORD, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { login, loginToken } from '../support/auth';

const env = useTestServer({ company: 'Login Clinic' });

const NOT_CORRECT = 'The e-mail or password is not correct.';

describe('users/login', () => {
  it('answers with the user, the token and the token fields at the top level', async () => {
    const reply = await login(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.result).toBe(true);
    const { user, user_token } = reply.data;
    expect(user).toMatchObject({
      user_id: 1,
      user_first_name: 'Admin',
      user_email: env.company.adminEmail,
      user_dob: null,
      user_preferred_contact: 'Email',
      groups: [{ group_id: 1, group_key: 'admins', group_name: 'Administrators' }],
      group_ids: [1],
      domain_ids: [],
    });
    for (const field of [
      'user_last_name',
      'user_surname',
      'user_avatar',
      'user_reference_number',
      'user_phone',
      'user_mobile',
      'user_sex',
      'user_gender',
    ]) {
      expect(user).toHaveProperty(field);
    }
    expect(user.hash).toMatch(/^[\w-]{43}$/);
    expect(user_token).toEqual({
      hash: user.hash,
      userlogin_id: user.userlogin_id,
      hash_expire: user.hash_expire,
      logged_in_at: user.logged_in_at,
      user_id: 1,
      group_ids: [1],
      domain_ids: [],
    });
    expect(reply).toMatchObject({
      hash: user.hash,
      hash_expire: user.hash_expire,
      logged_in_at: user.logged_in_at,
      userlogin_id: user.userlogin_id,
    });
    expect(new Date(user.hash_expire).getTime()).toBeGreaterThan(Date.now());
  });

  it('never sends the password hash', async () => {
    const reply = await login(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    const text = JSON.stringify(reply);
    expect(text).not.toContain('password');
    expect(text).not.toContain('$argon2');
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const reply = await login(
      env.server,
      env.company,
      `  ${env.company.adminEmail.toUpperCase()} `,
      TEST_PASSWORD,
    );
    expect(reply.result).toBe(true);
  });

  it('records the login in the audit log', async () => {
    const reply = await login(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    const rows = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'user_id', 'entity', 'entity_id', 'after', 'ip'])
        .where('action', '=', 'login')
        .execute(),
    );
    expect(rows).toContainEqual({
      action: 'login',
      user_id: 1,
      entity: 'users',
      entity_id: '1',
      after: { userlogin_id: reply.data.user.userlogin_id },
      ip: '127.0.0.1',
    });
  });
});

describe('a refused login says the same thing whatever was wrong', () => {
  let other: TestCompany;
  beforeAll(async () => {
    // Its own company, so that these failures do not bring the captcha into the other tests.
    other = await newCompany(env.server, 'Refusals Clinic');
  });

  it('wrong password, unknown e-mail and disabled user get one reply, not an auth failure', async () => {
    const disabled = await addUser(env.server, other);
    await inTenant(env.server.database.db, other.companyId, (trx) =>
      trx
        .updateTable('users')
        .set({ user_enabled: 0 })
        .where('user_id', '=', disabled.userId)
        .execute(),
    );
    const replies = [
      await login(env.server, other, other.adminEmail, 'Wrong-Password-1'),
      await login(env.server, other, `nobody@${other.slug}.test`, TEST_PASSWORD),
      await login(env.server, other, disabled.email, TEST_PASSWORD),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.result).toBe(false);
      expect(reply.authentication_failed).toBeUndefined();
      expect(reply.messages).toEqual([{ type: 'e', text: NOT_CORRECT }]);
      expect(reply.hash).toBeUndefined();
    }
    // The third failure from this address: the next login needs the captcha (or a minute's
    // wait), for anyone.
    expect(replies.map((r) => r.data)).toEqual([
      { captcha_required: false, retry_after: 0 },
      { captcha_required: false, retry_after: 0 },
      { captcha_required: true, retry_after: expect.closeTo(60, -1) as number },
    ]);
  });
});

describe('input', () => {
  it('refuses unknown fields and over-long values by name', async () => {
    const unknown = await call(env.server, env.company, 'users/login', {
      user_email: env.company.adminEmail,
      password: TEST_PASSWORD,
      remember: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.messages[0]?.text).toBe('Unknown field "remember".');
    const long = await call(env.server, env.company, 'users/login', {
      user_email: `${'a'.repeat(250)}@x.test`,
      password: TEST_PASSWORD,
    });
    expect(long.messages[0]?.text).toBe('"user_email": Maximum of 254 characters allowed.');
    const missing = await call(env.server, env.company, 'users/login', {
      user_email: env.company.adminEmail,
    });
    expect(missing.messages[0]?.text).toBe('"password" is required.');
  });
});

describe('users/check_authentication and users/logout', () => {
  it('answers with the user while the token is valid, and refuses it after logout', async () => {
    const token = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    const check = await call(env.server, env.company, 'users/check_authentication', {}, token);
    expect(check.result).toBe(true);
    expect(check.data).toMatchObject({
      user_id: 1,
      user_email: env.company.adminEmail,
      group_ids: [1],
      groups: [{ group_id: 1, group_key: 'admins' }],
      userlogin_id: token.userlogin_id,
      hash_expire: token.hash_expire,
      logged_in_at: token.logged_in_at,
    });
    const logout = await call(env.server, env.company, 'users/logout', {}, token);
    expect(logout.result).toBe(true);
    const after = await call(env.server, env.company, 'users/check_authentication', {}, token);
    expect(after).toMatchObject({ status: 401, result: false, authentication_failed: true });
    const again = await call(env.server, env.company, 'users/logout', {}, token);
    expect(again.authentication_failed).toBe(true);
  });

  it('ends only the session that logged out', async () => {
    const first = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    const second = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    await call(env.server, env.company, 'users/logout', {}, first);
    expect(
      (await call(env.server, env.company, 'users/check_authentication', {}, second)).result,
    ).toBe(true);
  });

  it('refuses a forged token, a missing token and a token of another clinic', async () => {
    const forged = await call(
      env.server,
      env.company,
      'users/check_authentication',
      {},
      {
        hash: 'A'.repeat(43),
        userlogin_id: 1,
      },
    );
    expect(forged).toMatchObject({ result: false, authentication_failed: true });
    const none = await call(env.server, env.company, 'users/check_authentication');
    expect(none).toMatchObject({ result: false, authentication_failed: true });
    const elsewhere = await newCompany(env.server, 'Elsewhere Clinic');
    const theirs = await loginToken(env.server, elsewhere, elsewhere.adminEmail, TEST_PASSWORD);
    const crossed = await call(env.server, env.company, 'users/check_authentication', {}, theirs);
    expect(crossed).toMatchObject({ result: false, authentication_failed: true });
  });
});

describe('users/get_user_privileges', () => {
  it('gives an admin every privilege string', async () => {
    const token = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    const reply = await call<string[]>(
      env.server,
      env.company,
      'users/get_user_privileges',
      {},
      token,
    );
    expect(reply.result).toBe(true);
    expect(reply.data).toEqual(allPrivilegeStrings());
    expect(reply.data).toContain('users/set_password');
  });

  it('gives anyone else the privileges of their groups and nothing more', async () => {
    const user = await addUser(env.server, env.company, {
      privileges: ['patients/list', 'herbs/*'],
    });
    const reply = await call<string[]>(
      env.server,
      env.company,
      'users/get_user_privileges',
      {},
      user.token,
    );
    expect(reply.data).toEqual(['herbs/*', 'patients/list']);
  });

  it('needs a login', async () => {
    const reply = await call(env.server, env.company, 'users/get_user_privileges');
    expect(reply).toMatchObject({ status: 401, authentication_failed: true });
  });
});
