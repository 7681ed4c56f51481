/**
 * The generic entity screen's behaviour beyond one record: multi-
 * selection with Ctrl and Shift, select mode and multi-edit, the small-screen flow with its Back
 * button and 600 ms panels, `?single_entity_mode`, Not Found for a row deleted elsewhere, tabs and
 * list filters in the address, and the preferences editor. Screenshots at 375 and 1440 px go to
 * test-results/.
 */
import { randomBytes } from 'node:crypto';
import { seriousViolationsOn } from '../support/axe';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import {
  sharedBrowser,
  loginAs,
  loginAsAdmin,
  openPage,
  screenshotPath,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminToken, api, createUser, type CreatedUser } from './api';

const browser = sharedBrowser();
let token: UserToken;
let user: CreatedUser;

beforeAll(async () => {
  token = await adminToken();
  user = await createUser({ groupIds: [1], firstName: 'Pria' });
});

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const rows = (page: Page, title: string) =>
  page.getByRole('listbox', { name: `${title} list`, exact: true }).getByRole('option');

async function addSymptoms(count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const reply = await api<{ symptom_id: number }>(
      'symptoms/insert',
      { symptom_name: `Multi ${tag} ${i}`, symptom_description: 'Made by a test.' },
      token,
    );
    ids.push(reply.data.symptom_id);
  }
  return ids;
}

