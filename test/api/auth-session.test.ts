import { describe, expect, it } from 'vitest';
import { Sessions } from '../../src/server/auth/sessions';
import { call, TEST_PASSWORD } from '../support/api';
import { useTestServer } from '../support/test-env';
import { loginToken } from '../support/auth';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The server's real Sessions, reading a clock the test moves. */
const clock = { now: Date.now() };
const env = useTestServer({
  company: 'Session Clinic',
  services: { sessions: new Sessions(() => clock.now) },
});

const check = (token: Awaited<ReturnType<typeof loginToken>>) =>
  call(env.server, env.company, 'users/check_authentication', {}, token);

describe('token expiry', () => {
  it('expires after 2 hours without a call', async () => {
    clock.now = Date.now();
    const token = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    clock.now += 2 * HOUR - MINUTE;
    expect((await check(token)).result).toBe(true);
    // That call counted as activity: the idle time starts again from it.
    clock.now += 2 * HOUR - MINUTE;
    expect((await check(token)).result).toBe(true);
    clock.now += 2 * HOUR;
    const expired = await check(token);
    expect(expired).toMatchObject({ status: 401, result: false, authentication_failed: true });
  });

  it('expires 12 hours after login however busy the session is', async () => {
    clock.now = Date.now();
    const token = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    expect(new Date(token.hash_expire).getTime()).toBe(clock.now + 12 * HOUR);
    for (let hours = 1; hours < 12; hours += 1) {
      clock.now += HOUR;
      expect((await check(token)).result).toBe(true);
    }
    clock.now += HOUR;
    expect((await check(token)).authentication_failed).toBe(true);
  });

  it('ends with logout, and a new login starts a new session', async () => {
    clock.now = Date.now();
    const token = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    await call(env.server, env.company, 'users/logout', {}, token);
    expect((await check(token)).authentication_failed).toBe(true);
    const next = await loginToken(env.server, env.company, env.company.adminEmail, TEST_PASSWORD);
    expect(next.userlogin_id).not.toBe(token.userlogin_id);
    expect((await check(next)).result).toBe(true);
  });
});
