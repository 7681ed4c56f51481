/**
 * The admin boundary: a user holding a users privilege, but not in the
 * administrators group, may act on other staff but never on an administrator — no new e-mail
 * (which would receive the admin's reset link), no disabling, no deleting, no new password, no
 * reset link, no picture, no group change. Each case: refused with the rule in words, nothing
 * changed; the same user on a non-admin: allowed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID_TEXT } from '../../src/server/auth/password-reset';
import { inTenant } from '../../src/server/db/tenancy';
import { ADMIN_GROUP_ONLY_TEXT, ADMIN_ONLY_TARGET_TEXT } from '../../src/shared/users';
import { call, type CallResponse } from '../support/api';
import { resetLinkIn, useMailbox } from '../support/auth';
import { useTestServer } from '../support/test-env';
import { addUser, type TestUser } from '../support/users';

const inbox = useMailbox();
const env = useTestServer({
  company: 'Boundary Clinic',
  config: () => ({ SMTP_URL: inbox.smtpUrl() }),
});

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a tiny png'),
]);

/** A second administrator (group 1), so that refusals are not the "last admin" rule speaking. */
let admin: TestUser;
beforeAll(async () => {
  admin = await addUser(env.server, env.company, { groupIds: [1] });
});

const staffWith = (privileges: string[]) => addUser(env.server, env.company, { privileges });
const plainStaff = () => addUser(env.server, env.company, { privileges: ['herbs/list'] });

