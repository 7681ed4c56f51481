/**
 * Debian's Chromium through playwright-core, and the real login form — shared by the browser
 * tests and `npm run bench` (so this file must not import vitest).
 */
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Features Playwright turns off itself (its `chromiumSwitches`, playwright-core 1.x), repeated
 * here: Chromium keeps only the last `--disable-features`, so ours would otherwise undo them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * The omnibox's popup, a WebUI page: headless Chromium builds one for every new window, which
 * every browser context is — about 400 chrome:// files loaded and run beside the page under test,
 * on the same two cores, where a person's browser has had its popup since the window opened.
 */
const OMNIBOX_POPUP_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/** As root, on a machine with no network but loopback: no sandbox, no background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
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
