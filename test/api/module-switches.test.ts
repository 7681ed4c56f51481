/**
 * The module cache (src/server/modules/module-cache.ts) never outlives a change: two servers
 * on one database. A module switched off through one server is refused there at once and on the
 * other as soon as PostgreSQL's notification arrives; switched on again, likewise. A setting
 * the cache also answers (a capability) changes the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  newCompany,
  startTestServer,
  type TestCompany,
  type TestServer,
} from '../support/api';
import { addUser, type TestUser } from '../support/users';

let one: TestServer;
let two: TestServer;
let company: TestCompany;
let admin: TestUser;

beforeAll(async () => {
  [one, two] = await Promise.all([startTestServer(), startTestServer()]);
  company = await newCompany(one, 'Switches Clinic');
  admin = await addUser(one, company, { groupIds: [1] });
  await until(() => one.services.sessions.cache.isActive && two.services.sessions.cache.isActive);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
});

async function until(done: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('not within time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const herbsList = (server: TestServer) => call(server, company, 'herbs/list', {}, admin.token);

async function herbsModuleId(): Promise<number | undefined> {
  const modules = await call<{ module_id: number; module_name: string }[]>(
    one,
    company,
    'modules/update_module_list',
    {},
    admin.token,
  );
  return modules.data.find((m) => m.module_name === 'herbs')?.module_id;
}

async function changeHerbsModule(path: string, change: object): Promise<void> {
  const module_id = await herbsModuleId();
  const reply = await call(one, company, path, { module_id, ...change }, admin.token);
  expect(reply.result).toBe(true);
}

const setHerbsEnabled = (module_enabled: 0 | 1) =>
  changeHerbsModule('modules/update_module_enabled', { module_enabled });

const setHerbsInsert = (value: 0 | 1) =>
  changeHerbsModule('modules/update_settings', { field: 'capability_insert', value });

let herbNumber = 0;
const insertHerb = (server: TestServer) =>
  call(server, company, 'herbs/insert', { herb_name: `Switch herb ${++herbNumber}` }, admin.token);

describe('module switches across two servers', () => {
  it('refuses a switched-off module on both servers, and serves it again when switched on', async () => {
    // Both servers have read (and cached) that herbs is on.
    expect((await herbsList(one)).result).toBe(true);
    expect((await herbsList(two)).result).toBe(true);

    await setHerbsEnabled(0);
    // The server that made the change: at once.
    expect((await herbsList(one)).messages[0]?.text).toBe('The Herbs module is disabled.');
    // The other: when the notification arrives (milliseconds).
    await until(async () => (await herbsList(two)).status === 403, 2000);

    await setHerbsEnabled(1);
    expect((await herbsList(one)).result).toBe(true);
    await until(async () => (await herbsList(two)).result === true, 2000);
  });

  it('refuses an insert switched off in its module settings on both servers, then allows it again', async () => {
    // Both servers have read (and cached) the herbs module's settings.
    expect((await insertHerb(one)).result).toBe(true);
    expect((await insertHerb(two)).result).toBe(true);

    await setHerbsInsert(0);
    expect((await insertHerb(one)).status).toBe(403);
    await until(async () => (await insertHerb(two)).status === 403, 2000);

    await setHerbsInsert(1);
    expect((await insertHerb(one)).result).toBe(true);
    await until(async () => (await insertHerb(two)).result === true, 2000);
  });
});
