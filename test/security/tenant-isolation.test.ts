/**
 * Two clinics on one server: A's admin can neither read nor change anything of B's — users,
 * groups, modules, settings, preferences. Ids are numbered per company, so A's admin is user 1
 * exactly as B's is; B also gets rows whose ids A does not have. After every test B's rows, read
 * as B, must be exactly as B left them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, TEST_PASSWORD, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken, type TestUser } from '../support/users';
import { moduleIdsOf } from '../support/module-ids';

const env = useTestServer({ company: false });

let a: TestCompany;
let b: TestCompany;
let aAdmin: UserToken;
let bAdmin: UserToken;
let aIds: Record<string, number>;
let bUsers: TestUser[];
let bOnlyGroupId: number;
let bSnapshot: Awaited<ReturnType<typeof snapshotOfB>>;

/** Everything of B that A might reach, read as B inside B's own tenant transaction. */
function snapshotOfB() {
  return inTenant(env.server.database.db, b.companyId, async (trx) => ({
    users: await trx.selectFrom('users').selectAll().orderBy('user_id').execute(),
    groups: await trx.selectFrom('groups').selectAll().orderBy('group_id').execute(),
    memberships: await trx
      .selectFrom('user_groups')
      .selectAll()
      .orderBy('user_id')
      .orderBy('group_id')
      .execute(),
    privileges: await trx
      .selectFrom('group_privileges')
      .selectAll()
      .orderBy('group_id')
      .orderBy('privilege')
      .execute(),
    modules: await trx.selectFrom('modules').selectAll().orderBy('module_id').execute(),
    preferences: await trx
      .selectFrom('user_preferences')
      .selectAll()
      .orderBy('user_id')
      .orderBy('module_id')
      .execute(),
    revokedLogins: await trx
      .selectFrom('user_logins')
      .select('userlogin_id')
      .where('revoked_at', 'is not', null)
      .execute(),
  }));
}

const B_SECRET = 'only-in-clinic-b';

beforeAll(async () => {
  a = await newCompany(env.server, 'Clinic A');
  b = await newCompany(env.server, 'Clinic B');
  aAdmin = await adminToken(env.server, a);
  bAdmin = await adminToken(env.server, b);
  aIds = await moduleIdsOf(env.server, a, aAdmin);
  const bIds = await moduleIdsOf(env.server, b, bAdmin);
  // B gets users and groups whose ids A (admin user 1, groups 1 and 2) does not have.
  bUsers = [
    await addUser(env.server, b, { privileges: ['herbs/*'] }),
    await addUser(env.server, b, { privileges: ['patients/list'] }),
    await addUser(env.server, b, { privileges: [] }),
  ];
  const asB = (path: string, payload: Record<string, unknown>) =>
    call(env.server, b, path, payload, bAdmin);
  await asB('modules/update_public_settings', {
    module_id: bIds.materia,
    field: 'company_name',
    value: B_SECRET,
  });
  await asB('modules/update_settings', {
    module_id: bIds.materia,
    field: 'currency',
    value: 'HUF',
  });
  await asB('groups/sync_group_privileges', { group_id: 2, group_privileges: ['herbs/list'] });
  await asB('materia/update_my_preference_for_module', {
    module_id: bIds.materia,
    field: 'favourites',
    value: [{ to: '/app/herbs', label: B_SECRET, module_id: bIds.herbs }],
  });
  bSnapshot = await snapshotOfB();
  bOnlyGroupId = Math.max(...bSnapshot.groups.map((g) => g.group_id));
});

const expectBUnchanged = async () => expect(await snapshotOfB()).toEqual(bSnapshot);
const mentionsB = (reply: unknown) => {
  const text = JSON.stringify(reply);
  return text.includes(B_SECRET) || bUsers.some((u) => text.includes(u.email));
};

describe("A's token sent with B's slug", () => {
  it.each([
    ['modules/get_settings', () => ({})],
    [
      'modules/update_public_settings',
      () => ({ module_id: aIds.materia, field: 'company_name', value: 'A was here' }),
    ],
    [
      'modules/update_settings',
      () => ({ module_id: aIds.materia, field: 'currency', value: 'EUR' }),
    ],
    ['modules/update_module_enabled', () => ({ module_id: aIds.herbs, module_enabled: 0 })],
    ['modules/reset_module_settings_to_default', () => ({ module_id: aIds.materia })],
    ['modules/update_module_list', () => ({})],
    ['groups/get_group_privileges', () => ({ group_id: 2 })],
    ['groups/sync_group_privileges', () => ({ group_id: 2, group_privileges: ['groups/*'] })],
    ['materia/get_my_preferences_for_module', () => ({ module_id: aIds.materia })],
    [
      'materia/update_my_preference_for_module',
      () => ({ module_id: aIds.materia, field: 'favourites', value: [] }),
    ],
    ['materia/reset_my_preferences_for_module', () => ({ module_id: aIds.materia })],
    ['users/get_user_privileges', () => ({})],
    ['users/set_password', () => ({ user_id: 2, password: 'Intruder-Pass-1' })],
  ])('%s fails authentication and reveals nothing', async (path, payload) => {
    const reply = await call(env.server, b, path, payload(), aAdmin);
    expect(reply).toMatchObject({
      status: 401,
      result: false,
      authentication_failed: true,
      data: null,
    });
    expect(mentionsB(reply)).toBe(false);
    await expectBUnchanged();
  });
});

