/**
 * Issue 15, item 5: filters that keep up. The search and text filters follow the text as it is
 * typed (no Enter), and the answer to an earlier, slower request never replaces the newest one;
 * date filters take dates as the clinic writes them and offer named ranges and a from–to pair;
 * prescriptions list newest first when the user chose no order.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/iso-date';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { insertRow } from './api';
import { screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const found = (page: Page) => page.getByText(/^\d+\+? found$/);
const optionNames = (page: Page) =>
  page
    .getByRole('listbox')
    .first()
    .getByRole('option')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));

describe('filters that keep up', () => {
  it.each(WIDTHS)(
    'searches and filters as the user types, newest answer wins (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      for (const first of ['Quill', 'Quillon']) {
        await insertRow('patients', {
          patient_first_name: `${first}${tag}`,
          patient_last_name: `Typed${tag}`,
        });
      }
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await found(page).waitFor();

      // The first request is held back until the second has answered: its late answer is ignored.
      let held: (() => void) | null = null;
      await page.route('**/api/patients/list', async (route) => {
        const body = route.request().postDataJSON() as { filters?: { search?: string } };
        if (body.filters?.search === `Quill${tag}` && held === null) {
          await new Promise<void>((release) => (held = release));
        }
        await route.continue();
      });
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill(`Quill${tag}`); // no Enter: the pause after typing is enough
      await expect.poll(() => held !== null).toBe(true);
      await box.fill(`Quillon${tag}`);
      await expect
        .poll(() => optionNames(page))
        .toEqual([expect.stringContaining(`Quillon${tag}`)]);
      (held as (() => void) | null)?.();
      await page.getByText('1 found', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await optionNames(page)).toEqual([expect.stringContaining(`Quillon${tag}`)]);
      await page.unroute('**/api/patients/list');

      // A text filter in the panel applies as typed too. Its inputs are drawn only once the
      // panel opens (hidden, they were much of the screen's first render).
      await box.fill('');
      const panelInputs = page.locator('[role="group"][aria-label="Filters"] input');
      expect(await panelInputs.count()).toBe(0);
      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const filters = page.getByRole('group', { name: 'Filters' });
      await filters.getByRole('textbox', { name: 'Last name' }).fill(`Typed${tag}`);
      await page.getByText('2 found', { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath(`filters-typing-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it.each(WIDTHS)(
    'filters dates by named range and DD/MM/YYYY, newest first (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const patient = await insertRow<{ patient_id: number }>('patients', {
        patient_first_name: `Range${tag}`,
        patient_last_name: 'Dated',
      });
      const dated = [
        ['Older', '2019-06-15'],
        ['Today', todayIso()],
        ['Old', '2021-03-02'],
      ] as const;
      for (const [title, date] of dated) {
        await insertRow('prescriptions', {
          prescription_patient_id: patient.patient_id,
          prescription_name: `${title} ${tag}`,
          prescription_date: date,
        });
      }
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto(`/app/prescriptions?prescription_patient_id=${patient.patient_id}`);
      await page.getByText('3 found', { exact: true }).waitFor();
      // Newest first without any order chosen.
      await expect
        .poll(async () => (await optionNames(page)).map((label) => label.split(' ')[0]))
        .toEqual(['Today', 'Old', 'Older']);

      // The address's filter has opened the panel already.
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      const filters = page.getByRole('group', { name: 'Filters' });
      await filters.getByRole('button', { name: 'This month' }).click();
      await page.getByText('1 found', { exact: true }).waitFor();
      expect(
        await filters.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed'),
      ).toBe('true');
      await page.screenshot({ path: screenshotPath(`filters-date-range-${name}`) });

      // A from–to pair, as the clinic writes dates; an impossible date is kept and marked.
      const from = filters.getByRole('textbox', { name: 'Date from' });
      const to = filters.getByRole('textbox', { name: 'Date to' });
      await from.fill('31/02/2019');
      await from.press('Enter');
      await filters.getByText('Not a real date: write it as DD/MM/YYYY.').waitFor();
      expect(await from.inputValue()).toBe('31/02/2019');
      await from.fill('01/01/2019');
      await from.press('Enter');
      await to.fill('31/12/2021');
      await to.press('Enter');
      await page.getByText('2 found', { exact: true }).waitFor();
      await expect
        .poll(async () => (await optionNames(page)).map((label) => label.split(' ')[0]))
        .toEqual(['Old', 'Older']);
      await page.screenshot({ path: screenshotPath(`filters-date-from-to-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );
});
