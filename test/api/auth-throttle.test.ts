import { randomBytes } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { beforeAll, describe, expect, it } from 'vitest';
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

const env = useTestServer({ company: false });
beforeAll(() => useQuickCaptcha(env.server));

const CAPTCHA = { type: 'w', text: 'Please complete the captcha to continue.' };
const WRONG = 'Wrong-Password-1';

/** Each test its own clinic: attempts are counted per clinic, so tests never share counts. */
const freshClinic = () => newCompany(env.server, 'Throttle Clinic');

async function failLogins(company: TestCompany, count: number, email = company.adminEmail) {
  for (let i = 0; i < count; i += 1) {
    const reply = await login(env.server, company, email, WRONG);
    expect(reply.status).toBe(401);
  }
}

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
  it('asks for the captcha for that account, then accepts a solved one', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const asked = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(asked).toMatchObject({ result: false, data: { captcha_required: true } });
    expect(asked.messages).toEqual([CAPTCHA]);
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
      expect(reply.data).toEqual({ captcha_required: true });
    }
    expect((await login(env.server, company, company.adminEmail, WRONG, altcha)).status).toBe(401);
    const replayed = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(replayed.data).toEqual({ captcha_required: true });
  });

  it('asks for the captcha for any account from that address', async () => {
    const company = await freshClinic();
    for (let i = 0; i < 3; i += 1) {
      await failLogins(company, 1, `nobody-${i}@${company.slug}.test`);
    }
    const asked = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(asked.data).toEqual({ captcha_required: true });
  });

  it('a successful login clears that account’s failures', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    const altcha = await solveCaptcha(env.server, company);
    expect(
      (await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha)).result,
    ).toBe(true);
    // Seven more failures would block the account had the first three still counted.
    for (let i = 0; i < 7; i += 1) {
      const reply = await login(
        env.server,
        company,
        company.adminEmail,
        WRONG,
        await solveCaptcha(env.server, company),
      );
      expect(reply.status).toBe(401);
    }
    const still = await login(
      env.server,
      company,
      company.adminEmail,
      TEST_PASSWORD,
      await solveCaptcha(env.server, company),
    );
    expect(still.result).toBe(true);
  });
});

describe('parallel guesses', () => {
  it('are counted one after the other, so a burst cannot skip the captcha', async () => {
    const company = await freshClinic();
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => login(env.server, company, company.adminEmail, WRONG)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 401, 401, 401]);
  });
});

describe('blocking', () => {
  it('refuses an account with 429 and says when, after 10 failures in 15 minutes', async () => {
    const company = await freshClinic();
    await failLogins(company, 3);
    for (let i = 0; i < 7; i += 1) {
      const altcha = await solveCaptcha(env.server, company);
      expect((await login(env.server, company, company.adminEmail, WRONG, altcha)).status).toBe(
        401,
      );
    }
    const altcha = await solveCaptcha(env.server, company);
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD, altcha);
    expect(reply.status).toBe(429);
    expect(reply.result).toBe(false);
    expect(reply.messages).toEqual([
      { type: 'e', text: 'Too many attempts. Please try again in 15 minutes.' },
    ]);
    // Another account from the same address is not blocked by it.
    const other = await login(
      env.server,
      company,
      `other@${company.slug}.test`,
      WRONG,
      await solveCaptcha(env.server, company),
    );
    expect(other.status).toBe(401);
  });

  it('refuses an address with 429 after 50 failures in 15 minutes, whatever the account', async () => {
    const company = await freshClinic();
    for (let i = 0; i < 50; i += 1) {
      const altcha = i < 3 ? undefined : await solveCaptcha(env.server, company);
      const email = `guess-${randomBytes(3).toString('hex')}@${company.slug}.test`;
      expect((await login(env.server, company, email, WRONG, altcha)).status).toBe(401);
    }
    const reply = await login(env.server, company, company.adminEmail, TEST_PASSWORD);
    expect(reply.status).toBe(429);
    expect(reply.messages[0]?.text).toMatch(
      /^Too many attempts\. Please try again in 1[45] minutes\.$/,
    );
  }, 120_000);
});
