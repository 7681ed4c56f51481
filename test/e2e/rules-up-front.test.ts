/**
 * Issue 15, item 2: what the definition and the row already say disables a control before the
 * user acts, with the reason as its tooltip (on keyboard focus too) and its description: Delete
 * on a mandatory category, Add under a category that takes no children, a user's missing
 * privileges. The server still refuses the same things (test/api/entities-tree.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAs, loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { createUser, insertRow } from './api';
import { screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const button = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first();

/** The control is disabled, names the reason as its description, and shows it on focus. */
async function saysWhy(page: Page, control: Locator, reason: string) {
  await expect.poll(() => control.getAttribute('aria-disabled')).toBe('true');
  const described = await control.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  expect(await page.locator(`[id="${described}"]`).textContent()).toBe(reason);
  // Reached by the keyboard (after a click Chromium shows no focus ring, nor Mantine a tooltip).
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await page.getByRole('tooltip').getByText(reason).waitFor();
}

describe('rules known before acting', () => {
  it.each(WIDTHS)(
    'disables Delete of a mandatory category and Add under a closed one (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const closed = await insertRow<{ category_id: number }>('categories', {
        category_label: `Closed ${tag}`,
        category_can_contain_children: 0,
        _selected: 0,
      });
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/categories/1');
      await page
        .getByRole('region', { name: 'Editor' })
        .getByRole('heading', { name: 'Patients' })
        .waitFor();
      if (name === 'small') await page.getByRole('button', { name: 'Back' }).first().click();
      const remove = button(page, 'Delete');
      await saysWhy(page, remove, '"Patients" is mandatory and can not be deleted.');
      await page.screenshot({ path: screenshotPath(`rules-mandatory-${name}`) });
      await remove.click({ force: true });
      expect(await page.getByRole('dialog', { name: 'Confirm' }).count()).toBe(0);

      await page.goto(`/app/categories/${closed.category_id}`);
      await page
        .getByRole('region', { name: 'Editor' })
        .getByRole('heading', { name: `Closed ${tag}` })
        .waitFor();
      if (name === 'small') await page.getByRole('button', { name: 'Back' }).first().click();
      const add = button(page, 'Add');
      await saysWhy(page, add, `"Closed ${tag}" can not contain sub-categories.`);
      await page.screenshot({ path: screenshotPath(`rules-closed-node-${name}`) });
      await add.click({ force: true });
      expect(await page.getByRole('dialog', { name: 'Add category' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('tells a user without the privilege why Add and Delete are off, and that fields are read-only', async () => {
    const user = await createUser({ privileges: ['herbs/list'], firstName: 'Reader' });
    const { page, context, errors } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await page.goto('/app/herbs');
    const first = page
      .getByRole('region', { name: 'Herbs list panel' })
      .getByRole('option')
      .first();
    await first.waitFor();
    await saysWhy(page, button(page, 'Add'), 'You do not have the privilege to add herbs.');
    await first.click();
    await saysWhy(page, button(page, 'Delete'), 'You do not have the privilege to delete herbs.');
    await page
      .getByRole('region', { name: 'Editor' })
      .getByText('You do not have the privilege to change herbs.')
      .waitFor();
    await page.screenshot({ path: screenshotPath('rules-reader-wide') });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
