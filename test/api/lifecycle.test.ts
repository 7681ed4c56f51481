/**
 * The embedded cluster's life as an operator sees it: first start creates it, a later start
 * reuses it, a server killed with SIGKILL leaves a postmaster that the next start recovers, the
 * company command works beside a running server, SIGTERM leaves no process behind, and a
 * restart finds in memory the pages the buffers held before it.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { freePort } from '../../src/server/db/embedded';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterOwnerClient } from '../support/owner-client';

const PASSWORD = 'Lifecycle-Pass-1';
let dataDir: string;

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
}

async function startServer(): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Materia is ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Live postgres processes whose command line names this data folder. */
function postgresProcesses(): number[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((line) => line.includes('postgres') && line.includes(join(dataDir, 'pg')))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

async function login(url: string, slug: string, email: string, password: string) {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ _company_slug: slug, user_email: email, password }),
  });
  return (await response.json()) as { result: boolean };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'materia-lifecycle-'));
});
afterAll(async () => {
  for (const pid of postgresProcesses()) process.kill(pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('creates the cluster and the demo clinic on first start, and stops cleanly on SIGTERM', async () => {
    const server = await startServer();
    expect(existsSync(join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(server.output()).toContain('Demo clinic "demo" admin login: admin@demo.clinic');
    expect((await login(server.url, 'demo', 'admin@demo.clinic', PASSWORD)).result).toBe(true);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  }, 90_000);

  it('reuses the cluster and its data on the next start', async () => {
    const server = await startServer();
    expect(server.output()).not.toContain('Creating the embedded database');
    expect((await login(server.url, 'demo', 'admin@demo.clinic', PASSWORD)).result).toBe(true);
    server.child.kill('SIGINT');
    expect(await exited(server.child)).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  }, 90_000);

  it('recovers the postmaster a SIGKILLed server left running', async () => {
    const killed = await startServer();
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    expect(postgresProcesses().length).toBeGreaterThan(0);
    const server = await startServer();
    expect(server.output()).toContain('left running by an earlier start');
    expect((await login(server.url, 'demo', 'admin@demo.clinic', PASSWORD)).result).toBe(true);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(postgresProcesses()).toEqual([]);
  }, 90_000);

  it('creates a tenant with the company command while the server runs', async () => {
    const server = await startServer();
    const port = JSON.parse(readFileSync(join(dataDir, 'pg-runtime.json'), 'utf8')) as {
      port: number;
    };
    const out = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/company.ts',
        'create',
        '--slug',
        'acme',
        '--name',
        'Acme Clinic',
        '--admin-email',
        'a@acme.test',
        '--admin-password',
        'Acme-Pass-123',
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(out).toContain('Created company "Acme Clinic" (slug acme).');
    // The command used the running cluster rather than starting (or stopping) another.
    expect(JSON.parse(readFileSync(join(dataDir, 'pg-runtime.json'), 'utf8'))).toEqual(port);
    expect((await login(server.url, 'acme', 'a@acme.test', 'Acme-Pass-123')).result).toBe(true);
    expect((await login(server.url, 'demo', 'a@acme.test', 'Acme-Pass-123')).result).toBe(false);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
  }, 90_000);

  it('reads back after a restart the pages the buffers held before it', async () => {
    // A table nothing of the server's reads: only the restore can bring its pages back.
    const first = await startServer();
    const owner = await clusterOwnerClient(dataDir);
    await owner.query(
      'create table restart_probe as select g as n from generate_series(1, 20000) g',
    );
    await owner.query('select sum(n) from restart_probe');
    await owner.end();
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    const second = await startServer();
    const probe = await clusterOwnerClient(dataDir);
    await probe.query('create extension if not exists pg_buffercache');
    const buffered = async () => {
      const { rows } = await probe.query<{ n: number }>(`select count(*)::int as n
        from pg_buffercache where relfilenode = pg_relation_filenode('restart_probe')`);
      return rows[0]!.n;
    };
    let pages = await buffered();
    for (let tries = 0; pages === 0 && tries < 200; tries++) {
      await new Promise((wait) => setTimeout(wait, 50));
      pages = await buffered();
    }
    // 20,000 rows of one integer fill 89 pages of 8 kB.
    expect(pages).toBeGreaterThan(80);
    await probe.query('drop extension pg_buffercache');
    await probe.query('drop table restart_probe');
    await probe.end();
    second.child.kill('SIGTERM');
    expect(await exited(second.child)).toBe(0);
  }, 90_000);

  it('refuses to start on a wrong setting, naming it', () => {
    let message = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '70000' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      message = String((error as { stderr: string }).stderr);
    }
    expect(message).toContain('PORT must be a port from 1 to 65535 (got "70000").');
  });
});
