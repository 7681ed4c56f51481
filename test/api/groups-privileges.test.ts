import { describe, expect, it } from 'vitest';
import { availablePrivileges } from '../../src/shared/modules';
import { inTenant } from '../../src/server/db/tenancy';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';

const env = useTestServer({ company: 'Groups Clinic', admin: true });

/** Group 2 is every new clinic's Staff group. */
const STAFF = 2;

const getPrivileges = (groupId: number, token = env.admin) =>
  call<string[]>(
    env.server,
    env.company,
    'groups/get_group_privileges',
    { group_id: groupId },
    token,
  );
const sync = (groupId: number, privileges: unknown) =>
  call<string[]>(
    env.server,
    env.company,
    'groups/sync_group_privileges',
    { group_id: groupId, group_privileges: privileges },
    env.admin,
  );

describe('groups/get_available_privileges', () => {
  it('lists each module wildcard with its routes as children', async () => {
    const reply = await call<ReturnType<typeof availablePrivileges>>(
      env.server,
      env.company,
      'groups/get_available_privileges',
      {},
      env.admin,
    );
    expect(reply).toMatchObject({ status: 200, result: true, messages: [] });
    expect(reply.data).toEqual(availablePrivileges());
    const herbs = reply.data.find((p) => p.module_id === 'herbs');
    expect(herbs?.route_id).toBe('herbs/*');
    expect(herbs?.children.map((c) => c.route_id)).toEqual([
      'herbs/list',
      'herbs/insert',
      'herbs/update',
      'herbs/delete',
      'herbs/export',
    ]);
    expect(herbs?.children.find((c) => c.route_id === 'herbs/export')?.label).toBe('Export');
    expect(reply.data.map((p) => p.module_id)).not.toContain('materia');
  });
});

describe('groups/get_group_privileges and groups/sync_group_privileges', () => {
  it('starts empty', async () => {
    const reply = await getPrivileges(STAFF);
    expect(reply).toMatchObject({ status: 200, result: true, data: [] });
  });

  it('replaces the list and answers it normalised: once each, sorted, no wildcard children', async () => {
    const reply = await sync(STAFF, [
      'patients/list',
      'herbs/update',
      'herbs/*',
      'herbs/list',
      'patients/list',
      'prescriptions/dispense',
    ]);
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(reply.messages).toEqual([{ type: 's', text: 'The group privileges are saved.' }]);
    const stored = ['herbs/*', 'patients/list', 'prescriptions/dispense'];
    expect(reply.data).toEqual(stored);
    expect((await getPrivileges(STAFF)).data).toEqual(stored);

    const second = await sync(STAFF, ['prescriptions/dispense']);
    expect(second.data).toEqual(['prescriptions/dispense']);
    expect((await getPrivileges(STAFF)).data).toEqual(['prescriptions/dispense']);
  });

  it('audits the change with the list before and after', async () => {
    await sync(STAFF, ['symptoms/list']);
    await sync(STAFF, ['symptoms/*']);
    const last = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['entity', 'entity_id', 'before', 'after'])
        .where('action', '=', 'sync_group_privileges')
        .orderBy('audit_id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(last).toEqual({
      entity: 'groups',
      entity_id: String(STAFF),
      before: { group_privileges: ['symptoms/list'] },
      after: { group_privileges: ['symptoms/*'] },
    });
  });

  it('refuses unknown privileges, names them and changes nothing', async () => {
    const before = (await getPrivileges(STAFF)).data;
    const reply = await sync(STAFF, ['herbs/list', 'herbs/fly', 'nope', 'herbs/fly']);
    expect(reply).toMatchObject({ status: 400, result: false, data: null });
    expect(reply.messages).toEqual([
      { type: 'e', text: 'Unknown privileges "herbs/fly", "nope".' },
    ]);
    const single = await sync(STAFF, ['materia/*']);
    expect(single.messages[0]?.text).toBe('Unknown privilege "materia/*".');
    // Near misses are not guessed at: case, spaces, a missing route or a wildcard route alone.
    const near = await sync(STAFF, ['Herbs/list', ' herbs/list', 'herbs', 'herbs/', '*', '']);
    expect(near).toMatchObject({ status: 400, result: false });
    expect(near.messages).toEqual([
      {
        type: 'e',
        text: 'Unknown privileges "Herbs/list", " herbs/list", "herbs", "herbs/", "*", "".',
      },
    ]);
    expect((await getPrivileges(STAFF)).data).toEqual(before);
  });

  it('still grants the routes of a wildcard whose children were dropped', async () => {
    const member = await addUser(env.server, env.company, { groupIds: [STAFF] });
    expect((await sync(STAFF, ['groups/list', 'groups/*'])).data).toEqual(['groups/*']);
    const allowed = await getPrivileges(STAFF, member.token);
    expect(allowed).toMatchObject({ status: 200, data: ['groups/*'] });
    await sync(STAFF, []);
  });

  it('empties the list', async () => {
    expect((await sync(STAFF, [])).data).toEqual([]);
    expect((await getPrivileges(STAFF)).data).toEqual([]);
  });

  it('refuses a payload that is not a list of strings, naming the field', async () => {
    const reply = await sync(STAFF, 'herbs/*');
    expect(reply.status).toBe(400);
    expect(reply.messages[0]?.text).toContain('"group_privileges"');
    const item = await sync(STAFF, [7]);
    expect(item.messages[0]?.text).toContain('"group_privileges.0"');
  });

  it('answers a missing group as not found, for reading and for changing', async () => {
    const read = await getPrivileges(999);
    expect(read).toMatchObject({ status: 404, result: false });
    expect(read.messages[0]?.text).toBe('There is no group with id 999.');
    const write = await sync(999, ['herbs/list']);
    expect(write).toMatchObject({ status: 404, result: false });
    expect(write.messages[0]?.text).toBe('There is no group with id 999.');
  });

  it('grants what it stores: a member gains and loses the privilege at once', async () => {
    const member = await addUser(env.server, env.company, { groupIds: [STAFF] });
    const refused = await getPrivileges(STAFF, member.token);
    expect(refused.status).toBe(403);
    await sync(STAFF, ['groups/list']);
    const allowed = await getPrivileges(STAFF, member.token);
    expect(allowed).toMatchObject({ status: 200, data: ['groups/list'] });
    await sync(STAFF, []);
    expect((await getPrivileges(STAFF, member.token)).status).toBe(403);
  });

  it('lets a non-admin editor give only privileges they hold, and keep what the group had', async () => {
    const editor = await addUser(env.server, env.company, {
      privileges: ['groups/list', 'groups/sync_group_privileges', 'herbs/list'],
    });
    await sync(STAFF, ['patients/list']);
    const bySelf = (privileges: string[]) =>
      call<string[]>(
        env.server,
        env.company,
        'groups/sync_group_privileges',
        { group_id: STAFF, group_privileges: privileges },
        editor.token,
      );
    const refused = await bySelf(['patients/list', 'herbs/*', 'users/list']);
    expect(refused.status).toBe(403);
    expect(refused.messages[0]?.text).toBe(
      'You can only give privileges you hold yourself; not "herbs/*", "users/list".',
    );
    expect((await getPrivileges(STAFF)).data).toEqual(['patients/list']);
    const allowed = await bySelf(['patients/list', 'herbs/list']);
    expect(allowed).toMatchObject({ status: 200, data: ['herbs/list', 'patients/list'] });
    await sync(STAFF, []);
  });
});