describe("A's token with B's ids", () => {
  it("answers B's group exactly like a group that does not exist", async () => {
    const missing = await call(
      env.server,
      a,
      'groups/get_group_privileges',
      { group_id: 999 },
      aAdmin,
    );
    const bs = await call(
      env.server,
      a,
      'groups/get_group_privileges',
      { group_id: bOnlyGroupId },
      aAdmin,
    );
    expect(bs).toEqual({
      ...missing,
      messages: [{ type: 'e', text: `There is no group with id ${bOnlyGroupId}.` }],
    });
    expect(bs.status).toBe(404);
    const sync = await call(
      env.server,
      a,
      'groups/sync_group_privileges',
      { group_id: bOnlyGroupId, group_privileges: ['groups/*'] },
      aAdmin,
    );
    expect(sync).toMatchObject({ status: 404, result: false });
    await expectBUnchanged();
  });

  it("can not set the password of B's user", async () => {
    const reply = await call(
      env.server,
      a,
      'users/set_password',
      { user_id: bUsers[0]?.userId, password: 'Intruder-Pass-1' },
      aAdmin,
    );
    expect(reply).toMatchObject({ status: 404, result: false });
    await expectBUnchanged();
  });

  it("reads and changes only A's module settings, though the module ids are the same", async () => {
    const settings = await call<Array<{ module_name: string; module_settings: object }>>(
      env.server,
      a,
      'modules/get_settings',
      {},
      aAdmin,
    );
    expect(settings.data.find((m) => m.module_name === 'materia')?.module_settings).not.toEqual({
      currency: 'HUF',
    });
    expect(mentionsB(settings)).toBe(false);
    expect(mentionsB(await call(env.server, a, 'modules/get_public_settings'))).toBe(false);
    const writes: Array<[string, Record<string, unknown>]> = [
      [
        'modules/update_public_settings',
        { module_id: aIds.materia, field: 'colour_brand', value: '#010203' },
      ],
      ['modules/update_settings', { module_id: aIds.materia, field: 'currency', value: 'EUR' }],
      ['modules/update_module_enabled', { module_id: aIds.herbs, module_enabled: 0 }],
      ['modules/update_module_list', {}],
      ['modules/reset_module_settings_to_default', { module_id: aIds.materia }],
    ];
    for (const [path, payload] of writes) {
      expect((await call(env.server, a, path, payload, aAdmin)).result, path).toBe(true);
    }
    await expectBUnchanged();
    const bHerbs = await call(
      env.server,
      b,
      'herbs/get_my_preferences_for_module',
      { module_id: aIds.herbs },
      bUsers[0]?.token,
    );
    expect(bHerbs).toMatchObject({ status: 200, result: true });
  });

  it("reads and changes only A's preferences, though both admins are user 1", async () => {
    const mine = await call(
      env.server,
      a,
      'materia/get_my_preferences_for_module',
      { module_id: aIds.materia },
      aAdmin,
    );
    expect(mine).toMatchObject({ result: true, data: {} });
    await call(
      env.server,
      a,
      'materia/update_my_preference_for_module',
      { module_id: aIds.materia, field: 'favourites', value: [] },
      aAdmin,
    );
    await call(
      env.server,
      a,
      'materia/reset_my_preferences_for_module',
      { module_id: aIds.materia },
      aAdmin,
    );
    await expectBUnchanged();
  });

  it("changes only A's user 1 when A's admin edits their own details", async () => {
    const reply = await call(
      env.server,
      a,
      'users/update_my_details',
      { field: 'user_first_name', value: 'Mallory' },
      aAdmin,
    );
    expect(reply.result).toBe(true);
    await expectBUnchanged();
  });

  it("still lets B's admin log in with B's own password", async () => {
    // A's attempts above must not have touched B's password hash (compared in the snapshot too).
    const login = await call(env.server, b, 'users/login', {
      user_email: b.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(login.result).toBe(true);
  });
});
