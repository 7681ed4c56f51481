/**
 * Browser helpers of the e2e tests: Debian's Chromium through playwright-core, a fresh context
 * per page, login through the real form, and the mails the server wrote to DATA_DIR/mail.
 */
import { randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser, submitLogin } from './chromium';

export { CHROMIUM_ARGS, launchBrowser, submitLogin } from './chromium';

/**
 * One Chromium for a test file: launched before its first test and closed after its last (after
 * the file's own clean-up hooks, which may still need it). Call it at the top of the file; the
 * answer stands for the browser and forwards every use to it once it runs.
 */
export function sharedBrowser(): Browser {
  let running: Browser | null = null;
  beforeAll(async () => {
    running = await launchBrowser();
  });
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as Browser, {
    get(_target, key) {
      if (!running) throw new Error('The browser is used before the tests start.');
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(running)
        : value;
    },
  });
}

export const SMALL = { width: 375, height: 740 };
export const WIDE = { width: 1440, height: 900 };

/**
 * Each context comes from its own (made-up) client address: the server throttles logins per
 * address, so one test's failed logins never ask another test for a captcha.
 */
export function clientAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(1, 255)}`;
}

interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    address?: string;
    /** Blocked unless a test needs the service worker (offline use). */
    serviceWorkers?: 'allow' | 'block';
    /** The colour scheme the system prefers (light unless a test says). */
    colorScheme?: 'light' | 'dark';
  } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: options.viewport ?? WIDE,
    extraHTTPHeaders: { 'x-forwarded-for': options.address ?? clientAddress() },
    serviceWorkers: options.serviceWorkers ?? 'block',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

export const admin = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

/** Logs in from `/` and waits for the shell. */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await submitLogin(page, email, password);
  await page.waitForURL(/\/app(\/|$|\?)/);
  await page.getByRole('button', { name: 'Menu' }).waitFor();
}

export const loginAsAdmin = (page: Page) => loginAs(page, admin().email, admin().password);

/** Opens the navigation drawer on the given tab. */
export async function openMenu(page: Page, tab: 'Favourites' | 'Full Menu'): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Navigation' });
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: tab }).click();
}

/** The newest mail written to DATA_DIR/mail whose text contains `contains`. */
export async function findMail(contains: string, timeoutMs = 10_000): Promise<string> {
  const folder = join(inject('serverDataDir'), 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(folder).catch(() => [] as string[]);
    for (const file of files
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()) {
      const text = decodeQuotedPrintable(await readFile(join(folder, file), 'utf8'));
      if (text.includes(contains)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail containing "${contains}" in ${folder}`);
}

/** Mail bodies may be quoted-printable: soft line breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Screenshots for people to look at, under test-results/. */
export const screenshotPath = (name: string) => join('test-results', `${name}.png`);

/** Ticks the ALTCHA check on the page and waits until the proof of work is done. */
export async function solveCaptcha(page: Page): Promise<void> {
  const widget = page.getByTestId('captcha');
  await widget.waitFor();
  await widget.getByText("I'm not a robot").click();
  await page.waitForFunction(
    () => String(document.querySelector('altcha-widget')?.getState()) === 'verified',
    null,
    { timeout: 60_000 },
  );
}
