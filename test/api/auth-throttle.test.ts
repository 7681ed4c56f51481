import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Challenge } from 'altcha-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginWaitText } from '../../src/server/auth/login';
import { inTenant } from '../../src/server/db/tenancy';
import type { Envelope } from '../../src/shared/envelope';
import {
  call,
  newCompany,
  startTestServer,
  TEST_PASSWORD,
  type TestCompany,
  type TestServer,
} from '../support/api';
import { useTestServer } from '../support/test-env';
import { login, solveCaptcha, useQuickCaptcha } from '../support/auth';

// Hundreds of calls from 127.0.0.1 in a minute: the per-address request limits would answer
// first (test/api/rate-limits.test.ts covers them).
const env = useTestServer({ company: false, config: { RATE_LIMITS: 'off' } });
beforeAll(() => useQuickCaptcha(env.server));

const WRONG = 'Wrong-Password-1';

interface Gate {
  captcha_required: boolean;
  retry_after: number;
}

/** Each test its own clinic: attempts are counted per clinic, so tests never share counts. */
const freshClinic = () => newCompany(env.server, 'Throttle Clinic');

async function failLogins(company: TestCompany, count: number, email = company.adminEmail) {
  for (let i = 0; i < count; i += 1) {
    // From the 4th failure on each guess needs a captcha (or a wait).
    const altcha = i >= 3 ? await solveCaptcha(env.server, company) : undefined;
    const reply = await login(env.server, company, email, WRONG, altcha);
    expect(reply.status).toBe(401);
  }
}

/** A call as from another client address (the test server trusts no proxy: the socket's). */
async function callFrom<T>(
  address: string,
  company: TestCompany,
  path: string,
  payload: Record<string, unknown>,
) {
  const response = await env.server.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: { ...payload, _company_slug: company.slug },
    remoteAddress: address,
  });
  return { status: response.statusCode, ...response.json<Envelope<T>>() };
}

const statusOf = (company: TestCompany, email?: string, address = '127.0.0.1') =>
  callFrom<Gate>(address, company, 'users/login_status', email ? { user_email: email } : {});

/** Moves the clinic's recorded failures `seconds` into the past (the database clock decides). */
const ageFailures = (company: TestCompany, seconds: number) =>
  inTenant(env.server.database.db, company.companyId, (trx) =>
    sql`update auth_attempts set at = at - make_interval(secs => ${seconds})
      where company_id = ${company.companyId}`.execute(trx),
  );

