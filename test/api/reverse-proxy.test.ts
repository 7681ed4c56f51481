/**
 * The scale-out recipe of docs/operations.md, run as written: docs/examples/nginx.conf (its
 * placeholders filled in) in front of two real server processes with TRUST_PROXY=yes, nginx
 * started as an ordinary process in a temporary folder on a free port. Calls go through nginx to
 * both servers, go on when one server is not ready (its database cut off) or stopped, and login
 * throttling still sees the client's own address, whatever X-Forwarded-For the client sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/server/db/embedded';
import { TEST_PASSWORD } from '../support/api';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { serverProcess, type ServerProcess } from '../support/server-process';
import { tcpProxy } from '../support/tcp-proxy';
import { useTestServer } from '../support/test-env';

const RECIPE = resolve(import.meta.dirname, '..', '..', 'docs', 'examples', 'nginx.conf');
/** The watchdog probes once a second and the listener reconnects after a pause: give them time. */
const READY_POLL = { timeout: 15_000, interval: 100 };
const METRICS_TOKEN = 'reverse-proxy-metrics-token-0123456789';
const env = useTestServer({ company: 'Proxy Clinic' });

let servers: ServerProcess[] = [];
/** The second server reaches the database through this relay, which a test cuts. */
let relay: Awaited<ReturnType<typeof tcpProxy>> | null = null;
let nginx: ChildProcess | null = null;
let nginxDir = '';
let proxyUrl = '';
/** The clinic admin's token, from the first test (the throttle test leaves logins asking for a captcha). */
let token: unknown;

/** nginx from the path, or Debian's /usr/sbin (not on an ordinary user's path). */
function nginxBinary(): string {
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'];
  const found = folders.map((folder) => join(folder, 'nginx')).find((file) => existsSync(file));
  if (!found) {
    throw new Error(
      'nginx is not installed: `apt-get install -y nginx-light` (CI installs it). This test ' +
        'runs the reverse-proxy recipe of docs/operations.md and needs it.',
    );
  }
  return found;
}

/** The recipe as an operator fills it in, inside a main file that keeps nginx in `dir`. */
async function writeConfig(dir: string, port: number): Promise<string> {
  const [one, two] = servers.map((s) => new URL(s.baseUrl).host);
  const recipe = (await readFile(RECIPE, 'utf8'))
    .replaceAll('__LISTEN__', `127.0.0.1:${port}`)
    .replaceAll('__SERVER_1__', one ?? '')
    .replaceAll('__SERVER_2__', two ?? '');
  expect(recipe).not.toMatch(/__[A-Z0-9_]+__/);
  await writeFile(join(dir, 'materia.conf'), recipe);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `${kind}_temp_path ${join(dir, kind)};`,
  );
  // One process as the user running the test (root or not): no workers to switch user for.
  const main = `daemon off;
master_process off;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 256; }
http {
  access_log off;
  ${temp.join('\n  ')}
  include ${join(dir, 'materia.conf')};
}
`;
  const file = join(dir, 'nginx.conf');
  await writeFile(file, main);
  return file;
}

