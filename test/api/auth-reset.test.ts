import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, startTestServer, TEST_PASSWORD, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import {
  decodeQuotedPrintable,
  login,
  loginToken,
  resetLinkIn,
  solveCaptcha,
  useQuickCaptcha,
  useMailbox,
} from '../support/auth';

const REQUESTED = {
  type: 's',
  text: 'If that address belongs to an account, a link to reset the password is on its way.',
};
const LINK_INVALID =
  'This reset link has expired or has already been used. Please ask for a new one.';
const NEW_PASSWORD = 'Brand-New-Pass-42';

const inbox = useMailbox();
const env = useTestServer({
  company: false,
  config: () => ({
    SMTP_URL: inbox.smtpUrl(),
    PUBLIC_URL: 'https://clinic.example/',
  }),
});
beforeAll(() => useQuickCaptcha(env.server));

async function requestReset(company: TestCompany, email: string) {
  return call(env.server, company, 'users/request_password_reset', {
    user_email: email,
    altcha: await solveCaptcha(env.server, company),
  });
}

const resetPassword = (company: TestCompany, token: string, password: string) =>
  call(env.server, company, 'users/reset_password', { token, password });

/** Waits a moment for mail that should not come; resolves with what did arrive. */
const mailsAfterAWhile = async (count: number) => {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return inbox.box.received.slice(count);
};

describe('the reset flow over SMTP', () => {
  it('mails a link that resets the password once, ending every session', async () => {
    const company = await newCompany(env.server, 'Willow & Sage Clinic');
    const user = await addUser(env.server, company);
    const arriving = inbox.box.next();
    const reply = await requestReset(company, user.email.toUpperCase());
    expect(reply).toMatchObject({ status: 200, result: true, messages: [REQUESTED] });

    const mail = await arriving;
    expect(mail).toMatch(new RegExp(`^To: ${user.email}`, 'mi'));
    expect(mail).toContain('Subject: Reset your Willow & Sage Clinic password');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(decodeQuotedPrintable(mail)).toContain('Willow &amp; Sage Clinic account in Materia.');
    const link = resetLinkIn(mail);
    expect(link.url.origin + link.url.pathname).toBe('https://clinic.example/password-reset');
    expect(link.company).toBe(company.slug);
    expect(link.token).toMatch(/^[\w-]{43}$/);

    const done = await resetPassword(company, link.token, NEW_PASSWORD);
    expect(done).toMatchObject({ status: 200, result: true });
    const stale = await call(env.server, company, 'users/check_authentication', {}, user.token);
    expect(stale.authentication_failed).toBe(true);
    expect((await login(env.server, company, user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(env.server, company, user.email, NEW_PASSWORD)).result).toBe(true);

    const again = await resetPassword(company, link.token, 'Another-Pass-43');
    expect(again).toMatchObject({ status: 400, result: false });
    expect(again.messages).toEqual([{ type: 'e', text: LINK_INVALID }]);
    expect((await login(env.server, company, user.email, NEW_PASSWORD)).result).toBe(true);

    const audited = await inTenant(env.server.database.db, company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['user_id', 'entity_id', 'before', 'after'])
        .where('action', '=', 'reset_password')
        .execute(),
    );
    expect(audited).toEqual([
      { user_id: user.userId, entity_id: String(user.userId), before: null, after: null },
    ]);
  });

  it('keeps the link usable when the new password breaks the rules, naming every rule', async () => {
    const company = await newCompany(env.server);
    const arriving = inbox.box.next();
    await requestReset(company, company.adminEmail);
    const { token } = resetLinkIn(await arriving);
    const weak = await resetPassword(company, token, 'weak password');
    expect(weak.status).toBe(400);
    expect(weak.messages).toEqual([
      {
        type: 'e',
        text: 'Can not contain a space. Must contain at least 1 uppercase letter. Must contain at least 1 number.',
      },
    ]);
    const empty = await resetPassword(company, token, '');
    expect(empty.messages[0]?.text).toBe(
      'Can not be empty Must contain at least 1 uppercase letter. Must contain at least 1 number. Must be at least 10 characters long.',
    );
    expect((await resetPassword(company, token, NEW_PASSWORD)).result).toBe(true);
  });

  it('refuses an unknown token, an expired one and one of another clinic', async () => {
    const company = await newCompany(env.server);
    const unknown = await resetPassword(company, 'x'.repeat(43), NEW_PASSWORD);
    expect(unknown.messages).toEqual([{ type: 'e', text: LINK_INVALID }]);

    const arriving = inbox.box.next();
    await requestReset(company, company.adminEmail);
    const { token } = resetLinkIn(await arriving);
    const other = await newCompany(env.server);
    expect((await resetPassword(other, token, NEW_PASSWORD)).messages[0]?.text).toBe(LINK_INVALID);

    // An hour later (moved in the database, whose clock decides).
    await inTenant(env.server.database.db, company.companyId, (trx) =>
      trx
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute(),
    );
    const expired = await resetPassword(company, token, NEW_PASSWORD);
    expect(expired.messages).toEqual([{ type: 'e', text: LINK_INVALID }]);
    expect((await login(env.server, company, company.adminEmail, TEST_PASSWORD)).result).toBe(true);
  });

  it('a newer reset makes the older links useless once one is used', async () => {
    const company = await newCompany(env.server);
    const first = inbox.box.next();
    await requestReset(company, company.adminEmail);
    const second = inbox.box.next();
    await requestReset(company, company.adminEmail);
    const older = resetLinkIn(await first).token;
    const newer = resetLinkIn(await second).token;
    expect(older).not.toBe(newer);
    expect((await resetPassword(company, newer, NEW_PASSWORD)).result).toBe(true);
    expect((await resetPassword(company, older, 'Another-Pass-43')).messages[0]?.text).toBe(
      LINK_INVALID,
    );
  });
});

