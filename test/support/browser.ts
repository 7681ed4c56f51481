/**
 * Browser helpers of the e2e tests: Debian's Chromium through playwright-core, a fresh context
 * per page, login through the real form (then as a returning user), and the mails the server
 * wrote to DATA_DIR/mail.
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

/** What the app stored for a login: its two localStorage entries. */
interface StoredLogin {
  user: string;
  session: string;
}

/**
 * Logins this test file made through the form, by e-mail and password. Module state, so one
 * file's (Vitest loads the support files afresh for each test file).
 */
const storedLogins = new Map<string, StoredLogin>();

/** Whether the server still takes the stored token (`users/check_authentication`). */
async function serverTakes(stored: StoredLogin): Promise<boolean> {
  const { token } = JSON.parse(stored.user) as { token: unknown };
  const { company_slug } = JSON.parse(stored.session) as { company_slug: string };
  const response = await fetch(`${inject('baseUrl')}/api/users/check_authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ _company_slug: company_slug, _user_token: token }),
  });
  return ((await response.json()) as { result?: unknown }).result === true;
}

/**
 * Opens the app as a returning user: the login a test of this file made is put back in the
 * page's storage before the app starts. False when the server no longer takes it (a test logged
 * out or changed the password).
 */
async function resumeLogin(page: Page, stored: StoredLogin): Promise<boolean> {
  if (!(await serverTakes(stored))) return false;
  const script = await page.addInitScript((login) => {
    localStorage.setItem('materia.user', login.user);
    localStorage.setItem('materia.session', login.session);
  }, stored);
  try {
    await page.goto('/app');
  } finally {
    await script.dispose(); // later loads keep what the test does to the storage
  }
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .waitFor();
  return menu.isVisible();
}

/**
 * Logs in and waits for the shell. The first login of a user in a test file goes through the
 * form at `/`; later ones open the app with the login it stored, as a returning user does (a
 * second each on 2 cores, over a hundred tests), and go through the form again when the server
 * no longer takes it.
 */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  const key = `${email}\n${password}`;
  const stored = storedLogins.get(key);
  if (stored && (await resumeLogin(page, stored))) return;
  await page.goto('/');
  await submitLogin(page, email, password);
  await page.waitForURL(/\/app(\/|$|\?)/);
  await page.getByRole('button', { name: 'Menu' }).waitFor();
  const login = await page.evaluate(() => ({
    user: localStorage.getItem('materia.user'),
    session: localStorage.getItem('materia.session'),
  }));
  if (login.user && login.session)
    storedLogins.set(key, { user: login.user, session: login.session });
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
