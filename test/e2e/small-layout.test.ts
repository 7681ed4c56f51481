/**
 * Issue 15, item 8: small screens and layout. One Back control on a record at 375 px; the side
 * panel and the menu buttons look different; toasts sit below the top bar, never over the
 * breadcrumbs; a formula line is one row on a wide screen (a ten-herb formula fits) and stacked
 * on a small one; users have "Last name" only, not also "Surname".
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openMenu, openPage, screenshotPath } from '../support/browser';
import { adminCall, createUser, insertRow } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const backControls = (page: Page) =>
  page
    .getByRole('link', { name: 'Back', exact: true })
    .or(page.getByRole('button', { name: 'Back', exact: true }));

async function box(page: Page, selector: Parameters<Page['locator']>[0]) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not shown`);
  return found;
}

describe('small screens and layout', () => {
  it('shows one Back control on a record at 375 px', async () => {
    const { page, context, errors } = await openPage(browser, {
      viewport: { width: 375, height: 740 },
    });
    await loginAsAdmin(page);
    await page.goto('/app/herbs/7');
    await editorOf(page).getByRole('heading').first().waitFor();
    await backControls(page).first().waitFor();
    expect(await backControls(page).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('small-layout-back-small') });
    await backControls(page).click();
    await page.waitForURL((url) => url.pathname === '/app/herbs');
    // On the list, the top bar's Back (to Home) is the only one.
    await backControls(page).first().waitFor();
    expect(await backControls(page).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)(
    'draws the side panel button unlike the menu button (%s)',
    async (name, viewport) => {
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/users');
      const banner = page.getByRole('banner');
      const side = banner.getByRole('button', { name: 'Side panel' });
      const menu = banner.getByRole('button', { name: 'Menu' });
      await side.waitFor();
      // The menu is three bars (☰); the side panel a window with its left pane, not a second ☰.
      expect((await side.textContent())?.trim()).toBe('');
      expect(await side.locator('svg').count()).toBe(1);
      expect(await side.screenshot()).not.toEqual(await menu.screenshot());
      await banner.screenshot({ path: screenshotPath(`small-layout-top-bar-${name}`) });
      await context.close();
    },
  );

  it.each(WIDTHS)(
    'shows toasts below the top bar, clear of the breadcrumbs (%s)',
    async (name, viewport) => {
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/herbs/7');
      await editorOf(page).getByRole('heading').first().waitFor();
      if (name === 'small') await backControls(page).first().click();
      // A refused favourite is an easy toast to raise.
      await page.route('**/api/materia/update_my_preference_for_module', (route) =>
        route.abort('connectionrefused'),
      );
      await openMenu(page, 'Full Menu');
      await page
        .getByRole('dialog', { name: 'Navigation' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Herbs', exact: true }) })
        .getByRole('button')
        .click();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Navigation' }).waitFor({ state: 'detached' });
      const toast = page.getByText('Your favourites could not be saved; the change was undone.');
      await toast.waitFor();
      await page.screenshot({ path: screenshotPath(`small-layout-toast-${name}`) });
      const header = await box(page, 'header');
      const shown = await toast
        .locator('xpath=ancestor::*[contains(@class,"mantine-Notification-root")]')
        .boundingBox();
      expect(shown).not.toBeNull();
      expect(shown!.y).toBeGreaterThanOrEqual(header.y + header.height);
      await context.close();
    },
  );

  it.each(WIDTHS)(
    'lays a formula line out as one row when wide, stacked when small (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const patient = await insertRow<{ patient_id: number }>('patients', {
        patient_first_name: 'Ten',
        patient_last_name: `Herbs ${tag}`,
      });
      const prescription = await insertRow<{ prescription_id: number }>('prescriptions', {
        prescription_patient_id: patient.patient_id,
      });
      const lines = [];
      for (let i = 0; i < 10; i += 1) {
        const herb = await insertRow<{ herb_id: number }>('herbs', {
          herb_name: `Herb ${i} ${tag}`,
        });
        lines.push({
          prescription_line_herb_id: herb.herb_id,
          prescription_line_quantity: 20 + i,
          prescription_line_unit_kind: 'volume',
        });
      }
      await adminCall('prescriptions/save_lines', {
        prescription_id: prescription.prescription_id,
        lines,
      });
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto(`/app/prescriptions/${prescription.prescription_id}`);
      const line = (n: number) =>
        editorOf(page).getByRole('group', { name: `Line ${n}`, exact: true });
      await line(10).waitFor();
      await page.screenshot({ path: screenshotPath(`small-layout-formula-page-${name}`) });
      const first = await line(1).boundingBox();
      const herb = await line(1).getByRole('combobox', { name: 'Herb' }).boundingBox();
      const quantity = await line(1).getByRole('textbox', { name: 'Quantity' }).boundingBox();
      expect(first && herb && quantity).toBeTruthy();
      if (name === 'wide') {
        // A compact table: beside the list the editor gives each line two rows (issue 43 #3),
        // the product and herb over the quantity, its fields less than three fields tall (its
        // warnings, "no dispensary product", stand under them).
        const product = await line(1)
          .getByRole('combobox', { name: 'Dispensary product' })
          .boundingBox();
        expect(product!.y).toBeCloseTo(herb!.y, -1);
        expect(quantity!.y).toBeGreaterThan(herb!.y + herb!.height);
        expect(quantity!.y + quantity!.height - herb!.y).toBeLessThan(herb!.height * 3);
      } else {
        expect(quantity!.y).toBeGreaterThan(herb!.y + herb!.height);
      }
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await editorOf(page)
        .locator('[data-slot="prescription_lines"]')
        .screenshot({ path: screenshotPath(`small-layout-formula-${name}`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows a user "Last name", not also "Surname"', async () => {
    const user = await createUser({ groupIds: [1], firstName: 'Sue' });
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/users/${user.user_id}`);
    await editorOf(page).getByRole('heading', { name: /Sue/ }).waitFor();
    await page.screenshot({ path: screenshotPath('small-layout-user') });
    await editorOf(page).getByRole('textbox', { name: 'Last name' }).waitFor();
    expect(await editorOf(page).getByRole('textbox', { name: 'Surname' }).count()).toBe(0);
    await page.goto('/app/my_details');
    await page.getByText('Last name', { exact: true }).waitFor();
    expect(await page.getByText('Surname', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
