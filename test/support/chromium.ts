/**
 * Debian's Chromium through playwright-core, and the real login form — shared by the browser
 * tests and `npm run bench` (so this file must not import vitest).
 */
import { chromium, type Browser, type Page } from 'playwright-core';

/** As root, on a machine with no network but loopback: no sandbox, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Fills the login form on the current page and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