describe('no account enumeration', () => {
  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const company = await newCompany(env.server);
    const before = inbox.box.received.length;
    const unknown = await requestReset(company, `nobody@${company.slug}.test`);
    const { version: _v, ...reply } = unknown;
    expect(reply).toEqual({ status: 200, result: true, data: null, messages: [REQUESTED] });
    expect(await mailsAfterAWhile(before)).toEqual([]);
  });

  it('sends nothing to a disabled account, with the same answer', async () => {
    const company = await newCompany(env.server);
    const user = await addUser(env.server, company);
    await inTenant(env.server.database.db, company.companyId, (trx) =>
      trx
        .updateTable('users')
        .set({ user_enabled: 0 })
        .where('user_id', '=', user.userId)
        .execute(),
    );
    const before = inbox.box.received.length;
    expect((await requestReset(company, user.email)).messages).toEqual([REQUESTED]);
    expect(await mailsAfterAWhile(before)).toEqual([]);
  });
});

describe('captcha and throttling of reset requests', () => {
  it('always needs a solved captcha', async () => {
    const company = await newCompany(env.server);
    const none = await call(env.server, company, 'users/request_password_reset', {
      user_email: company.adminEmail,
    });
    expect(none).toMatchObject({ result: false, data: { captcha_required: true } });
    expect(none.messages).toEqual([
      { type: 'w', text: 'Please complete the captcha to continue.' },
    ]);
    const garbage = await call(env.server, company, 'users/request_password_reset', {
      user_email: company.adminEmail,
      altcha: 'garbage',
    });
    expect(garbage.data).toEqual({ captcha_required: true });
  });

  it('mails an account at most 3 times an hour, answering the same after that', async () => {
    const company = await newCompany(env.server);
    const before = inbox.box.received.length;
    const arrivals = [inbox.box.next(), inbox.box.next(), inbox.box.next()];
    for (let i = 0; i < 4; i += 1) {
      expect((await requestReset(company, company.adminEmail)).messages).toEqual([REQUESTED]);
    }
    await Promise.all(arrivals);
    expect(await mailsAfterAWhile(before)).toHaveLength(3);
  });

  it('refuses an address with 429 after 10 requests in an hour', async () => {
    const company = await newCompany(env.server);
    for (let i = 0; i < 10; i += 1) {
      expect((await requestReset(company, `someone-${i}@${company.slug}.test`)).result).toBe(true);
    }
    const refused = await requestReset(company, company.adminEmail);
    expect(refused.status).toBe(429);
    expect(refused.messages[0]?.text).toMatch(
      /^Too many attempts\. Please try again in (59|60) minutes\.$/,
    );
  });

  it('refuses unknown fields and over-long values by name', async () => {
    const company = await newCompany(env.server);
    const extra = await call(env.server, company, 'users/reset_password', {
      token: 'x',
      password: NEW_PASSWORD,
      user_id: 1,
    });
    expect(extra.messages[0]?.text).toBe('Unknown field "user_id".');
    const long = await call(env.server, company, 'users/reset_password', {
      token: 'x'.repeat(201),
      password: NEW_PASSWORD,
    });
    expect(long.messages[0]?.text).toBe('"token": Maximum of 200 characters allowed.');
  });
});

describe('without SMTP_URL', () => {
  it('writes the mail as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'materia-mail-'));
    const local = await startTestServer({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8123' });
    try {
      useQuickCaptcha(local);
      const company = await newCompany(local, 'File Mail Clinic');
      const reply = await call(local, company, 'users/request_password_reset', {
        user_email: company.adminEmail,
        altcha: await solveCaptcha(local, company),
      });
      expect(reply.result).toBe(true);
      const folder = join(dataDir, 'mail');
      const files = await expect
        .poll(async () => readdir(folder).catch(() => [] as string[]), { timeout: 5000 })
        .toHaveLength(1)
        .then(() => readdir(folder));
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await readFile(join(folder, files[0] ?? ''), 'utf8');
      expect(mail).toContain('Subject: Reset your File Mail Clinic password');
      const link = resetLinkIn(mail);
      expect(link.url.origin).toBe('http://localhost:8123');
      expect(link.company).toBe(company.slug);
      const done = await call(local, company, 'users/reset_password', {
        token: link.token,
        password: NEW_PASSWORD,
      });
      expect(done.result).toBe(true);
      await loginToken(local, company, company.adminEmail, NEW_PASSWORD);
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
