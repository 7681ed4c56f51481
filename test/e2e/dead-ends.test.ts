/**
 * Issue 15, item 1: a screen that can show nothing says why instead of an empty list — a user
 * without the list privilege is told so, a switched-off module is named, and an admin is shown
 * the way to switch it on. Looked at 1440 and 375 px; axe stays clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAs, loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminCall, createUser } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();
let organsId: number;

const setOrgans = (enabled: 0 | 1) =>
  adminCall('modules/update_module_enabled', { module_id: organsId, module_enabled: enabled });

beforeAll(async () => {
  const modules =
    await adminCall<Array<{ module_id: number; module_name: string }>>('modules/get_settings');
  organsId = modules.find((m) => m.module_name === 'organs')?.module_id ?? 0;
});

afterAll(async () => {
  await setOrgans(1);
});

const closed = (page: Page) => page.locator('[data-screen-closed]');

describe('dead ends', () => {
  it.each(WIDTHS)('a user without the list privilege is told so (%s)', async (name, viewport) => {
    const user = await createUser({ privileges: ['herbs/*'], firstName: 'Limited' });
    const { page, context, errors } = await openPage(browser, { viewport });
    await loginAs(page, user.email, user.password);
    await page.goto('/app/users');
    await closed(page).getByText('You do not have the privilege to see users.').waitFor();
    expect(await closed(page).getAttribute('data-screen-closed')).toBe('no_privilege');
    expect(await page.getByText('Select a user in the list').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`dead-ends-no-privilege-${name}`) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)(
    'a switched-off module is named, with the way to switch it on for an admin (%s)',
    async (name, viewport) => {
      await setOrgans(0);
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/organs');
      await closed(page).getByText('The Organs module is switched off.').waitFor();
      expect(await page.getByText('Select a organ').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`dead-ends-module-off-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Switch it on in the Modules screen' }).click();
      await page.waitForURL(`**/app/modules/${organsId}`);
      const enabled = editorOf(page).getByRole('switch', {
        name: 'Enabled',
      });
      await enabled.waitFor();
      expect(await enabled.isChecked()).toBe(false);
      await setOrgans(1);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('an entity set whose name starts with a vowel takes "an" (an organ)', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/organs');
    await page.getByText('Select an organ in the list, or add one with the Add button.').waitFor();
    await context.close();
  });
});
