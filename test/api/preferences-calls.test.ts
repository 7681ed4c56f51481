import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { preferenceCalls } from '../../src/server/preferences/routes';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, type TestUser } from '../support/users';
import { moduleIdsOf } from '../support/module-ids';

const env = useTestServer({ company: 'Preferences Clinic', admin: true });

type Prefs = Record<string, unknown>;

let ids: Record<string, number>;
let herbalist: TestUser;

beforeAll(async () => {
  ids = await moduleIdsOf(env.server, env.company, env.admin);
  herbalist = await addUser(env.server, env.company, { privileges: ['herbs/list'] });
});

const get = (module: string, token: UserToken = herbalist.token, moduleId = ids[module]) =>
  call<Prefs>(
    env.server,
    env.company,
    `${module}/get_my_preferences_for_module`,
    { module_id: moduleId },
    token,
  );
const put = (module: string, payload: Prefs, token: UserToken = herbalist.token) =>
  call<Prefs>(
    env.server,
    env.company,
    `${module}/update_my_preference_for_module`,
    { module_id: ids[module], ...payload },
    token,
  );
const reset = (module: string, token: UserToken = herbalist.token) =>
  call<Prefs>(
    env.server,
    env.company,
    `${module}/reset_my_preferences_for_module`,
    { module_id: ids[module] },
    token,
  );

/** The module id is only checked to be a number: a favourite names a module, it is not looked up. */
const favourite = (n: number) => ({ to: `/app/herbs/${n}`, label: `Herb ${n}`, module_id: 6 });

describe('reading, writing and resetting my preferences', () => {
  it('starts as an empty object', async () => {
    expect(await get('herbs')).toMatchObject({ status: 200, result: true, data: {}, messages: [] });
  });

  it('stores any JSON value per field and keeps the other fields', async () => {
    const columns = { visible: ['herb_name', 'herb_latin_name'], widths: { herb_name: 240 } };
    const first = await put('herbs', { field: 'list_columns', value: columns });
    expect(first).toMatchObject({ status: 200, result: true, data: { list_columns: columns } });
    await put('herbs', { field: 'page_size', value: 100 });
    await put('herbs', { field: 'last_search', value: null });
    await put('herbs', { field: 'compact', value: true });
    expect((await get('herbs')).data).toEqual({
      list_columns: columns,
      page_size: 100,
      last_search: null,
      compact: true,
    });
    await put('herbs', { field: 'page_size', value: 25 });
    expect((await get('herbs')).data).toMatchObject({ page_size: 25, list_columns: columns });
  });

  it('keeps each user to their own preferences', async () => {
    const colleague = await addUser(env.server, env.company, { privileges: ['herbs/list'] });
    expect((await get('herbs', colleague.token)).data).toEqual({});
    await put('herbs', { field: 'page_size', value: 7 }, colleague.token);
    expect((await get('herbs')).data).toMatchObject({ page_size: 25 });
  });

  it('resets them to an empty object', async () => {
    const reply = await reset('herbs');
    expect(reply).toMatchObject({ status: 200, result: true, data: {} });
    expect((await get('herbs')).data).toEqual({});
  });
});

describe('favourites (the favourites preference of module materia)', () => {
  it('stores a list of {to, label, module_id}', async () => {
    const list = [favourite(1), favourite(2)];
    const reply = await put('materia', { field: 'favourites', value: list });
    expect(reply.result).toBe(true);
    expect((await get('materia')).data).toEqual({ favourites: list });
  });

  it.each([
    [
      'a link that is not a path',
      [{ ...favourite(1), to: 'https://evil.test' }],
      '"favourites.0.to": Must start with "/".',
    ],
    [
      'a label over 100 characters',
      [{ ...favourite(1), label: 'x'.repeat(101) }],
      '"favourites.0.label": Maximum of 100 characters allowed.',
    ],
    [
      'a module id that is not a number',
      [{ ...favourite(1), module_id: '5' }],
      '"favourites.0.module_id" must be a number.',
    ],
    [
      'a list of more than 100',
      Array.from({ length: 101 }, (_, n) => favourite(n)),
      '"favourites": At most 100 favourites.',
    ],
    ['something that is not a list', { to: '/app' }, '"favourites" must be a list.'],
    ['an unknown key', [{ ...favourite(1), colour: 'red' }], 'Unknown field "colour".'],
  ])('refuses %s and keeps the saved list', async (_name, value, text) => {
    const before = (await get('materia')).data;
    const reply = await put('materia', { field: 'favourites', value });
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(reply.messages).toEqual([{ type: 'e', text }]);
    expect((await get('materia')).data).toEqual(before);
  });

  it('takes exactly 100', async () => {
    const list = Array.from({ length: 100 }, (_, n) => favourite(n));
    expect((await put('materia', { field: 'favourites', value: list })).result).toBe(true);
  });
});

