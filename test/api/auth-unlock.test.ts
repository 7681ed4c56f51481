/**
 * users/unlock: the idle lock screen checks the signed-in user's password for the current
 * session; a wrong password is a failed sign-in (counted, then throttled), the right one leaves
 * the session as it was.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { unlockWaitText } from '../../src/server/auth/unlock';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, TEST_PASSWORD } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';

// Many calls from one address in a minute: the per-address request limits would answer first.
const env = useTestServer({ company: false, config: { RATE_LIMITS: 'off' } });

const WRONG = 'Wrong-Password-1';
const WRONG_TEXT = 'That is not your password. The screen stays locked.';

/** Each test its own clinic: failures are counted per clinic, so tests never share counts. */
async function signedIn() {
  const company = await newCompany(env.server, 'Unlock Clinic');
  const user = await addUser(env.server, company);
  const unlock = (password: string, token = user.token) =>
    call(env.server, company, 'users/unlock', { password }, token);
  return { company, user, unlock };
}

describe('users/unlock', () => {
  it('accepts the signed-in user’s password and keeps the session', async () => {
    const { company, user, unlock } = await signedIn();
    const reply = await unlock(TEST_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.result).toBe(true);
    const check = await call(env.server, company, 'users/check_authentication', {}, user.token);
    expect(check.result).toBe(true);
  });

  it('refuses a wrong password in words, without ending the session', async () => {
    const { company, user, unlock } = await signedIn();
    const reply = await unlock(WRONG);
    expect(reply.status).toBe(403);
    expect(reply.result).toBe(false);
    expect(reply.authentication_failed).toBeUndefined();
    expect(reply.messages).toEqual([{ type: 'e', text: WRONG_TEXT }]);
    const check = await call(env.server, company, 'users/check_authentication', {}, user.token);
    expect(check.result).toBe(true);
  });

  it('counts wrong passwords as failed sign-ins and then waits, even for the right one', async () => {
    const { company, user, unlock } = await signedIn();
    for (let i = 0; i < 3; i += 1) expect((await unlock(WRONG)).status).toBe(403);
    const throttled = await unlock(TEST_PASSWORD);
    expect(throttled.status).toBe(429);
    expect(throttled.result).toBe(false);
    expect(throttled.messages[0]?.text).toMatch(
      new RegExp(`^${unlockWaitText(60).replace(/\d+ seconds/, '\\d+ seconds?')}$`),
    );
    // The sign-in gate of the account saw the same failures.
    const status = await call<{ captcha_required: boolean }>(
      env.server,
      company,
      'users/login_status',
      { user_email: user.email },
    );
    expect(status.data.captcha_required).toBe(true);
  });

  it('checks the password of the session’s own user, not another account’s', async () => {
    const { company, user, unlock } = await signedIn();
    // The admin keeps TEST_PASSWORD; this user's password becomes another one.
    const own = 'Own-Password-7';
    const hash = await hashPassword(own);
    await inTenant(env.server.database.db, company.companyId, (trx) =>
      trx
        .updateTable('users')
        .set({ user_password_hash: hash })
        .where('company_id', '=', company.companyId)
        .where('user_id', '=', user.userId)
        .execute(),
    );
    expect((await unlock(TEST_PASSWORD)).status).toBe(403);
    expect((await unlock(own)).result).toBe(true);
  });

  it('needs a session', async () => {
    const { unlock } = await signedIn();
    const reply = await unlock(TEST_PASSWORD, null as never);
    expect(reply.result).toBe(false);
    expect(reply.authentication_failed).toBe(true);
  });
});
