/**
 * The modules screen (`/app/modules`): enabling and disabling as a
 * non-admin sees it, the essential hint, settings saved per item and reset with a 'Confirm',
 * brand colours re-theming at once, a capability switched off on both sides, and axe.
 */
import { seriousViolationsOn } from '../support/axe';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS } from '../../src/shared/colours';
import {
  sharedBrowser,
  loginAs,
  loginAsAdmin,
  openMenu,
  openPage,
  screenshotPath,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminToken, api, createUser, adminCall } from './api';

const browser = sharedBrowser();
let ids: Record<string, number>;

const setting = async (module: string, field: string, value: unknown, isPublic = false) => {
  await adminCall(isPublic ? 'modules/update_public_settings' : 'modules/update_settings', {
    module_id: ids[module],
    field,
    value,
  });
};
const setEnabled = async (module: string, enabled: 0 | 1) =>
  api(
    'modules/update_module_enabled',
    { module_id: ids[module], module_enabled: enabled },
    await adminToken(),
  );
const resetModule = async (module: string) =>
  api('modules/reset_module_settings_to_default', { module_id: ids[module] }, await adminToken());

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  const reply = await api<Array<{ module_id: number; module_name: string }>>(
    'modules/get_settings',
    {},
    await adminToken(),
  );
  ids = Object.fromEntries(reply.data.map((m) => [m.module_name, m.module_id]));
});

const editor = (page: Page) => page.getByRole('region', { name: 'Editor' });
const enabledSwitch = (page: Page) => editor(page).getByRole('switch', { name: 'Enabled' });