describe('captcha/challenge', () => {
  it('hands out a signed ALTCHA challenge without a login', async () => {
    const company = await freshClinic();
    const reply = await call<Challenge>(env.server, company, 'captcha/challenge');
    expect(reply.result).toBe(true);
    expect(reply.data.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256' });
    expect(reply.data.parameters.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.data.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  /** A clinic whose admin must solve a captcha, and one solved on a second server. */
  async function withSecondServer(
    check: (company: TestCompany, second: TestServer, altcha: string) => Promise<void>,
  ) {
    const company = await freshClinic();
    const second = await startTestServer();
    try {
      useQuickCaptcha(second);
      const altcha = await solveCaptcha(second, company);
      await failLogins(company, 3);
      await check(company, second, altcha);
    } finally {
      await second.close();
    }
  }

  it('is signed with keys every server of the deployment shares', () =>
    withSecondServer(async (company, _second, altcha) => {
      const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
      expect(reply.result).toBe(true);
    }));

  it('accepts a solution once across servers, not once per server', () =>
    withSecondServer(async (company, second, altcha) => {
      const first = await login(second, company, company.adminEmail, TEST_PASSWORD, altcha);
      expect(first.result).toBe(true);
      // The address's failures still ask for a captcha: the used solution must not pass again.
      const again = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
      expect(again).toMatchObject({ result: false, data: { captcha_required: true } });
    }));
});

describe('after 3 failed logins', () => {
  it('asks for the captcha (or a minute’s wait) for that account, then accepts a solved one', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const asked = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(asked).toMatchObject({ status: 429, result: false, data: { captcha_required: true } });
    const wait = (asked.data as unknown as Gate).retry_after;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    const again = await env.server.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { _company_slug: company.slug, user_email: company.adminEmail, password: 'x' },
    });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    expect(asked.messages).toEqual([{ type: 'w', text: loginWaitText(wait) }]);
    expect(asked.messages[0]?.text).toMatch(
      /^Too many failed sign-ins\. Complete the captcha to sign in now, or try again in \d+ seconds\.$/,
    );
    const altcha = await solveCaptcha(env.server, company);
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(reply.result).toBe(true);
    expect(reply.data.user.user_id).toBe(1);
  });

  it('refuses a forged, a malformed or an already used solution', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const altcha = await solveCaptcha(env.server, company);
    const decoded = JSON.parse(atob(altcha)) as {
      challenge: { parameters: { cost: number } };
      solution: { derivedKey: string };
    };
    const wrongKey = structuredClone(decoded);
    wrongKey.solution.derivedKey = `${decoded.solution.derivedKey.startsWith('0') ? '1' : '0'}${decoded.solution.derivedKey.slice(1)}`;
    const cheaper = structuredClone(decoded);
    cheaper.challenge.parameters.cost = 0;
    const forgeries = [wrongKey, cheaper].map((payload) => btoa(JSON.stringify(payload)));
    const widgetTest = btoa('{"challenge":null,"solution":null,"test":true}');
    for (const bad of [...forgeries, 'not base64 json', widgetTest]) {
      const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, bad);
      expect(reply.data).toMatchObject({ captcha_required: true });
    }
    expect((await login(env.server, company, company.adminEmail, WRONG, altcha)).status).toBe(401);
    const replayed = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(replayed.data).toMatchObject({ captcha_required: true });
  });

  it('refuses a solution solved for another clinic, and accepts it at its own', async () => {
    const [clinicA, clinicB] = [await freshClinic(), await freshClinic()];
    await failLogins(clinicB, 3);
    const forA = await solveCaptcha(env.server, clinicA);
    const atB = await login(env.server, clinicB, clinicB.adminEmail, TEST_PASSWORD, forA);
    expect(atB).toMatchObject({ status: 429, result: false, data: { captcha_required: true } });
    // The refusal did not use it up: clinic A still takes it.
    await failLogins(clinicA, 3);
    const atA = await login(env.server, clinicA, clinicA.adminEmail, TEST_PASSWORD, forA);
    expect(atA.result).toBe(true);
  });

  it('asks for the captcha for any account from that address', async () => {
    const company = await freshClinic();
    for (let i = 0; i < 3; i += 1) {
      await failLogins(company, 1, `nobody-${i}@${company.slug}.test`);
    }
    const asked = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(asked.data).toMatchObject({ captcha_required: true });
  });

  it('asks for the captcha for that account from any address', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const payload = { user_email: company.adminEmail, password: TEST_PASSWORD };
    const asked = await callFrom(`10.1.2.3`, company, 'users/login', payload);
    expect(asked).toMatchObject({ status: 429, data: { captcha_required: true } });
  });

  it('a successful login clears that account’s failures', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const altcha = await solveCaptcha(env.server, company);
    expect(
      (await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha)).result,
    ).toBe(true);
    // This address still has its failures; another address sees none on the account.
    const payload = { user_email: company.adminEmail, password: TEST_PASSWORD };
    const elsewhere = await callFrom(`10.4.5.6`, company, 'users/login', payload);
    expect(elsewhere.result).toBe(true);
  });
});

