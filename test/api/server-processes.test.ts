/**
 * SERVER_PROCESSES=2 (src/server/extra-servers.ts): the first server starts a second on the same
 * port and database. The second serves calls on its own (shown with the first one frozen), one
 * killed is replaced, a second Materia can not take the port, and SIGTERM to the first stops
 * both and the embedded database.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../src/server/db/embedded';
import { serverProcess, type ServerProcess } from '../support/server-process';

let server: ServerProcess;

beforeAll(async () => {
  server = await serverProcess({ SERVER_PROCESSES: '2' });
  await server.start();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Pids of the extra server processes that reported ready, in order. */
const extraPids = (): number[] =>
  [...server.output().matchAll(/"pid":(\d+)[^\n]*Server process \d+ is ready/g)].map((m) =>
    Number(m[1]),
  );

const firstPid = (): number => {
  const line = /"pid":(\d+)[^\n]*2 server processes serve the port/.exec(server.output());
  if (!line) throw new Error(`no start line:\n${server.output()}`);
  return Number(line[1]);
};

/** One call on a connection of its own (the kernel picks the process); null: no answer in time. */
function freshCall(timeoutMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request(
      `${server.baseUrl}/api/users/check_authentication`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? null));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve(null);
    });
    req.on('error', () => resolve(null));
    req.end('{}');
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two server processes on one port', () => {
  it('serves calls from the second process while the first is frozen', async () => {
    const [extra] = extraPids();
    expect(extra).toBeDefined();
    expect(extra).not.toBe(firstPid());
    process.kill(firstPid(), 'SIGSTOP');
    try {
      // Connections the kernel hands to the frozen one wait; those of the second are answered.
      const statuses = await Promise.all(Array.from({ length: 16 }, () => freshCall(3000)));
      expect(statuses).toContain(400);
    } finally {
      process.kill(firstPid(), 'SIGCONT');
    }
  });

  it('replaces a second process that is killed', async () => {
    const [killed] = extraPids();
    process.kill(killed!, 'SIGKILL');
    await until(() => server.output().includes(`Server process ${killed} exited by SIGKILL`), 5000);
    await until(() => extraPids().length === 2, 20_000);
    const replacement = extraPids()[1]!;
    expect(isAlive(replacement)).toBe(true);
    expect(await freshCall(5000)).toBe(400);
  });

  it('keeps a second Materia off the port', async () => {
    const port = new URL(server.baseUrl).port;
    const intruder = await serverProcess({ SERVER_PROCESSES: '2', PORT: port });
    try {
      await expect(intruder.start()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await intruder.stop();
    }
  }, 120_000);

  it('stops both processes and the database on SIGTERM to the first', async () => {
    const extra = extraPids().at(-1)!;
    const postmaster = server.postmasterPid();
    expect(postmaster).not.toBeNull();
    server.kill('SIGTERM');
    expect((await server.exited()).code).toBe(0);
    expect(isAlive(extra)).toBe(false);
    expect(isAlive(postmaster!)).toBe(false);
  });
});
