/**
 * Availability: fifty concurrent captcha challenges once stopped a fresh server for good (each held
 * a pooled transaction and waited for a second connection to load the captcha's secrets). Here a
 * freshly started real server process gets 200 concurrent calls of every public call and of every
 * kind of logged-in call, one kind after another: every call must be answered within 10 s — 2xx,
 * 4xx or 503 with Retry-After — and the server must serve normally afterwards. Rate limits are off
 * here so that all of it reaches the database pool.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildRegistry } from '../../src/server/api';
import { WARM_CONNECTIONS } from '../../src/server/config';
import { createCompany } from '../../src/server/companies/create';
import {
  DATABASE_DOWN_TEXT,
  RETRY_AFTER_SECONDS,
  SERVER_BUSY_TEXT,
} from '../../src/server/db/availability';
import { WarmFirstPool } from '../../src/server/db/warm-first-pool';
import type { Envelope } from '../../src/shared/envelope';
import { WEB_ROOT } from '../../src/server/version';
import { call, startTestServer, TEST_PASSWORD } from '../support/api';
import { post, serverProcess, type ServerProcess } from '../support/server-process';
import { tcpProxy } from '../support/tcp-proxy';
import { useTestServer } from '../support/test-env';

const CONCURRENT = 200;
const ANSWER_WITHIN_MS = 10_000;

const env = useTestServer({ admin: true });
let server: ServerProcess;

beforeAll(async () => {
  // A fresh process on the run's database: nothing loaded, nothing cached.
  server = await serverProcess({
    DATABASE_URL: inject('databaseOwnerUrl'),
    DATABASE_APP_URL: inject('databaseAppUrl'),
    LOG_LEVEL: 'warn',
    // The whole burst reaches the pool: per-address limits would answer most of it with 429
    // before it got there (they have their own tests in rate-limits.test.ts).
    RATE_LIMITS: 'off',
  });
  await server.start();
});
afterAll(async () => {
  await server?.stop();
});

/** Payloads of the public calls; one missing here is still called, with an empty payload. */
const PUBLIC_PAYLOADS: Record<string, Record<string, unknown>> = {
  'captcha/challenge': {},
  'users/login': { user_email: 'nobody@nowhere.test', password: 'Not-The-Password-1' },
  'users/request_password_reset': { user_email: 'nobody@nowhere.test' },
  'users/reset_password': { token: 'x'.repeat(43), password: 'Another-Password-9' },
  'modules/get_public_settings': {},
  'modules/fetch_public_settings': {},
};

type Outcome = { status: number | null; retryAfter: string | null };

async function get(path: string, baseUrl = server.baseUrl): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: null, retryAfter: null };
  }
}

/** Statuses that count as an answer: success, a refusal, or 503 "busy / not available". */
const answered = (o: Outcome) =>
  o.status !== null &&
  ((o.status >= 200 && o.status < 300) ||
    (o.status >= 400 && o.status < 500) ||
    (o.status === 503 && o.retryAfter !== null));

async function burst(send: (i: number) => Promise<Outcome>) {
  const outcomes = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => send(i)));
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[String(o.status)] = (byStatus[String(o.status)] ?? 0) + 1;
  return { unanswered: outcomes.filter((o) => !answered(o)).length, byStatus };
}

const hashedAsset = () => {
  const index = join(WEB_ROOT, 'index.html');
  if (!existsSync(index)) return null;
  return /(?:src|href)="(\/assets\/[^"]+)"/.exec(readFileSync(index, 'utf8'))?.[1] ?? null;
};