describe('parallel guesses', () => {
  it('are counted one after the other, so a burst cannot skip the captcha', async () => {
    const company = await freshClinic();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => login(env.server, company, company.adminEmail, WRONG)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('the waits', () => {
  it('grow with every further failure: 1, 2, 4 minutes … up to 15', async () => {
    const company = await freshClinic();
    const waits: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const altcha = i >= 3 ? await solveCaptcha(env.server, company) : undefined;
      const reply = await login(env.server, company, company.adminEmail, WRONG, altcha);
      expect(reply.status).toBe(401);
      waits.push((reply.data as unknown as Gate).retry_after);
    }
    // Whole seconds left of each wait, a few lost to the test's own pace.
    const expected = [0, 0, 60, 120, 240, 480, 900, 900, 900];
    waits.forEach((wait, i) => {
      expect(wait, `after failure ${i + 1}`).toBeLessThanOrEqual(expected[i] ?? 0);
      expect(wait, `after failure ${i + 1}`).toBeGreaterThan((expected[i] ?? 0) - 10);
    });
  });

  it('once over, let a guess without a captcha be checked again', async () => {
    const company = await freshClinic();
    await failLogins(company, 4);
    await ageFailures(company, 119);
    const early = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(early).toMatchObject({ status: 429, data: { captcha_required: true } });
    await ageFailures(company, 2);
    const after = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(after.result).toBe(true);
  });
});

describe('the real user is never locked out', () => {
  it('logs in with the right password and a solved captcha after many failures on the account', async () => {
    const company = await freshClinic();
    await failLogins(company, 12);
    const without = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(without).toMatchObject({ status: 429, data: { captcha_required: true } });
    const altcha = await solveCaptcha(env.server, company);
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(reply.status).toBe(200);
    expect(reply.result).toBe(true);
  }, 60_000);

  it('logs in with the right password and a solved captcha after many failures from the address', async () => {
    const company = await freshClinic();
    // More than the 50 that used to block the address for everyone.
    for (let i = 0; i < 51; i += 1) {
      const email = `guess-${randomBytes(3).toString('hex')}@${company.slug}.test`;
      const altcha = i >= 3 ? await solveCaptcha(env.server, company) : undefined;
      expect((await login(env.server, company, email, WRONG, altcha)).status).toBe(401);
    }
    const altcha = await solveCaptcha(env.server, company);
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(reply.result).toBe(true);
  }, 120_000);
});

describe('users/login_status', () => {
  it('tells before any submit whether the server will ask for the captcha', async () => {
    const company = await freshClinic();
    const victim = company.adminEmail;
    expect((await statusOf(company, victim)).data).toEqual({
      captcha_required: false,
      retry_after: 0,
    });
    await failLogins(company, 3, victim);
    const account = await statusOf(company, victim);
    expect(account).toMatchObject({ status: 200, result: true, data: { captcha_required: true } });
    expect(account.data.retry_after).toBeGreaterThan(50);
    // Before the e-mail is typed, the address's failures alone decide.
    expect((await statusOf(company)).data.captcha_required).toBe(true);
    // The account asks for it from anywhere; another account from elsewhere is free.
    expect((await statusOf(company, victim, '10.7.8.9')).data.captcha_required).toBe(true);
    const other = await statusOf(company, `other@${company.slug}.test`, '10.7.8.9');
    expect(other.data).toEqual({ captcha_required: false, retry_after: 0 });
  });

  it('counts an IPv6 client’s whole /64 as one address', async () => {
    const company = await freshClinic();
    for (let i = 1; i <= 3; i += 1) {
      const payload = { user_email: `guess-${i}@${company.slug}.test`, password: WRONG };
      expect((await callFrom(`2001:db8:5:6::${i}`, company, 'users/login', payload)).status).toBe(
        401,
      );
    }
    const rotated = await statusOf(company, company.adminEmail, '2001:db8:5:6:abcd::1');
    expect(rotated.data.captcha_required).toBe(true);
    const elsewhere = await statusOf(company, company.adminEmail, '2001:db8:5:7::1');
    expect(elsewhere.data.captcha_required).toBe(false);
  });

  it('matches what the login then answers, and counts nothing itself', async () => {
    const company = await freshClinic();
    for (let i = 0; i < 5; i += 1) await statusOf(company, company.adminEmail);
    expect((await statusOf(company, company.adminEmail)).data.captcha_required).toBe(false);
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(reply.result).toBe(true);
  });
});