async function startNginx(): Promise<void> {
  const binary = nginxBinary();
  nginxDir = await mkdtemp(join(tmpdir(), 'materia-nginx-'));
  const port = await freePort();
  const config = await writeConfig(nginxDir, port);
  const args = ['-p', nginxDir, '-e', join(nginxDir, 'error.log'), '-c', config];
  let output = '';
  const running = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx = running;
  const keep = (chunk: Buffer) => (output += chunk.toString());
  running.stdout?.on('data', keep);
  running.stderr?.on('data', keep);
  proxyUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (
    !(await fetch(`${proxyUrl}/health/live`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    const log = await readFile(join(nginxDir, 'error.log'), 'utf8').catch(() => '');
    if (running.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start (${running.exitCode}):\n${output}\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

type Reply = { status: number; result: boolean; data: Record<string, unknown> };

/** POST /api/{path} through nginx, with extra request headers (a forged X-Forwarded-For). */
async function viaProxy(
  path: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const response = await fetch(`${proxyUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ _company_slug: env.company.slug, ...payload }),
  });
  return { status: response.status, ...((await response.json()) as Omit<Reply, 'status'>) };
}

async function logIn(): Promise<unknown> {
  const reply = await viaProxy('users/login', {
    user_email: env.company.adminEmail,
    password: TEST_PASSWORD,
  });
  expect(reply.result).toBe(true);
  return reply.data.user_token;
}

/** herbs/list calls a server has answered 200 (its own count: each server counts its own). */
async function listsAnswered(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const families = parsePrometheusText(await response.text());
  const labels = { call: 'herbs/list', status: '200' };
  return sampleValue(families, 'materia_api_requests_total', labels) ?? 0;
}

beforeAll(async () => {
  nginxBinary(); // fail at once, before starting servers, when nginx is missing
  const settings = {
    DATABASE_URL: inject('databaseOwnerUrl'),
    DATABASE_APP_URL: inject('databaseAppUrl'),
    TRUST_PROXY: 'yes',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
  };
  const database = new URL(inject('databaseOwnerUrl'));
  relay = await tcpProxy({ host: database.hostname, port: Number(database.port) });
  const relayed = {
    DATABASE_URL: relay.urlFor(settings.DATABASE_URL),
    DATABASE_APP_URL: relay.urlFor(settings.DATABASE_APP_URL),
  };
  servers = await Promise.all([
    serverProcess(settings),
    serverProcess({ ...settings, ...relayed }),
  ]);
  await Promise.all(servers.map((s) => s.start()));
  await startNginx();
}, 180_000);
afterAll(async () => {
  const running = nginx;
  if (running && running.exitCode === null) {
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGTERM');
    await exited;
  }
  await Promise.all(servers.map((s) => s.stop()));
  await relay?.close();
  if (nginxDir) await rm(nginxDir, { recursive: true, force: true });
});

describe('two servers behind nginx (docs/examples/nginx.conf)', () => {
  it('logs in and lists through nginx, with both servers taking calls', async () => {
    token = await logIn();
    for (let i = 0; i < 6; i += 1) {
      const listed = await viaProxy('herbs/list', { limit: 5, _user_token: token });
      expect(listed).toMatchObject({ status: 200, result: true });
    }
    // Round robin: each server answered some of them.
    for (const server of servers) expect(await listsAnswered(server)).toBeGreaterThan(0);
  });

  it('throttles by the client’s own address, whatever X-Forwarded-For the client sends', async () => {
    for (let i = 0; i < 3; i += 1) {
      const guess = { user_email: `nobody-${i}@${env.company.slug}.test`, password: 'Wrong-1x' };
      // Each guess claims another address; nginx appends the real one, which the server takes.
      const failed = await viaProxy('users/login', guess, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(failed.status).toBe(401);
    }
    const status = await viaProxy('users/login_status', {}, { 'x-forwarded-for': '203.0.113.9' });
    expect(status.data).toMatchObject({ captcha_required: true });
    const admin = await viaProxy('users/login', {
      user_email: env.company.adminEmail,
      password: TEST_PASSWORD,
    });
    expect(admin).toMatchObject({ status: 429, data: { captcha_required: true } });
  });

  it('passes calls to the other server while one is not ready (its database cut off)', async () => {
    const second = servers[1] as ServerProcess;
    await relay?.cut();
    try {
      await expect
        .poll(async () => (await fetch(`${second.baseUrl}/health/ready`)).status, READY_POLL)
        .toBe(503);
      // One after the other, so that nginx's round robin offers each call to the cut-off one.
      for (let i = 0; i < 6; i += 1) {
        const listed = await viaProxy('herbs/list', { limit: 5, _user_token: token });
        expect(listed).toMatchObject({ status: 200, result: true });
      }
    } finally {
      await relay?.resume();
    }
    await expect
      .poll(async () => (await fetch(`${second.baseUrl}/health/ready`)).status, READY_POLL)
      .toBe(200);
  });

  it('goes on answering through the other server when one stops', async () => {
    await servers[1]?.stop();
    // nginx finds the stopped server refusing connections and passes each call to the other.
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => viaProxy('herbs/list', { limit: 5, _user_token: token })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(6).fill(200));
  });
});
