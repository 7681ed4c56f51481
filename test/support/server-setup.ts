/**
 * Global set-up of the browser tests: the BUILT web app served by the real server (a child
 * process, `node --import tsx src/server/main.ts`) on its own embedded PostgreSQL in a fresh
 * folder, a free port, a known admin password and APP_ENV=dev. Mail goes to DATA_DIR/mail.
 *
 * The server runs from a snapshot of `src/` and `dist/web` taken at set-up (node_modules is
 * linked, not copied): the server lists the built files when it starts, so a rebuild or a source
 * edit in the working tree during the run would otherwise break the pages under test.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { freePort } from '../../src/server/db/embedded';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverDataDir: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const ROOT = resolve(import.meta.dirname, '..', '..');
const ADMIN_EMAIL = 'admin@demo.clinic';
const ADMIN_PASSWORD = 'E2e-Admin-Password-42';
const READY_TIMEOUT_MS = 120_000;

let child: ChildProcess | null = null;
let dataDir = '';
let appDir = '';
let output = '';

function buildWebIfMissing(): void {
  if (existsSync(join(ROOT, 'dist', 'web', 'index.html'))) return;
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}

/** True when every asset index.html names is present (a build may be half-written). */
function buildComplete(webRoot: string): boolean {
  const index = join(webRoot, 'index.html');
  if (!existsSync(index)) return false;
  const assets = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)];
  return assets.every((m) => existsSync(join(webRoot, m[1] ?? '')));
}

/** A copy of what the server needs, so that the run does not depend on the working tree. */
async function snapshotApp(): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const dir = await mkdtemp(join(tmpdir(), 'materia-e2e-app-'));
    await cp(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
    await mkdir(join(dir, 'dist'), { recursive: true });
    await cp(join(ROOT, 'dist', 'web'), join(dir, 'dist', 'web'), { recursive: true });
    for (const file of ['package.json', 'tsconfig.json'])
      await cp(join(ROOT, file), join(dir, file));
    await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    if (buildComplete(join(dir, 'dist', 'web'))) return dir;
    await rm(dir, { recursive: true, force: true });
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('dist/web stayed incomplete (is a build running?)');
}

async function waitUntilReady(baseUrl: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const state: { exited: string | null } = { exited: null };
  child?.once('exit', (code, signal) => {
    state.exited = `the server exited (${code ?? signal}) before it was ready`;
  });
  while (Date.now() < deadline) {
    if (state.exited) throw new Error(`${state.exited}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/modules/get_public_settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ _company_slug: 'demo' }),
      });
      const index = await fetch(`${baseUrl}/`);
      if (response.status < 500 && index.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}

export async function setup(project: TestProject): Promise<void> {
  buildWebIfMissing();
  appDir = await snapshotApp();
  dataDir = await mkdtemp(join(tmpdir(), 'materia-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    APP_ENV: 'dev',
    // Each browser context poses as its own client address (X-Forwarded-For), so that one test's
    // failed logins never make another test solve a captcha.
    TRUST_PROXY: 'yes',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SMTP_URL: '',
    DATABASE_URL: '',
    DATABASE_APP_URL: '',
  };
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_OUTPUT) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitUntilReady(baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('serverDataDir', dataDir);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
}

export async function teardown(): Promise<void> {
  const running = child;
  child = null;
  if (running && running.exitCode === null && running.signalCode === null) {
    const exited = new Promise<void>((r) => running.once('exit', () => r()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (appDir) await rm(appDir, { recursive: true, force: true });
}
