/**
 * Issue 4 figures, measured in Chromium against the built app and a real server: gzipped
 * JavaScript loaded for the landing page and for the shell, the time to an interactive login
 * form with 4× CPU throttling, and the bundle breakdown.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, submitLogin } from '../test/support/chromium';
import { startServer, type Figure } from './lib';

const PASSWORD = 'Bench-Pass-2026';

/** Gzip size of every script body the page loads while `action` runs (headers excluded). */
async function scriptKilobytes(page: Page, action: () => Promise<void>): Promise<number> {
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response
        .body()
        .then((body) => gzipSync(body).length)
        .catch(() => 0),
    );
  });
  await action();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(bodies)).reduce((a, b) => a + b, 0) / 1024;
}

async function bundleBreakdown(): Promise<Figure[]> {
  const folder = join('dist', 'web', 'assets');
  const files = (await readdir(folder)).filter((f) => f.endsWith('.js'));
  const sizes = await Promise.all(
    files.map(async (f) => ({ f, kb: gzipSync(await readFile(join(folder, f))).length / 1024 })),
  );
  return sizes
    .sort((a, b) => b.kb - a.kb)
    .slice(0, 12)
    .map(({ f, kb }) => ({ name: `bundle: ${f}`, value: kb, unit: 'KB gzip' }));
}

export async function webBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
  const browser = await launchBrowser();
  const figures: Figure[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const landing = await scriptKilobytes(await context.newPage(), async () => {
      const page = context.pages()[0]!;
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    });
    figures.push({
      name: 'JavaScript loaded for the landing page',
      value: landing,
      unit: 'KB gzip',
      budget: { limit: 150, kind: 'max' },
    });
    // The shell as a fresh page loads it: everything from the login form to the dashboard.
    const shellPage = await context.newPage();
    const shell = await scriptKilobytes(shellPage, async () => {
      await shellPage.goto(`${server.url}/`);
      await submitLogin(shellPage, 'admin@demo.clinic', PASSWORD);
      await shellPage.getByRole('button', { name: 'Menu' }).waitFor();
    });
    figures.push({
      name: 'JavaScript loaded for the shell (fresh page, through login)',
      value: shell,
      unit: 'KB gzip',
      budget: { limit: 300, kind: 'max' },
    });
    await context.close();

    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const cold = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const p = await cold.newPage();
      const cdp = await cold.newCDPSession(p);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const start = Date.now();
      await p.goto(`${server.url}/`);
      const email = p.getByRole('textbox', { name: 'E-mail' });
      await email.waitFor({ state: 'visible' });
      await p.waitForFunction(() => {
        const input = document.querySelector('input[type="email"]');
        return input instanceof HTMLInputElement && !input.disabled;
      });
      times.push(Date.now() - start);
      await cold.close();
    }
    times.sort((a, b) => a - b);
    figures.push({
      name: 'navigation to an interactive login form, 4× CPU throttling (median of 3)',
      value: times[1]!,
      unit: 'ms',
      budget: { limit: 1000, kind: 'max' },
    });
    figures.push(...(await bundleBreakdown()));
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  return figures;
}
