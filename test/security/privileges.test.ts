/**
 * The server, not the client, decides who may do what: every privileged call of the
 * settings, modules and groups features is refused to a user without its privilege, and allowed
 * with exactly that `module/route` or with the module's wildcard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { allPrivilegeStrings } from '../../src/shared/modules';
import { moduleOfPrivilege, wildcardOf } from '../../src/shared/privileges';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { moduleIdsOf } from '../support/module-ids';

const env = useTestServer({ company: 'Privileges Clinic', admin: true });

let ids: Record<string, number>;

interface PrivilegedCall {
  path: string;
  privilege: string;
  /** A valid payload, so that an allowed call succeeds. */
  payload: () => Record<string, unknown>;
}

const CALLS: PrivilegedCall[] = [
  {
    path: 'modules/update_settings',
    privilege: 'modules/update_settings',
    payload: () => ({ module_id: ids.materia, field: 'currency', value: 'EUR' }),
  },
  {
    path: 'modules/update_public_settings',
    privilege: 'modules/update_settings',
    payload: () => ({ module_id: ids.materia, field: 'colour_info', value: '#101010' }),
  },
  {
    path: 'modules/reset_module_settings_to_default',
    privilege: 'modules/update_settings',
    payload: () => ({ module_id: ids.materia }),
  },
  { path: 'modules/update_module_list', privilege: 'modules/update_settings', payload: () => ({}) },
  {
    path: 'modules/update_module_enabled',
    privilege: 'modules/update_module_enabled',
    payload: () => ({ module_id: ids.herbs, module_enabled: 1 }),
  },
  { path: 'groups/get_available_privileges', privilege: 'groups/list', payload: () => ({}) },
  {
    path: 'groups/get_group_privileges',
    privilege: 'groups/list',
    payload: () => ({ group_id: 2 }),
  },
  {
    path: 'groups/sync_group_privileges',
    privilege: 'groups/sync_group_privileges',
    // Empty: giving a privilege also needs holding it (test/api/groups-privileges.test.ts).
    payload: () => ({ group_id: 2, group_privileges: [] }),
  },
];

/** Every other privilege the catalogue offers for the same module, its wildcard excepted. */
const siblingsOf = (privilege: string): string[] => {
  const module = moduleOfPrivilege(privilege);
  return allPrivilegeStrings().filter(
    (p) => moduleOfPrivilege(p) === module && p !== privilege && p !== wildcardOf(module),
  );
};

beforeAll(async () => {
  ids = await moduleIdsOf(env.server, env.company, env.admin);
});

const attempt = (c: PrivilegedCall, token: UserToken | null) =>
  call(env.server, env.company, c.path, c.payload(), token);

describe.each(CALLS)('$path (needs $privilege)', (c) => {
  it('is refused without a login', async () => {
    expect(await attempt(c, null)).toMatchObject({ status: 401, authentication_failed: true });
  });

  it('is refused to a user without the privilege, even one holding every other route', async () => {
    const nobody = await addUser(env.server, env.company, { privileges: [] });
    const neighbour = await addUser(env.server, env.company, {
      privileges: siblingsOf(c.privilege),
    });
    for (const user of [nobody, neighbour]) {
      const reply = await attempt(c, user.token);
      expect(reply).toMatchObject({ status: 403, result: false, data: null });
      expect(reply.messages).toEqual([
        { type: 'e', text: 'You do not have the privilege to do this.' },
      ]);
    }
  });

  it('is allowed with exactly the granted route', async () => {
    const user = await addUser(env.server, env.company, { privileges: [c.privilege] });
    expect(await attempt(c, user.token)).toMatchObject({ status: 200, result: true });
  });

  it('is allowed with the module wildcard', async () => {
    const wildcard = wildcardOf(moduleOfPrivilege(c.privilege));
    const user = await addUser(env.server, env.company, { privileges: [wildcard] });
    expect(await attempt(c, user.token)).toMatchObject({ status: 200, result: true });
  });

  it('is allowed to an admin (group 1) with no privilege listed', async () => {
    const user = await addUser(env.server, env.company, { groupIds: [1] });
    expect(await attempt(c, user.token)).toMatchObject({ status: 200, result: true });
  });
});

describe('a refused call changes nothing', () => {
  it('leaves the settings and the group privileges as they were', async () => {
    const admin = await adminToken(env.server, env.company);
    await call(
      env.server,
      env.company,
      'groups/sync_group_privileges',
      { group_id: 2, group_privileges: [] },
      admin,
    );
    const before = await call(env.server, env.company, 'modules/fetch_public_settings');
    const nobody = await addUser(env.server, env.company, { privileges: ['herbs/*'] });
    await call(
      env.server,
      env.company,
      'modules/update_public_settings',
      { module_id: ids.materia, field: 'colour_brand', value: '#000000' },
      nobody.token,
    );
    await call(
      env.server,
      env.company,
      'groups/sync_group_privileges',
      { group_id: 2, group_privileges: ['groups/*'] },
      nobody.token,
    );
    expect((await call(env.server, env.company, 'modules/fetch_public_settings')).data).toEqual(
      before.data,
    );
    const privileges = await call(
      env.server,
      env.company,
      'groups/get_group_privileges',
      { group_id: 2 },
      admin,
    );
    expect(privileges.data).toEqual([]);
  });
});

describe('a disabled module', () => {
  it('refuses its calls to everyone, admins included, until it is enabled again', async () => {
    const admin = await adminToken(env.server, env.company);
    const herbalist = await addUser(env.server, env.company, { privileges: ['herbs/*'] });
    const disable = await call(
      env.server,
      env.company,
      'modules/update_module_enabled',
      { module_id: ids.herbs, module_enabled: 0 },
      admin,
    );
    expect(disable.result).toBe(true);
    for (const token of [admin, herbalist.token]) {
      const reply = await call(
        env.server,
        env.company,
        'herbs/get_my_preferences_for_module',
        { module_id: ids.herbs },
        token,
      );
      expect(reply).toMatchObject({ status: 403, result: false });
      expect(reply.messages[0]?.text).toBe('The Herbs module is disabled.');
    }
    await call(
      env.server,
      env.company,
      'modules/update_module_enabled',
      { module_id: ids.herbs, module_enabled: 1 },
      admin,
    );
    const again = await call(
      env.server,
      env.company,
      'herbs/get_my_preferences_for_module',
      { module_id: ids.herbs },
      herbalist.token,
    );
    expect(again).toMatchObject({ status: 200, result: true });
  });
});
