/**
 * The module switches cache (src/server/modules/switches.ts) never outlives a change: two servers
 * on one database. A module switched off through one server is refused there at once and on the
 * other as soon as PostgreSQL's notification arrives; switched on again, likewise.
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

async function setHerbsEnabled(enabled: 0 | 1): Promise<void> {
  const modules = await call<{ module_id: number; module_name: string }[]>(
    one,
    company,
    'modules/update_module_list',
    {},
    admin.token,
  );
  const herbs = modules.data.find((m) => m.module_name === 'herbs');
  const reply = await call(
    one,
    company,
    'modules/update_module_enabled',
    { module_id: herbs?.module_id, module_enabled: enabled },
    admin.token,
  );
  expect(reply.result).toBe(true);
}

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
});
