/**
 * Issue 15, item 6: the keyboard. A list is one tab stop with a roving focus (arrows, Home, End,
 * Page Up/Down; Enter opens the row); dialogs give the focus back to what opened them and name
 * their close buttons; favourite stars are named after their module; Copy is a visible button;
 * `?` lists the shortcuts (not while typing in a field).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openMenu, openPage, screenshotPath } from '../support/browser';
import { insertRow } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

/** The focused element's row index in the list (data-index), or null. */
const focusedIndex = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.index ?? null);

/** What has the focus, as text a failure message can show. */
const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);

describe('keyboard', () => {
  it('makes a list one tab stop with a roving focus; Enter opens the row', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/herbs');
    const list = page.getByRole('listbox', { name: 'Herbs list' });
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThan(10);
    // One row is in the tab order, the others are reached with the arrows.
    expect(await list.locator('[role="option"][tabindex="0"]').count()).toBe(1);

    await list.locator('[role="option"][tabindex="0"]').focus();
    expect(await focusedIndex(page)).toBe('0');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedIndex(page)).toBe('1');
    await page.keyboard.press('PageDown');
    await expect.poll(async () => Number(await focusedIndex(page))).toBeGreaterThan(3);
    await page.keyboard.press('End');
    const size = Number(await list.getByRole('option').first().getAttribute('aria-setsize'));
    await expect.poll(() => focusedIndex(page)).toBe(String(size - 1));
    await page.keyboard.press('Home');
    await expect.poll(() => focusedIndex(page)).toBe('0');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedIndex(page)).toBe('2');

    // Tab leaves the list at once, and Shift+Tab comes back to the row left.
    await page.keyboard.press('Tab');
    expect(await focusedIndex(page)).toBeNull();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedIndex(page)).toBe('2');
    expect(await list.locator('[role="option"][tabindex="0"]').count()).toBe(1);

    const id = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.id);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/app/herbs/${id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)(
    'gives the focus back after a dialog, and names its close button (%s)',
    async (name, viewport) => {
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/herbs');
      const add = page.getByRole('button', { name: 'Add', exact: true });
      await add.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add herb' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`keyboard-add-dialog-${name}`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focusedText(page)).toBe('Add');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows Copy beside Add; its confirmation gives the focus back', async () => {
    const tag = randomBytes(3).toString('hex');
    const herb = await insertRow<{ herb_id: number }>('herbs', { herb_name: `Copy key ${tag}` });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/herbs');
    const copy = page.getByRole('button', { name: 'Copy', exact: true });
    // Nothing selected: said up front, not after the press.
    await expect.poll(() => copy.getAttribute('aria-disabled')).toBe('true');
    await page.goto(`/app/herbs/${herb.herb_id}`);
    await editorOf(page)
      .getByRole('heading', { name: `Copy key ${tag}` })
      .waitFor();
    await expect.poll(() => copy.getAttribute('aria-disabled')).toBeNull();
    await copy.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Would you like to copy the selected item ?').waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(page)).toBe('Copy');
    await page.keyboard.press('Enter');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await editorOf(page)
      .getByRole('heading', { name: `Copy key ${tag} (copy)` })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names each favourite star after its module', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await openMenu(page, 'Full Menu');
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    for (const module of ['Patients', 'Herbs', 'Prescriptions']) {
      await drawer
        .getByRole('button', {
          name: new RegExp(`^(Add ${module} to|Remove ${module} from) favourites$`),
        })
        .waitFor();
    }
    expect(await drawer.getByRole('button', { name: 'Favourite', exact: true }).count()).toBe(0);
    await drawer.getByRole('button', { name: 'Close' }).first().waitFor();
    await context.close();
  });

  it('lists the shortcuts on ?, but not while typing in a field', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/herbs');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('');
    await search.press('Shift+Slash');
    expect(await search.inputValue()).toBe('?');
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    await search.fill('');

    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.focus();
    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByRole('region', { name: 'In a list or tree' }).waitFor();
    expect(await dialog.getByText('First or last row').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('keyboard-shortcuts-wide') });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedText(page)).toBe('Add');
    expect(errors).toEqual([]);
    await context.close();
  });
});