describe('200 concurrent calls of every kind', () => {
  it(
    'answers every call within 10 s and serves normally afterwards',
    async () => {
      const registry = buildRegistry();
      const publicPaths = registry
        .allPaths()
        .filter((path) => registry.find(path)?.access === 'public');
      expect(publicPaths).toContain('captcha/challenge');
      const slug = env.company.slug;
      const herb = await call<{ herb_id: number }>(
        env.server,
        env.company,
        'herbs/insert',
        { herb_name: 'Availability' },
        env.admin,
      );
      const modules = await call<Array<{ module_id: number; module_name: string }>>(
        env.server,
        env.company,
        'modules/get_settings',
        {},
        env.admin,
      );
      const materia = modules.data.find((m) => m.module_name === 'materia')?.module_id;
      const herbId = herb.data.herb_id;
      const api = (path: string, payload: (i: number) => Record<string, unknown>, token = true) =>
        [
          path,
          (i: number) =>
            post(
              server.baseUrl,
              path,
              { _company_slug: slug, ...(token ? { _user_token: env.admin } : {}), ...payload(i) },
              ANSWER_WITHIN_MS,
            ),
        ] as const;
      const asset = hashedAsset();
      // captcha/challenge first: the call that hung a fresh server.
      const kinds = [
        ...['captcha/challenge', ...publicPaths.filter((p) => p !== 'captcha/challenge')].map(
          (path) => api(path, () => PUBLIC_PAYLOADS[path] ?? {}, false),
        ),
        api('herbs/list', () => ({ page: 1, limit: 20 })),
        api('herbs/get', () => ({ herb_id: herbId })),
        api('herbs/insert', (i) => ({ herb_name: `Burst herb ${i}` })),
        api('herbs/update', (i) => ({
          herb_id: herbId,
          field: 'herb_latin_name',
          value: `Latin ${i}`,
        })),
        api('herbs/typeahead', () => ({ filters: { search: 'Burst' } })),
        api('materia/get_my_preferences_for_module', () => ({ module_id: materia })),
        api('materia/update_my_preference_for_module', (i) => ({
          module_id: materia,
          field: 'burst',
          value: i,
        })),
        api('modules/get_settings', () => ({})),
        api('dashboard/get_stats', () => ({})),
        api('users/check_authentication', () => ({})),
        ['GET /', () => get('/')] as const,
        ...(asset ? [[`GET ${asset}`, () => get(asset)] as const] : []),
      ];
      const report: Record<string, Record<string, number>> = {};
      for (const [name, send] of kinds) {
        const { unanswered, byStatus } = await burst(send);
        report[name] = byStatus;
        expect(unanswered, `${name}: ${JSON.stringify(byStatus)}\n${server.output()}`).toBe(0);
      }
      console.log('statuses per call kind:', JSON.stringify(report));

      // Afterwards, one of each answers as on an idle server.
      const list = await post(server.baseUrl, 'herbs/list', {
        _company_slug: slug,
        _user_token: env.admin,
        page: 1,
        limit: 5,
      });
      expect(list.status).toBe(200);
      expect(list.json?.result).toBe(true);
      const challenge = await post(server.baseUrl, 'captcha/challenge', { _company_slug: slug });
      expect(challenge.status).toBe(200);
      expect((await get('/')).status).not.toBeNull();
    },
    // 3,400 calls in 17 bursts, each of which may take up to 10 s on a loaded machine.
    240_000,
  );
});

