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

/** Sums the encoded (gzip, as served) size of every script response while `action` runs. */
async function scriptBytes(page: Page, action: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  await action();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return bytes / 1024;
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
    const page = await context.newPage();
    const landing = await scriptBytes(page, async () => {
      await page.goto(`${server.url}/`);
    });
    figures.push({
      name: 'JavaScript loaded for the landing page',
      value: landing,
      unit: 'KB gzip',
      budget: { limit: 150, kind: 'max' },
    });
    const shell = await scriptBytes(page, async () => {
      await submitLogin(page, 'admin@demo.clinic', PASSWORD);
      await page.getByRole('button', { name: 'Menu' }).waitFor();
    });
    figures.push({
      name: 'JavaScript loaded for the shell (after login)',
      value: landing + shell,
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
