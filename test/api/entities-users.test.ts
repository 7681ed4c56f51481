/** Users, groups and modules through the generic engine, with their extra rules. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
});

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');

describe('users', () => {
  it('never sends a password hash, in lists or rows', async () => {
    const list = await c<Row[]>('users/list', {});
    const row = await c<Row>('users/get', { user_id: 1 });
    for (const user of [...list.data, row.data])
      expect(Object.keys(user).join()).not.toMatch(/password/);
    expect(row.data).toMatchObject({
      group_ids: [1],
      groups: [{ group_id: 1, group_key: 'admins' }],
    });
    expect(
      (await c('users/update', { user_id: 1, field: 'user_password_hash', value: 'x' })).status,
    ).toBe(400);
  });

  it('ends the sessions of a user who is disabled', async () => {
    const staff = await addUser(env.server, env.company, { privileges: ['herbs/list'] });
    const asStaff = callerFor(env.server, env.company, staff.token);
    expect((await asStaff('herbs/list', {})).status).toBe(200);
    const disabled = await c<{ entity: Row }>('users/update', {
      user_id: staff.userId,
      field: 'user_enabled',
      value: 0,
    });
    expect(disabled.data.entity.user_enabled).toBe(0);
    expect((await asStaff('herbs/list', {})).status).toBe(401);
    await c('users/update', { user_id: staff.userId, field: 'user_enabled', value: 1 });
    expect((await asStaff('herbs/list', {})).status).toBe(401);
    const open = await inTenant(
      env.server.database.db,
      env.company.companyId,
      async (trx) =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from user_logins where user_id = ${staff.userId} and revoked_at is null`.execute(
            trx,
          )
        ).rows[0]?.n,
    );
    expect(open).toBe(0);
  });

  it('refuses to disable or delete your own account', async () => {
    expect(text(await c('users/update', { user_id: 1, field: 'user_enabled', value: 0 }))).toBe(
      'You can not disable your own account.',
    );
    expect(text(await c('users/delete', { selected: [1] }))).toBe(
      'You can not delete your own account.',
    );
  });

  it('refuses a second user with the same e-mail, whatever its case', async () => {
    const first = await c<Row>('users/insert', {
      user_first_name: 'Ann',
      user_email: 'ann@example.com',
    });
    expect(first.status).toBe(200);
    const second = await c('users/insert', {
      user_first_name: 'Ann',
      user_email: 'ANN@example.com',
    });
    expect(second.status).toBe(409);
    expect(text(second)).toBe('Another user already has this e-mail address.');
    const other = (
      await c<Row>('users/insert', { user_first_name: 'Al', user_email: 'al@example.com' })
    ).data.user_id;
    const moved = await c('users/update', {
      user_id: other,
      field: 'user_email',
      value: 'Ann@Example.com',
    });
    expect(moved.status).toBe(409);
    expect(text(moved)).toBe('Another user already has this e-mail address.');
  });

  it('changes group membership through the relation calls, for admins only', async () => {
    const user = (
      await c<Row>('users/insert', { user_first_name: 'Bo', user_email: 'bo@example.com' })
    ).data.user_id;
    expect((await c('users/sync_groups', { user_id: user, relations: [2] })).data).toEqual([2]);
    expect((await c<Row>('users/get', { user_id: user })).data.group_ids).toEqual([2]);
    const manager = await addUser(env.server, env.company, { privileges: ['users/*'] });
    const asManager = callerFor(env.server, env.company, manager.token);
    const escalate = await asManager('users/add_groups', { id: manager.userId, relation_id: 1 });
    expect(escalate.status).toBe(403);
    expect(text(escalate)).toBe('Only administrators may change groups.');
    expect((await c<Row>('users/get', { user_id: manager.userId })).data.group_ids).not.toContain(
      1,
    );
  });
});

describe('groups', () => {
  it('never deletes the administrators group', async () => {
    const reply = await c('groups/delete', { selected: [1] });
    expect(text(reply)).toBe('The administrators group can not be deleted.');
    expect((await c('groups/get', { group_id: 1 })).status).toBe(200);
  });

  it('never empties the administrators group, from either side', async () => {
    const removal = await c('users/remove_groups', { id: 1, relation_id: 1 });
    expect(text(removal)).toBe('The administrators group must keep at least one enabled member.');
    expect(text(await c('groups/sync_users', { group_id: 1, relations: [] }))).toBe(
      'The administrators group must keep at least one enabled member.',
    );
    expect(
      (await c('groups/get_relation_ids', { group_id: 1, relation_name: 'users' })).data,
    ).toContain(1);
    const second = (
      await c<Row>('users/insert', { user_first_name: 'Cy', user_email: 'cy@example.com' })
    ).data.user_id;
    await c('groups/add_users', { id: 1, relation_id: second });
    expect((await c('users/remove_groups', { id: second, relation_id: 1 })).result).toBe(true);
  });

  it('refuses a group key that is already taken', async () => {
    const reply = await c('groups/insert', { group_name: 'Again', group_key: 'admins' });
    expect(reply.status).toBe(409);
    expect(text(reply)).toBe('Another group already has this Key.');
  });
});

describe('modules', () => {
  it('lists modules with their settings as JSON text and can not add, delete or enable them', async () => {
    const list = await c<Row[]>('modules/list', { filters: { search: '=materia' } });
    expect(typeof list.data[0]?.module_settings).toBe('string');
    expect(JSON.parse(String(list.data[0]?.module_public_settings))).toHaveProperty('company_name');
    const id = list.data[0]?.module_id;
    expect(text(await c('modules/insert', {}))).toBe('Modules can not be added here.');
    expect(text(await c('modules/delete', { selected: [id] }))).toBe(
      'Modules can not be deleted here.',
    );
    expect(
      text(await c('modules/update', { module_id: id, field: 'module_enabled', value: 0 })),
    ).toBe('"module_enabled" can not be changed here.');
  });
});
