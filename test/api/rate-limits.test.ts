/**
 * Per-address request limits on the public calls: over its limit an address
 * gets the envelope, 429, Retry-After and a message in words; other addresses, other calls and
 * calls with no limit go on. Limits are set by RATE_LIMITS (here small, to reach them quickly).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { DEFAULT_RATE_LIMITS } from '../../src/server/http/rate-limit-settings';
import { rateLimitText } from '../../src/server/http/rate-limits';
import type { Envelope } from '../../src/shared/envelope';
import { TEST_PASSWORD } from '../support/api';
import { useTestServer } from '../support/test-env';

const env = useTestServer({
  company: 'Busy Clinic',
  config: { RATE_LIMITS: 'captcha/challenge=3,users/login=2,users/request_password_reset=1' },
});

async function callFrom(address: string, path: string, payload: Record<string, unknown> = {}) {
  const response = await env.server.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: { ...payload, _company_slug: env.company.slug },
    remoteAddress: address,
  });
  return { response, envelope: response.json<Envelope>() };
}

describe('a public call over its per-address limit', () => {
  it('is answered 429 with Retry-After and the envelope, and nothing else of the call runs', async () => {
    const address = '10.0.0.1';
    for (let i = 0; i < 3; i += 1) {
      expect((await callFrom(address, 'captcha/challenge')).response.statusCode).toBe(200);
    }
    const { response, envelope } = await callFrom(address, 'captcha/challenge');
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(envelope).toMatchObject({ result: false, data: null });
    expect(envelope.messages).toEqual([{ type: 'e', text: rateLimitText(seconds) }]);
    expect(envelope.messages[0]?.text).toMatch(
      /^Too many requests from your address\. Please try again in \d+ seconds?\.$/,
    );
  });

  it('is counted per address and per call', async () => {
    for (let i = 0; i < 4; i += 1) await callFrom('10.0.0.2', 'captcha/challenge');
    expect((await callFrom('10.0.0.2', 'captcha/challenge')).response.statusCode).toBe(429);
    expect((await callFrom('10.0.0.3', 'captcha/challenge')).response.statusCode).toBe(200);
    const login = { user_email: env.company.adminEmail, password: TEST_PASSWORD };
    const logged = await callFrom('10.0.0.2', 'users/login', login);
    expect(logged.envelope.result).toBe(true);
  });

  it('counts an IPv6 client’s whole /64 as one address', async () => {
    for (let i = 1; i <= 3; i += 1) {
      expect((await callFrom(`2001:db8:1:2::${i}`, 'captcha/challenge')).response.statusCode).toBe(
        200,
      );
    }
    const rotated = await callFrom('2001:db8:1:2:ffff::9', 'captcha/challenge');
    expect(rotated.response.statusCode).toBe(429);
    expect((await callFrom('2001:db8:1:3::1', 'captcha/challenge')).response.statusCode).toBe(200);
  });

  it('limits the login and the reset request too, not the calls of a logged-in user', async () => {
    const address = '10.0.0.4';
    const login = { user_email: env.company.adminEmail, password: TEST_PASSWORD };
    const first = await callFrom(address, 'users/login', login);
    await callFrom(address, 'users/login', login);
    expect((await callFrom(address, 'users/login', login)).response.statusCode).toBe(429);
    const reset = { user_email: env.company.adminEmail };
    await callFrom(address, 'users/request_password_reset', reset);
    const again = await callFrom(address, 'users/request_password_reset', reset);
    expect(again.response.statusCode).toBe(429);
    // A logged-in user's calls have no such limit.
    const token = (first.envelope.data as { user_token: unknown }).user_token;
    for (let i = 0; i < 5; i += 1) {
      const checked = await callFrom(address, 'users/check_authentication', {
        _user_token: token,
      });
      expect(checked.response.statusCode).toBe(200);
    }
  });
});

describe('RATE_LIMITS', () => {
  it('defaults to limits a clinic behind one address does not reach, and can be turned off', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(DEFAULT_RATE_LIMITS['users/login']).toBeGreaterThanOrEqual(100);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toEqual({});
    expect(loadConfig({ RATE_LIMITS: 'users/login=5' }).rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      'users/login': 5,
    });
  });

  it('stops start-up naming the variable and the wrong part', () => {
    expect(() => loadConfig({ RATE_LIMITS: 'users/lgoin=5' })).toThrow(
      /^RATE_LIMITS names "users\/lgoin", which is not one of captcha\/challenge, /,
    );
    expect(() => loadConfig({ RATE_LIMITS: 'users/login=0' })).toThrow(
      'RATE_LIMITS sets "users/login" to "0", which is not a whole number from 1 (got "users/login=0").',
    );
  });
});
