/** An admin sends a user a password reset link (users/send_password_reset). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import type { UserToken } from '../../src/shared/envelope';
import { call, newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { login, resetLinkIn, useMailbox } from '../support/auth';
import { addUser } from '../support/users';

const inbox = useMailbox();
const env = useTestServer({
  company: 'Linden Clinic',
  admin: true,
  config: () => ({
    SMTP_URL: inbox.smtpUrl(),
    PUBLIC_URL: 'https://clinic.example/',
  }),
});

const send = (userId: number, token: UserToken = env.admin, who: TestCompany = env.company) =>
  call(env.server, who, 'users/send_password_reset', { user_id: userId }, token);

const auditActions = (userId: number) =>
  inTenant(env.server.database.db, env.company.companyId, async (trx) =>
    (
      await sql<{ action: string }>`select action from audit_log
        where entity = 'users' and entity_id = ${String(userId)} order by audit_id`.execute(trx)
    ).rows.map((r) => r.action),
  );

describe('users/send_password_reset', () => {
  it('mails the user a single-use link that sets a new password, and audits it', async () => {
    const user = await addUser(env.server, env.company);
    const arriving = inbox.box.next();
    const reply = await send(user.userId);
    expect(reply).toMatchObject({
      status: 200,
      result: true,
      messages: [
        { type: 's', text: `A link to reset the password has been sent to ${user.email}.` },
      ],
    });
    const mail = await arriving;
    expect(mail).toMatch(new RegExp(`^To: ${user.email}`, 'mi'));
    expect(mail).toContain('Subject: Reset your Linden Clinic password');
    const link = resetLinkIn(mail);
    expect(link.company).toBe(env.company.slug);
    const reset = await call(env.server, env.company, 'users/reset_password', {
      token: link.token,
      password: 'Sent-By-Admin-42',
    });
    expect(reset).toMatchObject({ status: 200, result: true });
    expect((await login(env.server, env.company, user.email, 'Sent-By-Admin-42')).result).toBe(
      true,
    );
    expect(await auditActions(user.userId)).toContain('send_password_reset');
  });

  it('refuses a disabled user', async () => {
    const user = await addUser(env.server, env.company);
    await call(
      env.server,
      env.company,
      'users/update',
      { user_id: user.userId, field: 'user_enabled', value: 0 },
      env.admin,
    );
    expect(await send(user.userId)).toMatchObject({
      status: 400,
      messages: [
        {
          type: 'e',
          text: 'This user is disabled: enable the account before sending a reset link.',
        },
      ],
    });
  });

  it('needs users/set_password', async () => {
    const user = await addUser(env.server, env.company);
    const editor = await addUser(env.server, env.company, {
      privileges: ['users/list', 'users/update'],
    });
    expect(await send(user.userId, editor.token)).toMatchObject({
      status: 403,
      messages: [{ type: 'e', text: 'You do not have the privilege to do this.' }],
    });
    const setter = await addUser(env.server, env.company, { privileges: ['users/set_password'] });
    const arriving = inbox.box.next();
    expect((await send(user.userId, setter.token)).status).toBe(200);
    await arriving;
  });

  it('does not reach another company’s user', async () => {
    const other = await newCompany(env.server);
    const stranger = await addUser(env.server, other);
    const missing = stranger.userId + 1000;
    expect(await send(missing)).toMatchObject({
      status: 404,
      messages: [{ type: 'e', text: `There is no user with the id ${missing}.` }],
    });
  });
});
