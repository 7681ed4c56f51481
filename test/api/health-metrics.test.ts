/**
 * Health and metrics on the real server: `/health/live` and `/health/ready` answer without tenant
 * or session, ready answers 503 naming the database while the watchdog can not reach it (through a
 * TCP relay that the test cuts), and `/metrics` is off without METRICS_TOKEN, refused without the
 * right bearer token, and with it scrapes as strict Prometheus text counting the calls just made.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseWatchdog } from '../../src/server/db/watchdog';
import { call, startTestServer, type TestServer } from '../support/api';
import { login } from '../support/auth';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { tcpProxy } from '../support/tcp-proxy';
import { useTestServer } from '../support/test-env';

const TOKEN = 'scrape-token-for-the-tests-0123456789';
const env = useTestServer({ admin: true, config: { METRICS_TOKEN: TOKEN } });

const get = (server: TestServer, url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

async function scrape() {
  const reply = await get(env.server, '/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(reply.body);
}

describe('health', () => {
  it('live answers 200 without company, token or session', async () => {
    const reply = await get(env.server, '/health/live');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ status: 'ok' });
  });

  it('ready answers 200 once the database, the migrations and the listener are there', async () => {
    // The listener connects just after the server starts.
    await expect.poll(async () => (await get(env.server, '/health/ready')).statusCode).toBe(200);
    expect((await get(env.server, '/health/ready')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', listener: 'ok', pool: 'ok', latency: 'ok' },
      failed: [],
    });
  });
});

describe('ready while the database is away', () => {
  let server: TestServer;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let watchdog: DatabaseWatchdog;

  beforeAll(async () => {
    // The server's own watchdog reaches the database through a relay the test can cut.
    const app = new URL(inject('databaseAppUrl'));
    proxy = await tcpProxy({ host: app.hostname, port: Number(app.port) });
    watchdog = new DatabaseWatchdog({
      url: proxy.urlFor(inject('databaseAppUrl')),
      cluster: null,
      log: pino({ level: 'silent' }),
      onGiveUp: () => undefined,
    });
    server = await startTestServer({}, { database: watchdog });
    watchdog.start();
  });
  afterAll(async () => {
    await watchdog?.stop();
    await server?.close();
    await proxy?.close();
  });

  it('answers 503 naming the database, and 200 again when it is back', async () => {
    const ready = async () => (await get(server, '/health/ready')).statusCode;
    await expect.poll(ready, { timeout: 10_000 }).toBe(200);
    await proxy.cut();
    await expect.poll(ready, { timeout: 15_000, interval: 200 }).toBe(503);
    const reply = await get(server, '/health/ready');
    expect(reply.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: 'failing', migrations: 'ok' },
      failed: ['database'],
    });
    expect(reply.headers['cache-control']).toBe('no-store');
    expect((await get(server, '/health/live')).statusCode).toBe(200);
    await proxy.resume();
    await expect.poll(ready, { timeout: 15_000, interval: 200 }).toBe(200);
  }, 60_000);

  it('has no /metrics without METRICS_TOKEN (404, the envelope)', async () => {
    const reply = await get(server, '/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ result: false });
  });
});

describe('/metrics', () => {
  it('refuses a missing or wrong bearer token with 401 and no metrics', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not-the-token-at-all-0000' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const reply = await get(env.server, '/metrics', headers);
      expect(reply.statusCode, JSON.stringify(headers)).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer');
      expect(reply.body).not.toContain('materia_');
    }
  });

  it('parses as Prometheus text and counts the calls just made, by call', async () => {
    const list = { call: 'herbs/list', status: '200' };
    const before = await scrape();
    const count = (f: typeof before, name: string, labels: Record<string, string> = {}) =>
      sampleValue(f, name, labels) ?? 0;
    for (let i = 0; i < 3; i += 1) {
      const reply = await call(env.server, env.company, 'herbs/list', { limit: 1 }, env.admin);
      expect(reply.status).toBe(200);
    }
    expect((await call(env.server, env.company, 'no/such_call', {}, env.admin)).status).toBe(404);
    expect(
      (await login(env.server, env.company, env.company.adminEmail, 'Wrong-Pass-1')).status,
    ).toBe(401);
    const after = await scrape();

    expect(count(after, 'materia_api_requests_total', list)).toBe(
      count(before, 'materia_api_requests_total', list) + 3,
    );
    const durations = { call: 'herbs/list' };
    expect(count(after, 'materia_api_request_duration_seconds_count', durations)).toBe(
      count(before, 'materia_api_request_duration_seconds_count', durations) + 3,
    );
    // A path the server does not answer is counted under one label, not its own.
    const unknown = { call: 'unknown', status: '404' };
    expect(count(after, 'materia_api_requests_total', unknown)).toBe(
      count(before, 'materia_api_requests_total', unknown) + 1,
    );
    expect(
      after
        .get('materia_api_requests_total')
        ?.samples.some((s) => s.labels.call === 'no/such_call'),
    ).toBe(false);
    for (const [name, labels] of [
      ['materia_api_errors_total', { kind: 'not_found' }],
      ['materia_api_errors_total', { kind: 'unauthenticated' }],
      ['materia_login_failures_total', {}],
    ] as const) {
      expect(count(after, name, labels), name).toBe(count(before, name, labels) + 1);
    }
    // Three token look-ups, each answered from memory or from the database.
    const lookups = (f: typeof before) =>
      count(f, 'materia_session_cache_hits_total') + count(f, 'materia_session_cache_misses_total');
    expect(lookups(after)).toBe(lookups(before) + 3);

    expect(after.get('materia_db_pool_in_use')?.type).toBe('gauge');
    expect(sampleValue(after, 'materia_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'materia_db_pool_waiting')).toBe(0);
    expect(sampleValue(after, 'materia_db_pool_max')).toBe(env.server.config.databasePoolSize);
    expect(sampleValue(after, 'materia_database_up')).toBe(1);
    expect(sampleValue(after, 'materia_database_embedded')).toBe(0);
    expect(sampleValue(after, 'materia_database_restarts_total')).toBe(0);
    // prom-client's default process metrics come along.
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});
