/**
 * The session cache (src/server/auth/session-cache.ts) never outlives a change: two servers on one
 * database, as when scaled out. A change made through one server ends the session there at once
 * and on the other as soon as PostgreSQL's notification arrives; so does an operator's SQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/server/auth/session-cache';
import type { AuthUser } from '../../src/server/domain/caller';
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
  company = await newCompany(one, 'Cache Clinic');
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

const check = (server: TestServer, user: TestUser) =>
  call(server, company, 'users/check_authentication', {}, user.token);
const cachedOn = (server: TestServer, user: TestUser) =>
  server.services.sessions.cached(company.companyId, user.token.hash) !== null;

describe('the session cache across two servers', () => {
  it('answers a checked session from memory, and forgets it when the user is disabled', async () => {
    const user = await addUser(one, company, { privileges: ['patients/list'] });
    // A check that overlaps the notifications of the user's creation is not kept: ask again.
    await until(async () => {
      expect((await check(one, user)).result).toBe(true);
      expect((await check(two, user)).result).toBe(true);
      return cachedOn(one, user) && cachedOn(two, user);
    });

    const disabled = await call(
      one,
      company,
      'users/update',
      { user_id: user.userId, field: 'user_enabled', value: 0 },
      admin.token,
    );
    expect(disabled.result).toBe(true);
    // The server that made the change: at once, no waiting for the notification.
    expect((await check(one, user)).authentication_failed).toBe(true);
    // The other server: when the notification arrives (milliseconds).
    await until(async () => (await check(two, user)).authentication_failed === true, 2000);
  });

  it('forgets a session when privileges change, so the next call sees them', async () => {
    const user = await addUser(one, company, { privileges: ['patients/list'] });
    // A read that overlaps the notifications of the user's creation is not kept: ask again.
    await until(async () => {
      expect((await call(two, company, 'herbs/list', {}, user.token)).status).toBe(403);
      return cachedOn(two, user);
    });
    const groupId = (
      await call<{ group_ids: number[] }>(
        one,
        company,
        'users/get',
        { user_id: user.userId },
        admin.token,
      )
    ).data.group_ids.find((id) => id !== 1);
    const synced = await call(
      one,
      company,
      'groups/sync_group_privileges',
      { group_id: groupId, group_privileges: ['patients/list', 'herbs/list'] },
      admin.token,
    );
    expect(synced.result).toBe(true);
    await until(async () => (await call(two, company, 'herbs/list', {}, user.token)).result);
  });

  it("forgets sessions changed by an operator's SQL, outside any server", async () => {
    const user = await addUser(one, company, { privileges: ['patients/list'] });
    expect((await check(two, user)).result).toBe(true);
    const client = new pg.Client({ connectionString: two.database.ownerUrl });
    await client.connect();
    try {
      await client.query(
        'update user_logins set revoked_at = now() where company_id = $1 and user_id = $2',
        [company.companyId, user.userId],
      );
    } finally {
      await client.end();
    }
    await until(async () => (await check(two, user)).authentication_failed === true, 2000);
  });
});

describe('SessionCache', () => {
  const user = { expires_at: new Date(Date.now() + 3_600_000) } as AuthUser;

  it('keeps nothing while inactive, and drops everything when it becomes inactive', () => {
    const cache = new SessionCache();
    cache.put(1, 'k', { user, lastSeen: Date.now() }, cache.generation(1));
    expect(cache.get(1, 'k', Date.now(), 60_000)).toBeNull();
    cache.setActive(true);
    cache.put(1, 'k', { user, lastSeen: Date.now() }, cache.generation(1));
    expect(cache.get(1, 'k', Date.now(), 60_000)).toBe(user);
    cache.setActive(false);
    cache.setActive(true);
    expect(cache.get(1, 'k', Date.now(), 60_000)).toBeNull();
  });

  it('does not store a read that raced an invalidation, and lets entries go stale', () => {
    const cache = new SessionCache();
    cache.setActive(true);
    const before = cache.generation(1);
    cache.clearCompany(1); // a change committed while the session was being read
    cache.put(1, 'k', { user, lastSeen: Date.now() }, before);
    expect(cache.get(1, 'k', Date.now(), 60_000)).toBeNull();
    cache.put(1, 'k', { user, lastSeen: Date.now() - 60_000 }, cache.generation(1));
    expect(cache.get(1, 'k', Date.now(), 60_000)).toBeNull(); // last_seen_at due: read again
  });
});
