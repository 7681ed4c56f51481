/**
 * Platform figures: start-up with an existing data folder, Argon2id cost and the login rate it
 * allows, and users/check_authentication under 32 connections.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../src/server/auth/passwords';
import { load, post, startServer, type Figure } from './lib';

const PASSWORD = 'Bench-Pass-2026';

async function argon2Figures(): Promise<Figure[]> {
  await hashPassword('warm-up-Pass-1');
  const times: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const start = performance.now();
    await hashPassword(`Bench-Pass-${i}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return [
    { name: 'argon2id hash (m=19 MiB, t=2, p=1), mean', value: mean, unit: 'ms' },
    { name: 'argon2id hash, p95', value: times[Math.floor(times.length * 0.95)]!, unit: 'ms' },
    {
      name: 'login rate the hash allows, per core',
      value: 1000 / mean,
      unit: 'logins/s',
      note: 'one verify per login; 2 cores ≈ twice this',
    },
  ];
}

export async function platformBench(): Promise<Figure[]> {
  const figures = await argon2Figures();
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
  try {
    const first = await startServer(env);
    figures.push({
      name: 'first start (creates cluster and demo clinic)',
      value: first.readyMs,
      unit: 'ms',
    });
    await first.stop();
    const server = await startServer(env);
    figures.push({
      name: 'start-up to ready, existing data folder',
      value: server.readyMs,
      unit: 'ms',
      budget: { limit: 5000, kind: 'max' },
    });
    try {
      const login = await post<{ result: boolean; data: { user_token: object } }>(
        server.url,
        'users/login',
        {
          _company_slug: 'demo',
          user_email: 'admin@demo.clinic',
          password: PASSWORD,
        },
      );
      if (!login.result) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
      const body = { _company_slug: 'demo', _user_token: login.data.user_token };
      await load(server.url, 'users/check_authentication', body, 32, 2); // warm-up
      const result = await load(server.url, 'users/check_authentication', body, 32, 10);
      const failures = result.errors + result.non2xx;
      figures.push(
        {
          name: 'check_authentication p50 (32 connections)',
          value: result.p50,
          unit: 'ms',
        },
        {
          name: 'check_authentication p99 (32 connections)',
          value: result.p99,
          unit: 'ms',
          budget: { limit: 10, kind: 'max' },
        },
        {
          name: 'check_authentication throughput',
          value: result.requestsPerSecond,
          unit: 'req/s',
          budget: { limit: 2000, kind: 'min' },
          note: failures ? `${failures} failed requests` : 'no failed requests',
        },
      );
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