async function menuLabels(page: Page): Promise<string[]> {
  await openMenu(page, 'Full Menu');
  const panel = page.getByRole('dialog', { name: 'Navigation' }).getByRole('tabpanel');
  await panel.getByRole('link').first().waitFor();
  const labels = (await panel.getByRole('link').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return labels;
}

describe('enabling and disabling', () => {
  it('takes a module out of a non-admin’s navigation and brings it back', async () => {
    const user = await createUser({ privileges: ['herbs/*', 'snippets/*'], firstName: 'Noor' });
    const admin = await openPage(browser);
    const other = await openPage(browser);
    try {
      await loginAsAdmin(admin.page);
      await admin.page.goto(`/app/modules/${ids.snippets}`);
      await enabledSwitch(admin.page).waitFor();
      expect(await enabledSwitch(admin.page).isChecked()).toBe(true);
      await admin.page.screenshot({ path: screenshotPath('modules-general') });

      await loginAs(other.page, user.email, user.password);
      expect(await menuLabels(other.page)).toEqual(['Snippets', 'Herbs']);

      await enabledSwitch(admin.page).click({ force: true });
      await expect.poll(() => enabledSwitch(admin.page).isChecked()).toBe(false);
      // The list row follows the server's answer.
      await other.page.reload();
      await other.page.getByRole('button', { name: 'Menu' }).waitFor();
      expect(await menuLabels(other.page)).toEqual(['Herbs']);

      await enabledSwitch(admin.page).click({ force: true });
      await expect.poll(() => enabledSwitch(admin.page).isChecked()).toBe(true);
      await other.page.reload();
      await other.page.getByRole('button', { name: 'Menu' }).waitFor();
      expect(await menuLabels(other.page)).toEqual(['Snippets', 'Herbs']);
    } finally {
      await setEnabled('snippets', 1);
      await admin.context.close();
      await other.context.close();
    }
  });

  it('keeps an essential module on, with the fixed hint', async () => {
    const { page, context } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/modules/${ids.users}`);
      await enabledSwitch(page).waitFor();
      expect(await enabledSwitch(page).isDisabled()).toBe(true);
      expect(await enabledSwitch(page).isChecked()).toBe(true);
      await editor(page)
        .getByText('This is an essential module and therefor it can not be disabled.', {
          exact: true,
        })
        .waitFor();
      await page.screenshot({ path: screenshotPath('modules-essential') });
    } finally {
      await context.close();
    }
  });
});

describe('settings', () => {
  it('re-themes the app at once when the brand colour changes, and resets with a Confirm', async () => {
    const { page, context } = await openPage(browser);
    const headerColour = () =>
      page.locator('.materia-header').evaluate((el) => getComputedStyle(el).backgroundColor);
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/modules/${ids.materia}/colours`);
      const brand = editor(page).getByRole('textbox', { name: 'Brand colour' });
      await brand.waitFor();
      const before = await headerColour();
      await brand.fill('#aa3300');
      await brand.press('Tab');
      await expect.poll(headerColour).toBe('rgb(170, 51, 0)');
      expect(before).not.toBe('rgb(170, 51, 0)');
      // The settings editor says it saved, as a record's editor does.
      await expect
        .poll(() => page.locator('[data-settings-tab]').getByRole('status').textContent())
        .toBe('Saved');
      await page.screenshot({ path: screenshotPath('modules-colours') });

      // A value the server would refuse is explained at the field; nothing is saved.
      await page.goto(`/app/modules/${ids.materia}/company`);
      const email = editor(page).getByRole('textbox', { name: 'Admin e-mail' });
      await email.waitFor();
      const stored = await email.inputValue();
      await email.fill('not-an-address');
      await email.press('Tab');
      await editor(page).getByText('Must be an e-mail address.').waitFor();
      const publicSettings = await api<Record<string, unknown>>('modules/fetch_public_settings');
      expect(publicSettings.data.admin_email).toBe(stored);

      await page.goto(`/app/modules/${ids.materia}/settings`);
      await editor(page).getByRole('button', { name: 'Reset to defaults' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm' });
      await dialog.waitFor();
      await page.screenshot({ path: screenshotPath('modules-reset-confirm') });
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByText('The settings are back to their defaults.').waitFor();
      const olive = DEFAULT_COLOURS.colour_brand;
      const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(olive.slice(i, i + 2), 16)).join(', ')})`;
      await expect.poll(headerColour).toBe(rgb);
      // Every tab the reset touched shows the default at once, with no page load.
      await editor(page).getByRole('tab', { name: 'Colours' }).click();
      await expect.poll(() => brand.inputValue()).toBe(olive);
    } finally {
      await resetModule('materia');
      await context.close();
    }
  });

  it('changes units and currency on every screen at once (no page load)', async () => {
    const { page, context } = await openPage(browser);
    // In-app navigation, so that only the live stores can bring the change.
    const goInApp = (path: string) =>
      page.evaluate((to) => {
        history.pushState({}, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    const stock = () => editor(page).getByRole('textbox', { name: 'In stock' });
    const price = () => editor(page).getByRole('textbox', { name: /^Price per / });
    // The unit shown beside the stock amount (the input's wrapper holds the input and its unit).
    const stockUnit = async () => (await stock().locator('xpath=..').innerText()).trim();
    try {
      await loginAsAdmin(page);
      await page.goto('/app/dispensary_products/1');
      await stock().waitFor();
      await expect.poll(() => stock().inputValue()).toMatch(/^\d+(\.\d+)?$/);
      expect(await stockUnit()).toMatch(/^(g|ml)$/);
      expect(await price().inputValue()).toMatch(/^£/);
      await editor(page)
        .getByText(/^Price per 100 (g|ml)$/)
        .waitFor();

      await goInApp(`/app/modules/${ids.materia}/units`);
      const imperial = editor(page).getByRole('switch', { name: 'Imperial units' });
      await imperial.waitFor();
      const savedUnits = page.waitForResponse('**/api/modules/update_public_settings');
      await imperial.click({ force: true });
      expect((await savedUnits).ok()).toBe(true);
      await editor(page).getByRole('combobox', { name: 'Currency' }).click();
      const savedCurrency = page.waitForResponse('**/api/modules/update_settings');
      await page
        .getByRole('listbox', { name: 'Currency', exact: true })
        .getByRole('option', { name: /^EUR/ })
        .click();
      expect((await savedCurrency).ok()).toBe(true);
      await page.screenshot({ path: screenshotPath('modules-units') });

      await goInApp('/app/dispensary_products/1');
      await stock().waitFor();
      // The amount in the entry unit of imperial beside it; the price per oz or fl oz.
      await expect.poll(stockUnit).toMatch(/^(oz|fl oz)$/);
      await editor(page)
        .getByText(/^Price per (oz|fl oz)$/)
        .waitFor();
      await expect.poll(() => price().inputValue()).toMatch(/^€/);
    } finally {
      await setting('materia', 'units_imperial', 0, true);
      await setting('materia', 'currency', 'GBP');
      await context.close();
    }
  });

  it('switches off adding herbs: no Add button, and the server refuses the insert', async () => {
    const { page, context } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto('/app/herbs');
      await page.getByRole('button', { name: 'Add' }).waitFor();
      await page.goto(`/app/modules/${ids.herbs}/capabilities`);
      const adding = editor(page).getByRole('switch', { name: 'Adding records' });
      await adding.waitFor();
      expect(await adding.isChecked()).toBe(true);
      await adding.click({ force: true });
      await expect.poll(() => adding.isChecked()).toBe(false);
      await page.screenshot({ path: screenshotPath('modules-capabilities') });

      await page.goto('/app/herbs');
      await page.getByRole('button', { name: 'Delete' }).waitFor();
      expect(await page.getByRole('button', { name: 'Add' }).count()).toBe(0);
      const refused = await api('herbs/insert', { herb_name: 'Vervain' }, await adminToken());
      expect(refused.result).toBe(false);
      expect(refused.messages[0]?.text).toBe('Herbs can not be added here.');
    } finally {
      await setting('herbs', 'capability_insert', 1);
      await context.close();
    }
  });

  it('refreshes the module list', async () => {
    const { page, context } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto('/app/modules');
      const refresh = page.getByRole('button', { name: 'Refresh the module list' });
      await refresh.waitFor();
      const refreshed = page.waitForResponse('**/api/modules/update_module_list');
      const listed = page.waitForResponse('**/api/modules/list');
      await refresh.click();
      expect((await refreshed).ok()).toBe(true);
      expect((await listed).ok()).toBe(true);
      await page
        .getByRole('region', { name: 'Modules list panel' })
        .getByText('Allergies', { exact: true })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('accessibility (axe: no serious or critical problem)', () => {
  it.each([
    ['wide', WIDE],
    ['small', SMALL],
  ] as const)(
    'on the General, Settings and settings tabs, %s',
    async (size, viewport) => {
      const { page, context } = await openPage(browser, { viewport });
      try {
        await loginAsAdmin(page);
        const problems = await seriousViolationsOn(
          page,
          [
            `/app/modules/${ids.snippets}`,
            `/app/modules/${ids.materia}/settings`,
            `/app/modules/${ids.materia}/units`,
            `/app/modules/${ids.materia}/colours`,
            `/app/modules/${ids.herbs}/capabilities`,
          ],
          (shown) => editor(shown).getByRole('tab').first().waitFor(),
        );
        await page.goto(`/app/modules/${ids.materia}/settings`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: screenshotPath(`modules-settings-${size}`) });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
