/**
 * Dark mode: the app follows the system's colour scheme before its code runs (no light flash),
 * the account menu's Light / Dark / System choice is remembered for the user (another browser
 * gets it at sign-in), and axe finds no serious problem on the main screens, dialogs and the
 * multi-edit's undo toast in light and in dark (screenshots at 1440 and 375 px under test-results/).
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MODULE } from '../../src/shared/modules';
import { seriousViolations, seriousViolationsOn } from '../support/axe';
import {
  loginAsAdmin,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminCall, insertRow, productModuleId } from './api';
import { applyDateOfBirth } from './multi-edit';

const browser = sharedBrowser();
type Scheme = 'light' | 'dark';

/** A page whose system (the browser) prefers `scheme`. */
const pageIn = (on: Browser, scheme: Scheme, viewport = WIDE) =>
  openPage(on, { colorScheme: scheme, viewport });

const shownScheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

let materiaId = 0;
const preference = async () =>
  (
    await adminCall<Record<string, unknown>>(`${PRODUCT_MODULE}/get_my_preferences_for_module`, {
      module_id: materiaId,
    })
  ).color_scheme;
const forget = () =>
  adminCall(`${PRODUCT_MODULE}/update_my_preference_for_module`, {
    module_id: materiaId,
    field: 'color_scheme',
    value: 'auto',
  });

let prescriptionId = 0;
beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  materiaId = await productModuleId();
  await forget();
  const rows = await adminCall<Array<{ prescription_id: number }>>('prescriptions/list', {
    page: 1,
    limit: 1,
  });
  prescriptionId = rows[0]?.prescription_id ?? 0;
});
afterAll(forget);

describe('the colour scheme', () => {
  it('follows the system before the app’s code runs (no light flash)', async () => {
    const { context, page } = await pageIn(browser, 'dark');
    // Only the page and its small pre-paint script: the app's bundle never arrives.
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/');
    expect(await shownScheme(page)).toBe('dark');
    await context.close();
    const light = await pageIn(browser, 'light');
    await light.page.route('**/assets/**', (route) => route.abort());
    await light.page.goto('/');
    expect(await shownScheme(light.page)).toBe('light');
    await light.context.close();
  });

  it('is chosen in the account menu, remembered for the user, and given to another browser', async () => {
    const { context, page, errors } = await pageIn(browser, 'light');
    await loginAsAdmin(page);
    expect(await shownScheme(page)).toBe('light');
    await page.getByRole('button', { name: 'Account' }).click();
    const choice = page.getByRole('radiogroup', { name: 'Colour scheme' });
    await choice.getByText('Dark', { exact: true }).click();
    await expect.poll(() => shownScheme(page)).toBe('dark');
    await expect.poll(preference).toBe('dark');
    // A reload keeps it, before the preferences are read again.
    await page.reload();
    expect(await shownScheme(page)).toBe('dark');
    await context.close();

    // Another browser (nothing stored there, a light system): dark once the user signs in.
    const other = await pageIn(browser, 'light');
    await loginAsAdmin(other.page);
    await expect.poll(() => shownScheme(other.page)).toBe('dark');
    await other.page.getByRole('button', { name: 'Account' }).click();
    await other.page
      .getByRole('radiogroup', { name: 'Colour scheme' })
      .getByText('System', { exact: true })
      .click();
    await expect.poll(() => shownScheme(other.page)).toBe('light');
    await expect.poll(preference).toBe('auto');
    expect([...errors, ...other.errors]).toEqual([]);
    await other.context.close();
  });
});

/** A multi-edit of two new patients, then axe while its toast offers Undo (held by hovering). */
async function undoToastProblems(page: Page): Promise<string[]> {
  const tag = `Scheme${Date.now().toString(36)}`;
  for (const first of ['Ann', 'Bea'])
    await insertRow('patients', { patient_first_name: first, patient_last_name: tag });
  await page.goto('/app/patients');
  await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await page.keyboard.press('Enter');
  await page.getByText('2 found', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Select mode' }).click();
  const rows = page.getByRole('listbox', { name: 'Patients list' }).getByRole('option');
  await rows.nth(0).click();
  await rows.nth(1).click();
  await applyDateOfBirth(page);
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
  const toast = page.locator('.materia-toast').filter({ hasText: 'Date of birth changed on 2' });
  // Hovered, the toast stays past its ten seconds while axe reads it.
  await toast.getByRole('button', { name: 'Undo' }).hover();
  const problems = await seriousViolations(page);
  expect(await toast.isVisible()).toBe(true);
  return problems;
}

describe.each(['light', 'dark'] as const)('%s scheme', (scheme) => {
  const ready = async (page: Page) => {
    await page.locator('main, [data-print]').first().waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[aria-busy="true"], .mantine-Loader-root'),
    );
  };

  it.each([
    ['wide', WIDE],
    ['small', SMALL],
  ] as const)(
    'has no serious accessibility problem on the main screens (%s)',
    async (size, viewport) => {
      const { context, page } = await pageIn(browser, scheme, viewport);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await shownScheme(page)).toBe(scheme);
      const problems = await seriousViolationsOn(page, ['/'], ready);
      await page.screenshot({ path: screenshotPath(`scheme-${scheme}-login-${size}`) });
      await loginAsAdmin(page);
      const screens = {
        dashboard: '/app',
        list: '/app/patients/1',
        prescription: `/app/prescriptions/${prescriptionId}`,
        print: `/printing/prescriptions/${prescriptionId}`,
      };
      for (const [name, path] of Object.entries(screens)) {
        problems.push(...(await seriousViolationsOn(page, [path], ready)));
        await page.screenshot({ path: screenshotPath(`scheme-${scheme}-${name}-${size}`) });
      }
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('has no serious accessibility problem on the newer screens and key-opened dialogs', async () => {
    const { context, page } = await pageIn(browser, scheme, WIDE);
    await loginAsAdmin(page);
    const problems = await seriousViolationsOn(page, ['/app/stock', '/app/audit_trail'], ready);
    await page.screenshot({ path: screenshotPath(`scheme-${scheme}-audit-wide`) });
    // The shortcut list (?) and the command palette (Ctrl-K).
    // '?' is a shortcut only outside a text field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+Slash');
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await shortcuts.getByRole('region', { name: 'In a list or tree' }).waitFor();
    problems.push(...(await seriousViolations(page)).map((p) => `shortcuts ${p}`));
    await page.screenshot({ path: screenshotPath(`scheme-${scheme}-shortcuts-wide`) });
    await page.keyboard.press('Escape');
    await shortcuts.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('textbox', { name: 'Search everything' });
    await expect.poll(() => palette.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.type('an'); // two letters: records are looked up too
    await page.locator('.mantine-Spotlight-actionsList').getByRole('button').first().waitFor();
    await page.getByRole('dialog').getByLabel('Searching').waitFor({ state: 'detached' });
    problems.push(...(await seriousViolations(page)).map((p) => `palette ${p}`));
    await page.screenshot({ path: screenshotPath(`scheme-${scheme}-palette-wide`) });
    await page.keyboard.press('Escape');
    problems.push(...(await undoToastProblems(page)).map((p) => `undo toast ${p}`));
    await page.screenshot({ path: screenshotPath(`scheme-${scheme}-undo-toast-wide`) });
    expect(problems).toEqual([]);
    await context.close();
  });
});
