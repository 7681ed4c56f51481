/**
 * Stopping and restarting as an operator (or a process manager) does it: `npm start` signalled
 * at npm's own process stops the server and its PostgreSQL; SIGTERM lets a request in flight
 * finish, or cancels its query after the limit; a start after kill -9 of the server and of the
 * postmaster works, even when the stale lock names a live process that is not the database.
 * Every wait is for a state (a process gone, a port refusing), never for a fixed time.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isAlive } from '../../src/server/db/embedded';
import { clusterOwnerClient } from '../support/owner-client';
import { logInAdmin, post, serverEnv, serverProcess } from '../support/server-process';

const ROOT = resolve(import.meta.dirname, '..', '..');

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await check())) throw new Error(`timed out waiting for: ${what}`);
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket.destroy() !== null));
    socket.once('error', () => done(false));
  });

/** Live postgres processes working on this data folder. */
function postgresOf(dataDir: string): number[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('postgres') && line.includes(join(dataDir, 'pg')))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Every process below `pid` (npm → start.mjs → the server). */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid,ppid'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [pid = 0, ppid = 0] = line.trim().split(/\s+/).map(Number);
      return { pid, ppid };
    });
  const below = (parent: number): number[] =>
    rows.filter((row) => row.ppid === parent).flatMap(({ pid }) => [pid, ...below(pid)]);
  return below(pid);
}

/** The user the embedded cluster runs as: `postgres` when we are root, else ourselves. */
const clusterUid = () =>
  process.getuid?.() === 0
    ? Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    : process.getuid?.();

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** `npm start` on a fresh folder, once ready: npm, the processes below it, its output. */
async function npmStart() {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-npm-start-'));
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    env: serverEnv(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (c: Buffer) => (output += c.toString()));
  npm.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const npmExit = new Promise((r) => npm.once('exit', r));
  cleanup.push(async () => {
    for (const pid of [...postgresOf(dataDir), ...descendants(npm.pid!)]) {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  await until(() => output.includes('Materia is ready at'), 'npm start ready', 120_000);
  // npm execs scripts/start.mjs, which starts the server: [start.mjs, server, postgres…].
  const below = descendants(npm.pid!);
  expect(postgresOf(dataDir).length).toBeGreaterThan(0);
  /** Waits until nothing npm started runs, no postgres works on the folder, the port is free. */
  const nothingLeft = async () => {
    await until(() => below.every((pid) => !isAlive(pid)), `npm start's processes gone`);
    await until(() => postgresOf(dataDir).length === 0, 'postgres gone');
    expect(await listening(port)).toBe(false);
  };
  return { npm, npmExit, launcher: below[0]!, output: () => output, nothingLeft };
}

describe('npm start stopped from outside', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} at the npm process stops the server and its PostgreSQL and frees the port`, async () => {
      const started = await npmStart();
      started.npm.kill(signal);
      await started.npmExit;
      await started.nothingLeft();
      expect(started.output()).toContain(`${signal} received: stopping`);
    }, 180_000);
  }

  it('kill -9 of npm: the launcher stops the server', async () => {
    const started = await npmStart();
    started.npm.kill('SIGKILL');
    await started.nothingLeft();
    expect(started.output()).toContain('SIGTERM received: stopping');
  }, 180_000);

  it('kill -9 of the launcher (scripts/start.mjs): the server stops on its own', async () => {
    const started = await npmStart();
    process.kill(started.launcher, 'SIGKILL');
    await started.nothingLeft();
    expect(started.output()).toContain('npm start is gone: stopping');
  }, 180_000);
});

describe('SIGTERM with a request in flight', () => {
  /** A started server and a herb insert held up by a lock the test owns. */
  async function stuckInsert() {
    // A statement deadline past the stop's 5 s grace: the stop, not the deadline, ends the insert.
    const server = await serverProcess({ DATABASE_STATEMENT_TIMEOUT_MS: '60000' });
    cleanup.push(() => server.stop());
    await server.start();
    const auth = await logInAdmin(server.baseUrl);
    const owner = await clusterOwnerClient(server.dataDir);
    cleanup.push(() => owner.end().catch(() => undefined));
    await owner.query('begin');
    await owner.query('lock table herbs in access exclusive mode');
    const reply = post(server.baseUrl, 'herbs/insert', { ...auth, herb_name: 'In flight' }, 60_000);
    let answered: unknown = null;
    void reply.then((r) => (answered = r));
    await until(async () => {
      if (answered) throw new Error(`the insert was not held up: ${JSON.stringify(answered)}`);
      const { rows } = await owner.query(
        "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = 'materia'",
      );
      return rows.length > 0;
    }, 'the insert waiting on the lock');
    return { server, owner, reply, port: Number(new URL(server.baseUrl).port) };
  }

  it('stops taking requests, lets the one in flight finish, and exits 0', async () => {
    const { server, owner, reply, port } = await stuckInsert();
    server.kill('SIGTERM');
    await until(async () => !(await listening(port)), 'the port refusing new connections');
    await owner.query('commit');
    expect((await reply).json?.result).toBe(true);
    expect(await server.exited()).toEqual({ code: 0, signal: null });
    expect(server.postmasterPid()).toBeNull();
  }, 180_000);

  it('cancels a stuck request after the limit, then stops the database and exits 0', async () => {
    const { server, owner, reply } = await stuckInsert();
    server.kill('SIGTERM');
    const answer = await reply;
    // Answered while the database still runs: the query was cancelled, not cut by its stop.
    expect(answer.status).toBe(503);
    expect(answer.retryAfter).toBe('5');
    expect((await owner.query('select 1 as up')).rows).toEqual([{ up: 1 }]);
    expect(await server.exited()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('1 database query cancelled');
    expect(server.postmasterPid()).toBeNull();
  }, 180_000);
});

describe('a start after kill -9', () => {
  /** A server that was started, then killed with kill -9, and its postmaster likewise. */
  async function killedWithItsPostmaster() {
    const server = await serverProcess();
    cleanup.push(() => server.stop());
    await server.start();
    const postmaster = server.postmasterPid()!;
    server.kill('SIGKILL');
    await server.exited();
    process.kill(postmaster, 'SIGKILL');
    await until(() => !isAlive(postmaster), 'the postmaster gone');
    return server;
  }

  it('works after kill -9 of the server and of its postmaster', async () => {
    const server = await killedWithItsPostmaster();
    await server.start();
    expect((await logInAdmin(server.baseUrl))._user_token).toBeTruthy();
  }, 180_000);

  it('works when the stale lock names a live process that is not the database', async () => {
    const server = await killedWithItsPostmaster();
    // The postmaster's pid given to another process since, as happens after a reboot.
    // It runs as the cluster's user: PostgreSQL takes a pid it may not signal for a stale one.
    const stranger = spawn('sleep', ['600'], { uid: clusterUid() });
    cleanup.push(() => Promise.resolve(void stranger.kill('SIGKILL')));
    const lock = join(server.dataDir, 'pg', 'postmaster.pid');
    const lines = readFileSync(lock, 'utf8').split('\n');
    writeFileSync(lock, [String(stranger.pid), ...lines.slice(1)].join('\n'));
    await server.start();
    expect(server.output()).toContain('Removing a stale database lock');
    expect((await logInAdmin(server.baseUrl))._user_token).toBeTruthy();
    expect(isAlive(stranger.pid!)).toBe(true);
  }, 180_000);
});