describe('refusals', () => {
  it('says when the field is missing, in the fixed words', async () => {
    const reply = await put('herbs', { value: 1 });
    expect(reply.messages[0]?.text).toBe('Payload must contain the "field".');
  });

  it('refuses a field name over 64 characters', async () => {
    const reply = await put('herbs', { field: 'a'.repeat(65), value: 1 });
    expect(reply.messages[0]?.text).toBe('"field": Maximum of 64 characters allowed.');
  });

  it.each(['Page_size', '9lives', 'page-size', 'page size'])(
    'refuses the field name %s',
    async (field) => {
      const reply = await put('herbs', { field, value: 1 });
      expect(reply.status).toBe(400);
      expect(reply.messages[0]?.text).toBe(
        '"field" must be 1 to 64 lower-case letters, digits or underscores, not starting with a digit.',
      );
    },
  );

  it('refuses a missing value', async () => {
    expect((await put('herbs', { field: 'x' })).messages[0]?.text).toBe('"value" is required.');
  });

  it('refuses a value over 64 KB and stores nothing', async () => {
    const reply = await put('herbs', { field: 'big', value: 'x'.repeat(64 * 1024) });
    expect(reply.messages[0]?.text).toBe('"value" is too large: at most 64 KB.');
    expect((await get('herbs')).data).not.toHaveProperty('big');
    expect((await put('herbs', { field: 'big', value: 'x'.repeat(60 * 1024) })).result).toBe(true);
  });

  it('refuses a module_id that is not the named module', async () => {
    const reply = await get('herbs', herbalist.token, ids.patients);
    expect(reply).toMatchObject({ status: 404, result: false });
    expect(reply.messages[0]?.text).toBe(`Module ${ids.patients} is not the "herbs" module.`);
    const missing = await get('herbs', herbalist.token, 9999);
    expect(missing.messages[0]?.text).toBe('Module 9999 is not the "herbs" module.');
  });

  it('refuses a module the catalogue does not have', async () => {
    const reply = await call(
      env.server,
      env.company,
      'potions/get_my_preferences_for_module',
      { module_id: 1 },
      env.admin,
    );
    expect(reply).toMatchObject({ status: 404, result: false });
    expect(reply.messages[0]?.text).toBe('There is no module named "potions".');
  });

  it('refuses a module the user can not see, and allows the product module to everyone', async () => {
    const reply = await get('patients');
    expect(reply).toMatchObject({ status: 403, result: false });
    expect(reply.messages[0]?.text).toBe('You do not have access to the Patients module.');
    expect((await put('patients', { field: 'x', value: 1 })).status).toBe(403);
    expect((await reset('patients')).status).toBe(403);
    const nobody = await addUser(env.server, env.company);
    expect((await get('materia', nobody.token)).status).toBe(200);
    expect((await get('patients', env.admin)).status).toBe(200);
  });

  it('refuses without a login', async () => {
    const reply = await call(env.server, env.company, 'herbs/get_my_preferences_for_module', {
      module_id: ids.herbs,
    });
    expect(reply).toMatchObject({ status: 401, result: false, authentication_failed: true });
  });
});

describe('the resolver', () => {
  it('answers only the three preference calls and leaves every other path alone', () => {
    expect(preferenceCalls.resolve('herbs/get_my_preferences_for_module')?.path).toBe(
      'herbs/get_my_preferences_for_module',
    );
    for (const path of [
      'herbs/list',
      'herbs/get',
      'get_my_preferences_for_module',
      'a/b/reset_my_preferences_for_module',
    ]) {
      expect(preferenceCalls.resolve(path)).toBeUndefined();
    }
  });
});