describe('selection', () => {
  it('toggles rows with Ctrl, selects a range with Shift, and shows the multi-edit message', async () => {
    const tag = randomBytes(3).toString('hex');
    const ids = await addSymptoms(4, tag);
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/symptoms');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Multi ${tag}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page, 'Symptoms').count()).toBe(4);

    const row = (i: number) => rows(page, 'Symptoms').nth(i);
    const selected = () => page.getByRole('option', { selected: true }).allTextContents();
    await row(0).click();
    await page.waitForURL(`**/app/symptoms/${ids[0]}`);
    await editorOf(page)
      .getByRole('heading', { name: `Multi ${tag} 0` })
      .waitFor();
    await row(2).click({ modifiers: ['Control'] });
    await editorOf(page).getByText('We can not deal with this many items at a time.').waitFor();
    expect(await selected()).toEqual([`Multi ${tag} 0`, `Multi ${tag} 2`]);
    await row(2).click({ modifiers: ['Control'] });
    expect(await selected()).toEqual([`Multi ${tag} 0`]);
    await editorOf(page)
      .getByRole('heading', { name: `Multi ${tag} 0` })
      .waitFor();
    // A plain click collapses a multi-selection, even on the row already open.
    await row(3).click({ modifiers: ['Control'] });
    await row(0).click();
    expect(await selected()).toEqual([`Multi ${tag} 0`]);
    await row(3).click({ modifiers: ['Shift'] });
    expect(await selected()).toEqual([0, 1, 2, 3].map((i) => `Multi ${tag} ${i}`));

    // Multi-edit is offered from two selected rows and sets the field on each.
    await page.getByRole('button', { name: 'Edit selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit selected' });
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Description', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(`Shared ${tag}`);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const id of ids) {
      const row = await api<{ symptom_description: string }>(
        'symptoms/get',
        { symptom_id: id },
        token,
      );
      expect(row.data.symptom_description).toBe(`Shared ${tag}`);
    }

    // Deleting the selection removes every selected row.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('No Result', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('select mode toggles rows with plain clicks and clears the selection', async () => {
    const tag = randomBytes(3).toString('hex');
    await addSymptoms(3, tag);
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/symptoms');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Multi ${tag}`);
    await page.keyboard.press('Enter');
    await expect.poll(() => rows(page, 'Symptoms').count()).toBe(3);
    const mode = page.getByRole('button', { name: 'Select mode' });
    await mode.click();
    expect(await mode.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Edit selected' }).isDisabled()).toBe(true);
    await rows(page, 'Symptoms').nth(0).click();
    await rows(page, 'Symptoms').nth(1).click();
    expect(page.url()).toMatch(/\/app\/symptoms$/); // select mode does not open rows
    expect(await page.getByRole('option', { selected: true }).count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Edit selected' }).isDisabled()).toBe(false);
    await mode.click();
    expect(await page.getByRole('option', { selected: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('small screens (below 849 px)', () => {
  it('shows one panel at a time with a Back button, entering over 600 ms', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: SMALL });
    await loginAsAdmin(page);
    await page.goto('/app/herbs');
    const list = page.getByRole('region', { name: 'Herbs list panel' });
    await list.getByRole('option').first().waitFor();
    expect(await editorOf(page).count()).toBe(0);
    await list.getByRole('searchbox', { name: 'Search' }).fill('yarr');
    await list.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    expect(await list.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.6s');
    await page.screenshot({ path: screenshotPath('entity-herbs-list-375') });

    await list.getByRole('option', { name: /^Yarrow/ }).click();
    await page.waitForURL(/\/app\/herbs\/\d+$/);
    await editorOf(page).getByRole('heading', { name: 'Yarrow' }).waitFor();
    expect(await list.count()).toBe(0);
    await page.waitForTimeout(700);
    await page.screenshot({ path: screenshotPath('entity-herb-editor-375') });

    await editorOf(page).getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/app\/herbs$/);
    await list.getByRole('option', { name: /^Yarrow/, selected: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the list with ?single_entity_mode, also on wide screens', async () => {
    const { page, context } = await openPage(browser, { viewport: WIDE });
    await loginAsAdmin(page);
    await page.goto('/app/herbs/1?single_entity_mode');
    await editorOf(page).getByRole('heading', { level: 2 }).waitFor();
    expect(await page.getByRole('region', { name: 'Herbs list panel' }).count()).toBe(0);
    await page.goto('/app/herbs/1');
    await page.getByRole('region', { name: 'Herbs list panel' }).waitFor();
    await page.screenshot({ path: screenshotPath('entity-herb-editor-1440') });
    await context.close();
  });
});

describe('rows and tabs in the address', () => {
  it('shows Not Found for a row deleted elsewhere, and keeps the tab when opening rows', async () => {
    const tag = randomBytes(3).toString('hex');
    const [id] = await addSymptoms(1, tag);
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/symptoms/${id}`);
    await editorOf(page)
      .getByRole('heading', { name: `Multi ${tag} 0` })
      .waitFor();
    await api('symptoms/delete', { selected: [id] }, token);
    await page.reload();
    await editorOf(page).getByText('Not Found', { exact: true }).waitFor();
    await page.goto('/app/symptoms/not-a-number');
    await editorOf(page).getByText('Not Found', { exact: true }).waitFor();

    // A tab named in the address opens; clicking another row keeps it; changing tab replaces.
    await page.goto('/app/patients/2/clinical');
    await editorOf(page).getByRole('tab', { name: 'Clinical', selected: true }).waitFor();
    await page.getByRole('listbox', { name: 'Patients list' }).getByRole('option').nth(4).click();
    await page.waitForURL(/\/app\/patients\/\d+\/clinical$/);
    const before = await page.evaluate(() => history.length);
    await editorOf(page).getByRole('tab', { name: 'Details' }).click();
    await page.waitForURL(/\/app\/patients\/\d+\/details$/);
    expect(await page.evaluate(() => history.length)).toBe(before);
    expect(errors.filter((e) => !e.includes('404') && !e.includes('400'))).toEqual([]);
    await context.close();
  });
});

describe('filters in the list address', () => {
  it('opens the list with a list filter of its address, ignoring other parameters', async () => {
    const count = async (filters: Record<string, unknown>) =>
      (await api<{ count: number }>('patients/count', { filters }, token)).data.count;
    const found = await api<Array<{ category_id: number; category_label: string }>>(
      'categories/list',
      { filters: { search: '=Archived' } },
      token,
    );
    const archived = found.data.find((c) => c.category_label === 'Archived');
    if (!archived) throw new Error('The demo company has no Archived category.');
    const [inCategory, all] = [
      await count({ patient_category_id: archived.category_id }),
      await count({}),
    ];
    expect(inCategory).toBeLessThan(all);
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patients?patient_category_id=${archived.category_id}&nonsense=1`);
    await page.getByText(`${inCategory} found`, { exact: true }).waitFor();
    expect(new URL(page.url()).search).toBe('?nonsense=1');
    const filters = page.getByRole('group', { name: 'Filters' });
    expect(await filters.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Archived');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByText(`${all} found`, { exact: true }).waitFor();

    // A value that does not fit its filter is ignored.
    await page.goto('/app/patients?patient_category_id=none');
    await page.getByText(`${all} found`, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear all' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('preferences (__preferences)', () => {
  it('edits the list preferences, applies them, and resets them after a confirmation', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await page.goto('/app/herbs');
    await page.getByRole('listbox', { name: 'Herbs list' }).getByRole('option').first().waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.waitForURL('**/app/herbs/__preferences');
    const editor = editorOf(page);
    await editor.getByRole('heading', { name: 'Herbs: preferences' }).waitFor();
    await editor.getByRole('combobox', { name: 'Sort the list by' }).click();
    await page.getByRole('option', { name: 'Latin name, descending' }).click();
    await editor.getByRole('combobox', { name: 'Rows loaded at a time' }).click();
    await page.getByRole('option', { name: '25 rows' }).click();
    const list = page.getByRole('listbox', { name: 'Herbs list' });
    // Rows are virtualised: each says how many the list holds.
    const loaded = () => list.getByRole('option').first().getAttribute('aria-setsize');
    await expect.poll(() => loaded()).toBe('25');
    expect(await list.getByRole('option').first().textContent()).toContain('Zingiber officinale');
    await page.screenshot({ path: screenshotPath('entity-preferences-1440') });

    await editor.getByRole('tab', { name: 'Editor' }).click();
    await page.waitForURL('**/app/herbs/__preferences/editor');
    await editor.getByRole('combobox', { name: 'Open records on the tab' }).click();
    await page.getByRole('option', { name: 'Uses' }).click();
    await list.getByRole('option').first().click();
    await editorOf(page).getByRole('tab', { name: 'Uses', selected: true }).waitFor();

    await page.goto('/app/herbs/__preferences');
    await editor.getByRole('button', { name: 'Reset preferences' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm
      .getByText('You are about to reset your preferences for the "Herbs" module. Are you sure ?')
      .waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => loaded()).toBe('50');
    // Virtualised: only the rows in view (and a few either side) are in the page.
    expect(await list.getByRole('option').count()).toBeLessThan(50);
    expect(await list.getByRole('option').first().textContent()).toContain('Agrimony');

    // Entity sets without preferences have no settings button and say so at the address.
    await page.goto('/app/countries/__preferences');
    await editor.getByText('This module does not allow you to set any preferences.').waitFor();
    expect(await page.getByRole('button', { name: 'Settings' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('accessibility (axe: no serious or critical problem)', () => {
  it.each([
    ['small', SMALL],
    ['wide', WIDE],
  ] as const)(
    'on the entity screens, %s',
    async (_size, viewport) => {
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      const problems = await seriousViolationsOn(
        page,
        [
          '/app/herbs/1',
          '/app/patients/3',
          '/app/categories/8',
          '/app/locations/1',
          '/app/prescriptions/1',
          '/app/patientletters/1',
          '/app/herbs/__preferences',
          '/app/symptoms',
        ],
        (shown) =>
          shown
            .getByRole('region', { name: /list panel|Editor/ })
            .first()
            .waitFor(),
      );
      await page.goto('/app/patients/3');
      await editorOf(page).getByRole('heading', { name: /,/ }).waitFor();
      await page.waitForTimeout(700);
      await page.screenshot({ path: screenshotPath(`entity-patient-${viewport.width}`) });
      expect(problems).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
