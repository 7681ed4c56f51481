/**
 * Issue 15, item 4: saved, visibly. A field saves when it is left and the editor says so quietly
 * ("Saved", announced politely); a save that does not reach the server says "Not saved —" with a
 * Retry that sends it again, and what was typed stays.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminCall, insertRow } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const statusOf = (page: Page) => editorOf(page).locator('[data-save-status]');

describe('saved, visibly', () => {
  it.each(WIDTHS)(
    'says Saved after a field is left, and Not saved with a Retry that resends (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const herb = await insertRow<{ herb_id: number }>('herbs', { herb_name: `Sage ${tag}` });
      const stored = async () =>
        (await adminCall<{ herb_name: string }>('herbs/get', { herb_id: herb.herb_id })).herb_name;
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto(`/app/herbs/${herb.herb_id}`);
      const nameBox = editorOf(page).locator('input[data-field="herb_name"]');
      await expect.poll(() => nameBox.inputValue()).toBe(`Sage ${tag}`);
      const live = statusOf(page).getByRole('status');
      expect(await live.getAttribute('aria-live')).toBe('polite');

      await nameBox.fill(`Garden sage ${tag}`);
      await nameBox.press('Tab');
      await expect.poll(() => live.textContent()).toBe('Saved');
      expect(await stored()).toBe(`Garden sage ${tag}`);
      await page.screenshot({ path: screenshotPath(`save-state-saved-${name}`) });

      // The server can not be reached for this save: the editor says so and keeps the value.
      await page.route('**/api/herbs/update', (route) => route.abort());
      await nameBox.fill(`Common sage ${tag}`);
      await nameBox.press('Tab');
      await expect.poll(() => live.textContent()).toBe('Not saved —');
      expect(await nameBox.inputValue()).toBe(`Common sage ${tag}`);
      expect(await stored()).toBe(`Garden sage ${tag}`);
      await page.screenshot({ path: screenshotPath(`save-state-failed-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);

      await page.unroute('**/api/herbs/update');
      await statusOf(page).getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => live.textContent()).toBe('Saved');
      expect(await stored()).toBe(`Common sage ${tag}`);
      await context.close();
    },
  );
});