describe('a full pool', () => {
  it('answers 503 "busy" with Retry-After once a call waited DATABASE_POOL_WAIT_MS for a connection', async () => {
    const small = await startTestServer({ DATABASE_POOL_SIZE: '2', DATABASE_POOL_WAIT_MS: '100' });
    try {
      const replies = await Promise.all(
        Array.from({ length: CONCURRENT }, () =>
          small.app.inject({
            method: 'POST',
            url: '/api/herbs/list',
            payload: { _company_slug: env.company.slug, _user_token: env.admin, limit: 50 },
          }),
        ),
      );
      const busy = replies.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]?.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(busy[0]?.json<Envelope>().messages[0]?.text).toBe(SERVER_BUSY_TEXT);
      expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
      const after = await call(small, env.company, 'herbs/list', { limit: 5 }, env.admin);
      expect(after.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('a database slow to open a connection', () => {
  it('starts and serves although each new connection takes longer than DATABASE_POOL_WAIT_MS', async () => {
    // A busy database machine: the wait for a free connection is 100 ms, opening one takes 400.
    // pg-pool ended such a connection after the wait, so the server failed to start (CI, PG 15).
    const owner = new URL(inject('databaseOwnerUrl'));
    const proxy = await tcpProxy({ host: owner.hostname, port: Number(owner.port) }, 400);
    try {
      const slow = await startTestServer({
        DATABASE_URL: proxy.urlFor(inject('databaseOwnerUrl')),
        DATABASE_APP_URL: proxy.urlFor(inject('databaseAppUrl')),
        DATABASE_POOL_WAIT_MS: '100',
      });
      try {
        const list = await call(slow, env.company, 'herbs/list', { limit: 5 }, env.admin);
        expect(list.status).toBe(200);
      } finally {
        await slow.close();
      }
    } finally {
      await proxy.close();
    }
  });
});

describe('an idle pool', () => {
  it(`closes the connections it no longer needs but keeps ${WARM_CONNECTIONS} open`, async () => {
    const pooled = await startTestServer({
      DATABASE_POOL_SIZE: '12',
      DATABASE_POOL_IDLE_MS: '200',
    });
    const { pool } = pooled.database;
    try {
      const list = () =>
        pooled.app.inject({
          method: 'POST',
          url: '/api/herbs/list',
          payload: { _company_slug: env.company.slug, _user_token: env.admin, limit: 5 },
        });
      const replies = await Promise.all(Array.from({ length: 24 }, list));
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      expect(pool.totalCount).toBeGreaterThan(WARM_CONNECTIONS);
      await expect.poll(() => pool.totalCount, { timeout: 10_000 }).toBe(WARM_CONNECTIONS);
      // Well past the idle time: the warm ones are still there, and serve the next call.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(pool.totalCount).toBe(WARM_CONNECTIONS);
      expect((await list()).statusCode).toBe(200);
      expect(pool.totalCount).toBe(WARM_CONNECTIONS);
    } finally {
      await pooled.close();
    }
  });
});

describe('a company created while the server runs', () => {
  it('is known at once, even when its slug was looked up before it existed', async () => {
    const slug = `t-late-${Date.now().toString(36)}`;
    const settings = () =>
      call(env.server, { slug }, 'modules/get_public_settings').then((reply) => reply.status);
    expect(await settings()).toBe(404);
    // Created as the company command (or another server) does: not through this server's calls.
    await createCompany(env.server.database.db, {
      slug,
      name: 'Late Clinic',
      adminEmail: `admin@${slug}.test`,
      adminPassword: TEST_PASSWORD,
    });
    // The notification arrives within milliseconds; the old cache kept "unknown" for 30 s.
    await expect.poll(settings, { timeout: 3000, interval: 50 }).toBe(200);
  });
});

describe('an external database that goes away', () => {
  it('answers 503 "not available" while it is unreachable and serves again when it is back', async () => {
    const owner = new URL(inject('databaseOwnerUrl'));
    const proxy = await tcpProxy({ host: owner.hostname, port: Number(owner.port) });
    const external = await serverProcess({
      DATABASE_URL: proxy.urlFor(inject('databaseOwnerUrl')),
      DATABASE_APP_URL: proxy.urlFor(inject('databaseAppUrl')),
    });
    try {
      await external.start();
      const list = () =>
        post(external.baseUrl, 'herbs/list', {
          _company_slug: env.company.slug,
          _user_token: env.admin,
          limit: 1,
        });
      expect((await list()).status).toBe(200);
      await proxy.cut();
      const messageOf = async () => {
        const reply = await list();
        const text = (reply.json?.messages as Array<{ text: string }> | undefined)?.[0]?.text;
        return reply.status === 503 && reply.retryAfter ? text : reply.status;
      };
      await expect.poll(messageOf, { timeout: 10_000, interval: 200 }).toBe(DATABASE_DOWN_TEXT);
      // The watchdog's verdict, not only the failed queries: said once in the log.
      await expect
        .poll(() => external.output().match(/The database is not available/g)?.length ?? 0)
        .toBe(1);
      expect((await get('/', external.baseUrl)).status).not.toBeNull();
      await proxy.resume();
      await expect.poll(async () => (await list()).status, { timeout: 15_000 }).toBe(200);
      expect(external.output()).toContain('The database is available again');
    } finally {
      await external.stop();
      await proxy.close();
    }
  }, 90_000);
});

describe('the pool', () => {
  it('hands out its oldest idle connection, where pg-pool would hand out the last released', async () => {
    const pool = new WarmFirstPool({ connectionString: inject('databaseAppUrl'), max: 3 });
    const backendOf = async (client: pg.PoolClient) =>
      (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    try {
      // Opened one after the other, each while the others are held.
      const opened: pg.PoolClient[] = [];
      for (let i = 0; i < 3; i++) opened.push(await pool.connect());
      const [oldest, second] = await Promise.all(opened.map(backendOf));
      for (const client of opened) client.release();
      const next = await pool.connect();
      expect(await backendOf(next)).toBe(oldest);
      const another = await pool.connect();
      expect(await backendOf(another)).toBe(second);
      next.release();
      another.release();
    } finally {
      await pool.end();
    }
  });
});
