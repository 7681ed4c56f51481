/** The navigation drawer: filter, favourites, modules by privilege; 404 and breadcrumbs. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sharedBrowser,
  loginAs,
  loginAsAdmin,
  openMenu,
  openPage,
  SMALL,
} from '../support/browser';
import { createUser, recordNameShown, type CreatedUser } from './api';

const browser = sharedBrowser();

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Navigation' });

async function menuLabels(page: Page): Promise<string[]> {
  const panel = drawer(page).getByRole('tabpanel');
  return (await panel.getByRole('link').allTextContents()).map((t) => t.trim());
}

async function favouriteLabels(page: Page): Promise<string[]> {
  const list = drawer(page).getByRole('list', { name: /^Favourites/ });
  // In edit mode the rows also hold the (hidden) drag and remove glyphs.
  return (await list.getByRole('listitem').allTextContents()).map((t) =>
    t.replace(/[⠿✕]/g, '').trim(),
  );
}

describe('Full Menu filter', () => {
  it('matches a label prefix below 3 characters and a substring from 3, ignoring case', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await openMenu(page, 'Full Menu');
    const filter = drawer(page).getByRole('searchbox', { name: 'Filter' });
    const all = await menuLabels(page);
    expect(all).toContain('Patients');
    expect(all).toContain('Modules');

    // Each filter is read once the list has followed it (a busy machine renders later).
    await filter.fill('pa');
    await expect
      .poll(() => menuLabels(page))
      .toEqual(['Patients', 'Patient letters', 'Parts used']);
    await filter.fill('LE');
    await expect.poll(() => menuLabels(page)).toEqual([]);
    await drawer(page).getByText('No nodes available').waitFor();
    await filter.fill('LET');
    await expect.poll(() => menuLabels(page)).toEqual(['Patient letters']);
    await filter.fill('use');
    await expect.poll(() => menuLabels(page)).toEqual(['Parts used', 'Users']);
    await filter.fill('');
    await expect.poll(() => menuLabels(page)).toEqual(all);
    await context.close();
  });
});

describe('favourites', () => {
  let user: CreatedUser;

  beforeAll(async () => {
    user = await createUser({ groupIds: [1], firstName: 'Fay' });
  });

  it('adds, re-orders and removes favourites, and they survive a reload', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await openMenu(page, 'Favourites');
    expect(await drawer(page).getByText('Go to the FULL MENU to add some items').isVisible()).toBe(
      true,
    );

    await drawer(page).getByRole('tab', { name: 'Full Menu' }).click();
    for (const label of ['Herbs', 'Patients', 'Users']) {
      const star = drawer(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: label, exact: true }) })
        .getByRole('button', { name: 'Favourite' });
      const saved = page.waitForResponse((r) =>
        r.url().endsWith('/update_my_preference_for_module'),
      );
      await star.click();
      await saved;
      expect(await star.getAttribute('aria-label')).toBe(`Remove ${label} from favourites`);
    }

    await drawer(page).getByRole('tab', { name: 'Favourites' }).click();
    expect(await favouriteLabels(page)).toEqual(['Herbs', 'Patients', 'Users']);

    // Re-order with the keyboard: pick Users up, move it up twice, drop it.
    await drawer(page).getByRole('button', { name: 'Edit' }).click();
    const handle = drawer(page).getByRole('button', { name: 'Move Users', exact: true });
    await handle.focus();
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect.poll(() => live.textContent()).toMatch(/Picked up Users\.|place of Users\./);
    // dnd-kit measures the drop targets in the frames after the pick-up; an arrow pressed before
    // that moves nothing. Let it settle (two frames and a margin for a loaded CI machine).
    await page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))',
    );
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => live.textContent()).toBe('Users is at the place of Patients.');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => live.textContent()).toBe('Users is at the place of Herbs.');
    const moved = page.waitForResponse((r) => r.url().endsWith('/update_my_preference_for_module'));
    await page.keyboard.press('Space');
    await moved;
    expect(await favouriteLabels(page)).toEqual(['Users', 'Herbs', 'Patients']);

    const removed = page.waitForResponse((r) =>
      r.url().endsWith('/update_my_preference_for_module'),
    );
    await drawer(page).getByRole('button', { name: 'Remove Patients' }).click();
    await removed;
    await drawer(page).getByRole('button', { name: 'Finish Editing' }).click();
    expect(await favouriteLabels(page)).toEqual(['Users', 'Herbs']);

    // After a reload the favourites arrive with the preferences, after the drawer opens.
    await page.reload();
    await openMenu(page, 'Favourites');
    await expect.poll(() => favouriteLabels(page)).toEqual(['Users', 'Herbs']);
    // The dashboard lists them too, and a favourite leads to its page.
    await page.keyboard.press('Escape');
    const dashboardFavourites = page.getByRole('region', { name: 'Your favourites' });
    await expect
      .poll(() => dashboardFavourites.getByRole('link').allTextContents())
      .toEqual(['Users', 'Herbs']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rolls a change back when saving fails', async () => {
    const { page, context } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await openMenu(page, 'Full Menu');
    await page.route('**/api/materia/update_my_preference_for_module', (route) =>
      route.abort('connectionrefused'),
    );
    const star = drawer(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Snippets', exact: true }) })
      .getByRole('button', { name: 'Favourite' });
    await star.click();
    await page.getByText('Your favourites could not be saved; the change was undone.').waitFor();
    expect(await star.getAttribute('aria-label')).toBe('Add Snippets to favourites');
    await context.close();
  });
});

