/**
 * Crash suite: the real server process on its own embedded PostgreSQL, 20 clients inserting herbs
 * with unique names, then `kill -9` — of the server, then of PostgreSQL. Every write the server
 * acknowledged (`result: true`) must be there exactly once afterwards; while PostgreSQL is away
 * calls answer 503, the server restarts it, and when it can not, the server stops with a non-zero
 * exit code instead of answering 500 for ever. Every wait is for a state (a process gone, a line
 * logged, an answer), with a generous limit, never for a time: on a slow machine a backend of the
 * killed postmaster may still answer one call before it notices, and the restart's recovery takes
 * longer, so "the first 200 after the kill" proves nothing by itself.
 */
import { spawn } from 'node:child_process';
import { readFile, readdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_DOWN_TEXT } from '../../src/server/db/availability';
import { isAlive } from '../../src/server/db/embedded';
import { MAX_RESTARTS } from '../../src/server/db/watchdog';
import { logInAdmin, post, serverProcess, type ServerProcess } from '../support/server-process';

const CLIENTS = 20;
/** Acknowledged writes to wait for before the kill, so that the kill lands mid-burst. */
const ACKS_BEFORE_KILL = 40;

let server: ServerProcess;
let auth: Record<string, unknown>;

// A first start (initdb, migrations) on a busy machine: the server-process helper bounds it.
beforeAll(async () => {
  server = await serverProcess();
  await server.start();
  auth = await logIn();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const logIn = () => logInAdmin(server.baseUrl);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 20 clients inserting until `stop()` says so; what was acknowledged and every status seen. */
function writeBurst(tag: string, stop: () => boolean) {
  const acked: string[] = [];
  const statuses: Record<string, number> = {};
  const done = Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let n = 0; !stop(); n += 1) {
        const name = `${tag}-${client}-${n}`;
        const reply = await post(server.baseUrl, 'herbs/insert', { ...auth, herb_name: name });
        statuses[String(reply.status)] = (statuses[String(reply.status)] ?? 0) + 1;
        if (reply.json?.result === true) acked.push(name);
        else await sleep(50); // a refusal or no server: do not spin
      }
    }),
  );
  return { acked, statuses, done };
}

/** How often each herb name starting with `tag` is stored. */
async function storedNames(tag: string): Promise<Map<string, number>> {
  const reply = await post(server.baseUrl, 'herbs/list', { ...auth, page: 1, limit: 5000 });
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  const counts = new Map<string, number>();
  for (const row of reply.json?.data as Array<{ herb_name: string }>) {
    if (row.herb_name.startsWith(`${tag}-`))
      counts.set(row.herb_name, (counts.get(row.herb_name) ?? 0) + 1);
  }
  return counts;
}

function expectEachOnce(acked: string[], stored: Map<string, number>) {
  expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
  expect(acked.filter((name) => stored.get(name) !== 1)).toEqual([]);
  expect([...stored.values()].filter((n) => n !== 1)).toEqual([]);
}

const listStatus = async () =>
  (await post(server.baseUrl, 'herbs/list', { ...auth, page: 1, limit: 1 })).status;

/** Makes the data folder unstartable (and back): PostgreSQL refuses a folder without PG_VERSION. */
const breakDataFolder = (broken: boolean) => {
  const file = join(server.dataDir, 'pg', 'PG_VERSION');
  return broken ? rename(file, `${file}.away`) : rename(`${file}.away`, file);
};

/** The processes whose parent is `pid`. */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (/^\d+$/.test(entry) && parent === pid) children.push(Number(entry));
  }
  return children;
}

const linesMatching = (pattern: RegExp) => server.output().match(pattern)?.length ?? 0;

/** Generous limits for states that take long on a slow, busy machine. */
const SLOW = { timeout: 90_000, interval: 250 };

/**
 * After `process.kill(postmaster, 'SIGKILL')`: the old postmaster is gone, the watchdog noticed
 * and brought a new one up and said so, and calls are answered again. Returns the new postmaster.
 */
async function restartedAfterKill(postmaster: number, noticedBefore: number): Promise<number> {
  await expect.poll(() => isAlive(postmaster), SLOW).toBe(false);
  await explained(
    expect
      .poll(() => linesMatching(/The database is available again/g), SLOW)
      .toBe(noticedBefore + 1),
  );
  const restarted = server.postmasterPid();
  expect(restarted).not.toBeNull();
  expect(restarted).not.toBe(postmaster);
  await explained(expect.poll(listStatus, SLOW).toBe(200));
  return restarted as number;
}

/** The live postmaster, once there is one (a restart may still be running). */
async function livePostmaster(): Promise<number> {
  await explained(expect.poll(() => server.postmasterPid(), SLOW).not.toBeNull());
  return server.postmasterPid() as number;
}

/** `check`, failing with the end of what the server printed, which tells why. */
const explained = (check: Promise<void>) =>
  check.catch((error: unknown) => {
    if (error instanceof Error)
      error.message += `\nThe server printed:\n${server.output().slice(-4000)}`;
    throw error;
  });