/** The target's stored account, to prove a refusal changed nothing. */
const accountOf = (userId: number) =>
  inTenant(env.server.database.db, env.company.companyId, async (trx) => ({
    user: await trx
      .selectFrom('users')
      .select(['user_email', 'user_enabled', 'user_password_hash', 'user_avatar'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    resets: (
      await trx
        .selectFrom('password_resets')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute()
    ).length,
    groups: (
      await trx.selectFrom('user_groups').select('group_id').where('user_id', '=', userId).execute()
    ).map((g) => g.group_id),
  }));

function expectRefused(reply: CallResponse) {
  expect(reply.status).toBe(403);
  expect(reply.result).toBe(false);
  expect(reply.messages).toEqual([{ type: 'e', text: ADMIN_ONLY_TARGET_TEXT }]);
}

/** Runs `act` on the admin (refused, nothing changed) and on a non-admin (allowed). */
async function checkBoundary(
  privileges: string[],
  act: (actor: TestUser, targetId: number) => Promise<CallResponse>,
) {
  const actor = await staffWith(privileges);
  const before = await accountOf(admin.userId);
  expectRefused(await act(actor, admin.userId));
  expect(await accountOf(admin.userId)).toEqual(before);
  const other = await plainStaff();
  const allowed = await act(actor, other.userId);
  expect(allowed.messages.filter((m) => m.type === 'e')).toEqual([]);
  expect(allowed.result).toBe(true);
}

const as = (actor: TestUser, path: string, payload: Record<string, unknown>) =>
  call(env.server, env.company, path, payload, actor.token);

describe('a non-admin with users/update', () => {
  it('can not change an administrator’s e-mail (and so receive their reset link)', () =>
    checkBoundary(['users/update'], (actor, id) =>
      as(actor, 'users/update', { user_id: id, field: 'user_email', value: `x-${id}@evil.test` }),
    ));

  it('can not disable an administrator', () =>
    checkBoundary(['users/update'], (actor, id) =>
      as(actor, 'users/update', { user_id: id, field: 'user_enabled', value: 0 }),
    ));

  it('can not change an administrator’s picture, nor remove it', async () => {
    const upload = (actor: TestUser, id: number) =>
      as(actor, 'users/upload_avatar', {
        user_id: id,
        content_type: 'image/png',
        data: PNG.toString('base64'),
      });
    await checkBoundary(['users/update'], upload);
    await checkBoundary(['users/update'], (actor, id) =>
      as(actor, 'users/remove_avatar', { user_id: id }),
    );
  });
});

describe('a non-admin with users/delete', () => {
  it('can not delete an administrator, alone or among others', async () => {
    await checkBoundary(['users/delete'], (actor, id) =>
      as(actor, 'users/delete', { selected: [id] }),
    );
    const actor = await staffWith(['users/delete']);
    const other = await plainStaff();
    expectRefused(await as(actor, 'users/delete', { selected: [other.userId, admin.userId] }));
    // All or nothing: the non-admin beside the admin is still there.
    expect((await accountOf(other.userId)).user).toBeDefined();
  });
});

describe('a non-admin with users/set_password', () => {
  it('can not set an administrator’s password', () =>
    checkBoundary(['users/set_password'], (actor, id) =>
      as(actor, 'users/set_password', { user_id: id, password: 'Taken-Over-Password-1' }),
    ));

  it('can not send an administrator a reset link', () =>
    checkBoundary(['users/set_password'], (actor, id) =>
      as(actor, 'users/send_password_reset', { user_id: id }),
    ));
});

describe('group membership', () => {
  it('stays the administrators’ to change, from either side of the relation', async () => {
    const actor = await staffWith(['users/*', 'groups/*']);
    const before = await accountOf(admin.userId);
    for (const [path, payload] of [
      ['users/sync_groups', { user_id: admin.userId, relations: [] }],
      ['users/remove_groups', { user_id: admin.userId, relation_id: 1 }],
      ['groups/remove_users', { group_id: 1, relation_id: admin.userId }],
      ['users/add_groups', { user_id: actor.userId, relation_id: 1 }],
    ] as const) {
      const reply = await as(actor, path, payload);
      expect(reply.status, path).toBe(403);
    }
    expect(await accountOf(admin.userId)).toEqual(before);
    expect((await accountOf(actor.userId)).groups).not.toContain(1);
  });
});

describe('the administrators group (group 1)', () => {
  /** Group 1 as the admin reads it: its row and its privilege list. */
  const groupOne = async () => ({
    row: (await as(admin, 'groups/get', { group_id: 1 })).data,
    privileges: (await as(admin, 'groups/get_group_privileges', { group_id: 1 })).data,
  });

  it('keeps its name, key, description and privileges the administrators’ to change', async () => {
    const actor = await staffWith(['groups/*']);
    const before = await groupOne();
    for (const [path, payload] of [
      ['groups/update', { group_id: 1, field: 'group_name', value: 'Nobody' }],
      ['groups/update', { group_id: 1, field: 'group_key', value: 'nobody' }],
      ['groups/update', { group_id: 1, field: 'group_description', value: 'Renamed' }],
      ['groups/sync_group_privileges', { group_id: 1, group_privileges: [] }],
      ['groups/bulk_update', { selected: [1], expected_count: 1, field: 'group_name', value: 'X' }],
    ] as const) {
      const reply = await as(actor, path, payload);
      expect(reply.status, path).toBe(403);
      // A bulk call names the refused row before the rule.
      expect(reply.messages[0]?.text, path).toContain(ADMIN_GROUP_ONLY_TEXT);
    }
    expect(await groupOne()).toEqual(before);
  });

  it('leaves other groups to whoever holds the groups privileges', async () => {
    const actor = await staffWith(['groups/*']);
    const inserted = await as(actor, 'groups/insert', {
      group_name: 'Reception',
      group_key: `reception-${actor.userId}`,
    });
    const groupId = Number((inserted.data as { group_id: number }).group_id);
    const renamed = await as(actor, 'groups/update', {
      group_id: groupId,
      field: 'group_name',
      value: 'Front desk',
    });
    expect(renamed.result).toBe(true);
    const synced = await as(actor, 'groups/sync_group_privileges', {
      group_id: groupId,
      group_privileges: ['groups/list'],
    });
    expect(synced.result).toBe(true);
  });

  it('is still the administrators’ to rename', async () => {
    const reply = await as(admin, 'groups/update', {
      group_id: 1,
      field: 'group_description',
      value: 'The clinic’s administrators.',
    });
    expect(reply.result).toBe(true);
  });
});

describe('an administrator', () => {
  it('may still change, disable and set the password of another administrator', async () => {
    const other = await addUser(env.server, env.company, { groupIds: [1] });
    const reply = await as(admin, 'users/update', {
      user_id: other.userId,
      field: 'user_enabled',
      value: 0,
    });
    expect(reply.result).toBe(true);
    const set = await as(admin, 'users/set_password', {
      user_id: other.userId,
      password: 'Admin-Set-Password-1',
    });
    expect(set.result).toBe(true);
  });
});

/** The reset link of the latest mail to `email` (other tests' mails are in the box too). */
async function linkMailedTo(email: string, earlier = 0): Promise<string> {
  const mails = () => inbox.box.received.filter((raw) => raw.includes(`To: ${email}`));
  await expect.poll(() => mails().length).toBeGreaterThan(earlier);
  return resetLinkIn(mails().at(-1) ?? '').token;
}

describe('disabling a user', () => {
  it('revokes the reset links mailed before, even once the user is enabled again', async () => {
    const staff = await plainStaff();
    expect((await as(admin, 'users/send_password_reset', { user_id: staff.userId })).result).toBe(
      true,
    );
    const token = await linkMailedTo(staff.email);
    for (const value of [0, 1]) {
      const reply = await as(admin, 'users/update', {
        user_id: staff.userId,
        field: 'user_enabled',
        value,
      });
      expect(reply.result).toBe(true);
    }
    const reset = await call(env.server, env.company, 'users/reset_password', {
      token,
      password: 'Reset-After-Disable-1',
    });
    expect(reset).toMatchObject({ status: 400, result: false });
    expect(reset.messages).toEqual([{ type: 'e', text: RESET_LINK_INVALID_TEXT }]);
    // A link sent after re-enabling works.
    await as(admin, 'users/send_password_reset', { user_id: staff.userId });
    const fresh = await call(env.server, env.company, 'users/reset_password', {
      token: await linkMailedTo(staff.email, 1),
      password: 'Reset-After-Enable-1',
    });
    expect(fresh.result).toBe(true);
  });
});