describe('modules the user may see', () => {
  it('shows a user only the modules of their privileges', async () => {
    const user = await createUser({ privileges: ['herbs/list', 'patients/*'] });
    const { page, context } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await openMenu(page, 'Full Menu');
    expect(await menuLabels(page)).toEqual(['Patients', 'Herbs']);
    await context.close();
  });

  it('tells a user without any module to contact the administrator', async () => {
    const user = await createUser({ privileges: [] });
    const { page, context } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await openMenu(page, 'Full Menu');
    await drawer(page).getByText('No items available, contact the administrator').waitFor();
    // The offline menu link is spelt right and reaches the offline page.
    await drawer(page).getByRole('link', { name: 'Offline clients' }).click();
    await page.waitForURL('**/offline/clients');
    await page.getByRole('heading', { name: 'Working offline' }).waitFor();
    await context.close();
  });
});

describe('not found and breadcrumbs', () => {
  it("shows 'Sorry, there is nothing here... (404)' and goes back", async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/no/such/page');
    await page.getByText('Sorry, there is nothing here... (404)').waitFor();
    await loginAsAdmin(page);
    await page.goto('/app/not_a_module');
    await page.getByText('Sorry, there is nothing here... (404)').waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await context.close();
  });

  it('trims the trail when an earlier crumb is clicked, replacing history', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/herbs/7/general');
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await trail.getByText('General').waitFor();
    // The record's crumb carries its name once the record has loaded (before: '#7').
    const name = await recordNameShown(page, 'herbs', 7);
    await expect
      .poll(async () => (await trail.getByRole('link').allTextContents()).map((t) => t.trim()))
      .toEqual(['Home', 'Herbs', name]);
    const length = await page.evaluate(() => history.length);
    await trail.getByRole('link', { name: 'Herbs' }).click();
    await page.waitForURL((url) => url.pathname === '/app/herbs');
    await expect
      .poll(async () => (await trail.getByRole('link').allTextContents()).map((t) => t.trim()))
      .toEqual(['Home']);
    expect((await trail.textContent())?.replace(/\s+/g, '')).toBe('Home›Herbs');
    expect(await page.evaluate(() => history.length)).toBe(length);
    await context.close();
  });

  it('shows only a Back link on a small screen', async () => {
    const { page, context } = await openPage(browser, { viewport: SMALL });
    await loginAsAdmin(page);
    // On a record the editor's own Back leads to the list (test/e2e/small-layout.test.ts).
    await page.goto('/app/herbs');
    const back = page.getByRole('banner').getByRole('link', { name: 'Back' });
    await back.waitFor();
    expect(await page.getByRole('navigation', { name: 'Breadcrumbs' }).count()).toBe(0);
    await back.click();
    await page.waitForURL((url) => url.pathname === '/app');
    await context.close();
  });
});