describe('kill -9 during a 20-client write burst', () => {
  it('of the server: after a restart on the same folder every acknowledged write is there once', async () => {
    let killed = false;
    const burst = writeBurst('srv', () => killed);
    await expect.poll(() => burst.acked.length, SLOW).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    server.kill('SIGKILL');
    await server.exited();
    killed = true;
    await burst.done;
    // The killed server left its postmaster running: the next start must cope with it.
    await server.start();
    expectEachOnce(burst.acked, await storedNames('srv'));
  }, 240_000);

  it('of PostgreSQL: calls answer 503 meanwhile, the server restarts it, and every acknowledged write is there once', async () => {
    const postmaster = server.postmasterPid();
    expect(postmaster).not.toBeNull();
    let stopped = false;
    const burst = writeBurst('pg', () => stopped);
    await expect.poll(() => burst.acked.length, SLOW).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    const noticed = linesMatching(/The database is available again/g);
    process.kill(postmaster as number, 'SIGKILL');
    const restarted = await restartedAfterKill(postmaster as number, noticed);
    stopped = true;
    await burst.done;
    // The restarted database stayed up: the same postmaster, and answering.
    expect(server.postmasterPid()).toBe(restarted);
    // Nothing but "saved" and "not saved, try again": no 500, no call left hanging.
    expect(Object.keys(burst.statuses).sort()).toEqual(['200', '503']);
    expectEachOnce(burst.acked, await storedNames('pg'));
    expect(linesMatching(/The database is not available/g)).toBe(1);
    expect(linesMatching(/The database is available again/g)).toBe(1);
    // One restart brought it back: none failed, none came after.
    expect(linesMatching(/Restarting the embedded database/g), server.output()).toBe(1);
  }, 240_000);
});

describe('kill -9 of PostgreSQL while one of its processes can not exit', () => {
  it('waits for it, then kills it, and restarts the database', async () => {
    const postmaster = await livePostmaster();
    const [child] = await childrenOf(postmaster);
    expect(child).toBeDefined();
    // A stopped process keeps the old shared memory, and the new postmaster refuses to start
    // while it does, as it would while a backend waits on a slow disk.
    process.kill(child!, 'SIGSTOP');
    // An operator's process sitting in the folder is not PostgreSQL's: it is left alone.
    const bystander = spawn('sleep', ['120'], { cwd: join(server.dataDir, 'pg') });
    try {
      const noticed = linesMatching(/The database is available again/g);
      process.kill(postmaster, 'SIGKILL');
      await restartedAfterKill(postmaster, noticed);
      expect(bystander.exitCode ?? bystander.signalCode).toBeNull();
    } finally {
      if (isAlive(child!)) process.kill(child!, 'SIGKILL');
      bystander.kill('SIGKILL');
    }
    expect(linesMatching(/outlived their postmaster/g), server.output()).toBe(1);
    expect(linesMatching(/Restarting the embedded database/g), server.output()).toBe(2);
  }, 240_000);
});

describe('a database that can not be restarted', () => {
  it('answers 503 "not available" with Retry-After, and SIGTERM stops the server at once, non-zero', async () => {
    const noticed = linesMatching(/The database is not available/g);
    const postmaster = await livePostmaster();
    await breakDataFolder(true);
    process.kill(postmaster, 'SIGKILL');
    const down = async () => {
      const reply = await post(server.baseUrl, 'herbs/list', { ...auth, page: 1, limit: 1 });
      const text = (reply.json?.messages as Array<{ text: string }> | undefined)?.[0]?.text;
      return reply.status === 503 && reply.retryAfter !== null ? text : reply.status;
    };
    try {
      await expect.poll(down, SLOW).toBe(DATABASE_DOWN_TEXT);
      // The watchdog has noticed (before that, calls answer 503 from their own failed queries).
      await expect
        .poll(() => linesMatching(/The database is not available/g), SLOW)
        .toBe(noticed + 1);
      const asked = Date.now();
      server.kill('SIGTERM');
      const exit = await server.exited();
      expect(Date.now() - asked).toBeLessThan(10_000);
      expect(exit.code).toBe(1);
    } finally {
      await breakDataFolder(false);
    }
  }, 180_000);

  it(`gives up after ${MAX_RESTARTS} restarts and exits non-zero, saying why once`, async () => {
    await server.start();
    const postmaster = await livePostmaster();
    await breakDataFolder(true);
    try {
      process.kill(postmaster, 'SIGKILL');
      const exit = await server.exited();
      expect(exit.code, server.output()).toBe(1);
      expect(linesMatching(/The database is not available/g)).toBe(1);
      expect(linesMatching(/Restarting the embedded database/g)).toBe(MAX_RESTARTS);
      // Each failed restart says why, in PostgreSQL's words.
      expect(linesMatching(/did not start: .*FATAL: .*PG_VERSION/g)).toBe(MAX_RESTARTS);
      expect(linesMatching(/Materia is stopping/g)).toBe(1);
    } finally {
      await breakDataFolder(false);
    }
  }, 180_000);
});
