/**
 * The idle lock: after the clinic's idle time without input the screen locks behind the user's
 * password — the patient's data is gone from the page (not covered), a wrong password is refused
 * in words, the right one brings the screen back, every tab of the browser locks and unlocks
 * together, and Sign out is offered. The idle time is set to a few seconds through the setting;
 * the tests wait for the lock state, never for a time.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDLE_LOCK_SETTING } from '../../src/shared/product-module';
import { seriousViolations } from '../support/axe';
import { loginAs, openPage, screenshotPath, sharedBrowser, SMALL } from '../support/browser';
import { createUser, recordNameShown, setProductSetting, type CreatedUser } from './api';

const browser = sharedBrowser();

const setIdleMinutes = (minutes: number) =>
  setProductSetting('private', IDLE_LOCK_SETTING, minutes);

const lockScreen = (page: Page) => page.getByRole('heading', { name: 'Screen locked' });
/** Waits for the lock (the idle time passing is the state awaited). */
const lockedBy = (page: Page) => lockScreen(page).waitFor({ timeout: 60_000 });
const pageText = (page: Page) => page.evaluate(() => document.documentElement.outerHTML);

let user: CreatedUser;
beforeAll(async () => {
  // Six seconds: long enough to open a record, short enough to wait for.
  await setIdleMinutes(0.1);
  user = await createUser({ firstName: 'Iris', groupIds: [1] });
});
afterAll(() => setIdleMinutes(15));

describe('the idle lock', () => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let patient = '';

  beforeAll(async () => {
    opened = await openPage(browser);
    page = opened.page;
    await loginAs(page, user.email, user.password);
  });
  afterAll(() => opened.context.close());

  it('locks after the idle time, with the patient’s data gone from the page', async () => {
    await page.goto('/app/patients/1');
    patient = await recordNameShown(page, 'patients', 1);
    await lockedBy(page);
    const html = await pageText(page);
    expect(html).not.toContain(patient);
    expect(await page.getByRole('region', { name: 'Editor' }).count()).toBe(0);
    expect(await page.title()).toBe('Locked — Materia');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('idle-lock-wide') });
  });

  it('refuses a wrong password in words and stays locked', async () => {
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-My-Password-1');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('That is not your password. The screen stays locked.');
    expect(await lockScreen(page).isVisible()).toBe(true);
    expect(await pageText(page)).not.toContain(patient);
  });

  it('locks every tab of the browser, a new one included, and unlocks them together', async () => {
    const other = await opened.context.newPage();
    await other.goto('/app/patients/1');
    await lockedBy(other);
    expect(await pageText(other)).not.toContain(patient);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Unlock' }).click();
    expect(await recordNameShown(page, 'patients', 1)).toBe(patient);
    // The other tab heard of it: the lock screen left it too (its record is shown again).
    await expect.poll(() => lockScreen(other).count()).toBe(0);
    await other.close();
  });

  it('offers Sign out on the lock screen', async () => {
    await page.setViewportSize(SMALL);
    await lockedBy(page);
    await page.screenshot({ path: screenshotPath('idle-lock-small') });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Signing in again asks for the password anyway: no lock left waiting for this user.
    await loginAs(page, user.email, user.password);
    expect(await lockScreen(page).count()).toBe(0);
  });

  it('saw no browser errors', () => {
    // The refused password is answered 403: the browser logs the status, not a script error.
    expect(opened.errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  });
});
