/**
 * Records in depth: herbs (relation chips, relation and
 * category filters, refusals, copy, paging), patients (dates, choices, filters, length limit,
 * the insert warning), users (groups) and prescriptions (lines, units, currency, dispensing).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { sharedBrowser, loginAsAdmin, openPage } from '../support/browser';
import { adminToken, api, createUser, insertRow, adminCall } from './api';

const browser = sharedBrowser();
let token: UserToken;

beforeAll(async () => {
  token = await adminToken();
});

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const REFUSED = (e: string) => e.includes('status of 400');

async function get<T = Record<string, unknown>>(entities: string, key: string, id: number) {
  return (await api<T>(`${entities}/get`, { [key]: id }, token)).data;
}

/** Waits for the answer to the next change call, so the API sees what the screen saved. */
const saved = (page: Page, verb: RegExp) =>
  page.waitForResponse((r) => verb.test(new URL(r.url()).pathname));

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.keyboard.press('Enter');
}

describe('herbs: relations and chips', () => {
  it('adds and removes chips, filters by relation and category, and refuses a bad dose', async () => {
    const tag = randomBytes(3).toString('hex');
    const herb = await insertRow<{ herb_id: number }>('herbs', { herb_name: `Chip ${tag}` });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/herbs/${herb.herb_id}`);
    const editor = editorOf(page);
    await editor.getByRole('heading', { name: `Chip ${tag}` }).waitFor();

    const actions = editor.getByRole('combobox', { name: 'Actions' });
    for (const name of ['Astringent', 'Bitter']) {
      await actions.click();
      await actions.fill(name.slice(0, 5));
      const added = saved(page, /add_actions$/);
      await page
        .getByRole('listbox', { name: 'Actions', exact: true })
        .getByRole('option', { name })
        .click();
      await added;
    }
    await page.keyboard.press('Escape');
    const linked = async () =>
      (await get<{ _relations: { actions: number[] } }>('herbs', 'herb_id', herb.herb_id))
        ._relations.actions.length;
    expect(await linked()).toBe(2);
    const removed = saved(page, /remove_actions$/);
    await editor.getByRole('button', { name: 'Remove Astringent' }).click();
    await removed;
    expect(await linked()).toBe(1);
    await page.reload();
    await editor.getByRole('button', { name: 'Remove Bitter' }).waitFor();
    expect(await editor.getByRole('button', { name: 'Remove Astringent' }).count()).toBe(0);

    // A value only the server can refuse: the message shows beside the field, and the value
    // stays as typed (marked, not stored) so that the user can correct it.
    const from = editor.getByRole('textbox', { name: 'Daily dose from' });
    const to = editor.getByRole('textbox', { name: 'Daily dose to' });
    let answer = saved(page, /update$/);
    await from.fill('20');
    await from.press('Tab');
    await answer;
    answer = saved(page, /update$/);
    await to.fill('5');
    await to.press('Tab');
    await answer;
    await editor
      .getByText('The daily dose to must not be less than the daily dose from.')
      .waitFor();
    expect(await to.inputValue()).toBe('5');
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await from.inputValue()).toBe('20');

    // The category tree select, then the left drawer's filter by that category.
    answer = saved(page, /update$/);
    await editor.getByRole('combobox', { name: 'Category' }).click();
    await page
      .getByRole('listbox', { name: 'Category', exact: true })
      .getByRole('option', { name: 'Western' })
      .click();
    await answer;
    expect(
      (await get<{ herb_category_id: number }>('herbs', 'herb_id', herb.herb_id)).herb_category_id,
    ).toBe(8);
    const list = page.getByRole('listbox', { name: 'Herbs list' });
    await search(page, tag);
    await list.getByRole('option', { name: /^Chip/ }).waitFor();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Ayurvedic' })
      .click();
    await page.getByText('No Result', { exact: true }).waitFor();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Western' })
      .click();
    await list.getByRole('option', { name: /^Chip/ }).waitFor();

    // Relation filters: rows linked to any of the chosen actions.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByRole('combobox', { name: 'Actions' }).click();
    await filters.getByRole('combobox', { name: 'Actions' }).fill('Astrin');
    await page
      .getByRole('listbox', { name: 'Actions', exact: true })
      .getByRole('option', { name: 'Astringent' })
      .click();
    await page.getByText('No Result', { exact: true }).waitFor();
    await page
      .getByRole('status', { name: '0 found' })
      .or(page.getByText('0 found'))
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect
      .poll(() => list.getByRole('option').first().getAttribute('aria-setsize'))
      .toBe('50');
    expect(errors.filter((e) => !REFUSED(e))).toEqual([]);
    await context.close();
  });

  it('copies the selected herb by a long press on Add, and pages with Load more to END', async () => {
    const tag = randomBytes(3).toString('hex');
    const herb = await insertRow<{ herb_id: number }>('herbs', {
      herb_name: `Copy ${tag}`,
      herb_family: 'Lamiaceae',
    });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/herbs/${herb.herb_id}`);
    await editorOf(page)
      .getByRole('heading', { name: `Copy ${tag}` })
      .waitFor();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.hover();
    await page.mouse.down();
    await page.waitForTimeout(900);
    await page.mouse.up();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Would you like to copy the selected item ?').waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await editorOf(page)
      .getByRole('heading', { name: `Copy ${tag} (copy)` })
      .waitFor();
    expect(page.url()).not.toContain(`/herbs/${herb.herb_id}`);
    expect(await editorOf(page).getByRole('textbox', { name: 'Family' }).inputValue()).toBe(
      'Lamiaceae',
    );
    expect(await page.getByRole('dialog', { name: 'Add herb' }).count()).toBe(0);

    await page.goto('/app/herbs');
    const list = page.getByRole('listbox', { name: 'Herbs list' });
    const size = () => list.getByRole('option').first().getAttribute('aria-setsize');
    await expect.poll(size).toBe('50');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(size).toBe('100');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('END', { exact: true }).waitFor();
    expect(Number(await size())).toBeGreaterThan(100);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the copy from the keyboard: a held Enter copies, a short one adds', async () => {
    const tag = randomBytes(3).toString('hex');
    const herb = await insertRow<{ herb_id: number }>('herbs', { herb_name: `Keys ${tag}` });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/herbs/${herb.herb_id}`);
    await editorOf(page)
      .getByRole('heading', { name: `Keys ${tag}` })
      .waitFor();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await add.focus();
    await page.keyboard.down('Enter');
    await page.waitForTimeout(900);
    await page.keyboard.up('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText('Would you like to copy the selected item ?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: 'Add herb' }).count()).toBe(0);

    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add herb' }).waitFor();
    expect(await confirm.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('patients: dates, choices and filters', () => {
  it('shows the next appointment the diary keeps as DD/MM/YYYY HH:mm, read-only', async () => {
    const tag = randomBytes(3).toString('hex');
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: `Tim${tag}`,
      patient_last_name: 'Timed',
    });
    const practitioner = await insertRow<{ user_id: number }>('users', {
      user_first_name: 'Next',
      user_last_name: tag,
      user_email: `next-${tag}@demo.clinic`,
      user_practitioner: 1,
    });
    await adminCall('appointments/insert', {
      appointment_patient_id: patient.patient_id,
      appointment_practitioner_id: practitioner.user_id,
      appointment_start: '2027-04-03T09:15:00Z',
      appointment_end: '2027-04-03T09:45:00Z',
      appointment_override_reason: 'A test outside working hours.',
    });
    const row = await get<Record<string, unknown>>('patients', 'patient_id', patient.patient_id);
    // Stored in the clinic's wall time, to the second; shown without the seconds.
    const stored = String(row.patient_next_appointment);
    expect(stored).toMatch(/^2027-04-0[34] \d{2}:\d{2}:00$/);
    const [day, time] = stored.split(' ') as [string, string];
    const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time.slice(0, 5)}`;
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patients/${patient.patient_id}/clinical`);
    const next = editorOf(page).getByRole('textbox', { name: 'Next appointment' });
    await expect.poll(() => next.inputValue()).toBe(shown);
    expect(await next.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows and stores dates, saves choices, limits lengths and filters the list', async () => {
    const tag = randomBytes(3).toString('hex');
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: `Dora${tag}`,
      patient_last_name: 'Datewise',
      patient_dob: '1980-02-01',
    });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patients/${patient.patient_id}`);
    const editor = editorOf(page);
    const dob = editor.getByRole('textbox', { name: 'Date of birth' });
    await expect.poll(() => dob.inputValue()).toBe('01/02/1980');
    let answer = saved(page, /update$/);
    await dob.fill('15/07/1975');
    await dob.press('Tab');
    await answer;
    const stored = () => get<Record<string, unknown>>('patients', 'patient_id', patient.patient_id);
    expect((await stored()).patient_dob).toBe('1975-07-15');
    await page.getByRole('option', { name: /Datewise, Dora.*15\/07\/1975/ }).waitFor();
    // Staff type words in any order, and dates as the screen shows them.
    const listed = page.getByRole('option', { name: /^Datewise, Dora/ });
    for (const words of [`datew dora${tag.toUpperCase()}`, `15/07/1975 dora${tag}`]) {
      await search(page, words);
      await expect.poll(() => listed.count()).toBe(1);
      await page.getByText('1 found', { exact: true }).waitFor();
    }

    const sex = editor.getByRole('radiogroup', { name: 'Sex' });
    expect(await sex.textContent()).toContain('Male>Female');
    answer = saved(page, /update$/);
    await sex.getByText('Female>Male', { exact: true }).click();
    await answer;
    expect((await stored()).patient_sex).toBe('FemaleMale');

    const contact = editor.getByRole('combobox', { name: 'Preferred contact' });
    await contact.click();
    await contact.fill('zzz');
    await page.getByText('No results', { exact: true }).filter({ visible: true }).waitFor();
    await contact.fill('');
    answer = saved(page, /update$/);
    await page
      .getByRole('listbox', { name: 'Preferred contact', exact: true })
      .getByRole('option', { name: 'WhatsApp' })
      .click();
    await answer;
    expect((await stored()).patient_preferred_contact).toBe('WhatsApp');

    const title = editor.getByRole('textbox', { name: 'Title' });
    await title.fill('A title far longer than twenty');
    await editor.getByText('Maximum of 20 characters allowed.').waitFor();
    const before = (await stored()).patient_title;
    await title.press('Tab');
    // Kept as typed and marked, never stored.
    expect(await title.inputValue()).toBe('A title far longer than twenty');
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect((await stored()).patient_title).toBe(before);

    // Filters: a date filter typed as the clinic writes dates, a select, the found badge, clear-all.
    await search(page, `Dora${tag}`);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const filters = page.getByRole('group', { name: 'Filters' });
    const dobFrom = filters.getByRole('textbox', { name: 'Date of birth from' });
    await dobFrom.fill('31/02/1975');
    await dobFrom.press('Enter');
    await filters.getByText('Not a real date: write it as DD/MM/YYYY.').waitFor();
    await dobFrom.fill('15/07/1975');
    await dobFrom.press('Enter');
    const dobTo = filters.getByRole('textbox', { name: 'Date of birth to' });
    await dobTo.fill('15/07/1975');
    await dobTo.press('Enter');
    await page.getByText('1 found', { exact: true }).waitFor();
    await filters.getByRole('combobox', { name: 'Sex' }).click();
    await page
      .getByRole('listbox', { name: 'Sex', exact: true })
      .getByRole('option', { name: 'Male', exact: true })
      .click();
    await page.getByText('0 found', { exact: true }).waitFor();
    await page.getByText('No Result', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect
      .poll(async () => Number((await page.getByText(/^\d+ found$/).textContent())?.split(' ')[0]))
      .toBeGreaterThanOrEqual(200);
    expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('');

    // A filter from the left drawer survives an insert, and the user is warned about it.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Active' })
      .click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add patient' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill(`New${tag}`);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Filtered');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await page
      .getByText(
        "You have some filters on the list and you may not see the newly added item! Clear your filters if that's the case.",
      )
      .waitFor();
    await editor.getByRole('heading', { name: `Filtered, New${tag}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('users: groups (group membership)', () => {
  it('adds and removes a group as a chip', async () => {
    const user = await createUser({ firstName: 'Gus' });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/users/${user.user_id}`);
    const editor = editorOf(page);
    await editor.getByRole('heading', { name: /Gus/ }).waitFor();
    const groups = editor.getByRole('combobox', { name: 'Groups' });
    const memberOf = async () =>
      (
        await api<Array<{ label: string }>>('users/get_groups', { id: user.user_id }, token)
      ).data.map((g) => g.label);
    const added = saved(page, /add_groups$/);
    await groups.click();
    await page
      .getByRole('listbox', { name: 'Groups', exact: true })
      .getByRole('option', { name: 'Staff' })
      .click();
    await added;
    expect(await memberOf()).toEqual(['Staff']);
    await page.keyboard.press('Escape');
    const removed = saved(page, /remove_groups$/);
    await editor.getByRole('button', { name: 'Remove Staff' }).click();
    await removed;
    expect(await memberOf()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('prescriptions: lines, units and currency', () => {
  async function setSetting(kind: 'public' | 'private', field: string, value: unknown) {
    const modules = await api<Array<{ module_id: number; module_name: string }>>(
      'modules/get_settings',
      {},
      token,
    );
    const materia = modules.data.find((m) => m.module_name === 'materia');
    const path = kind === 'public' ? 'modules/update_public_settings' : 'modules/update_settings';
    await adminCall(path, { module_id: materia?.module_id, field, value });
  }

  it('edits lines in the company units and currency, totals them and dispenses', async () => {
    const prescription = await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: 1,
    });
    const id = prescription.prescription_id;
    // Two tinctures (measured by volume) with stock enough for the lines below.
    const products = await api<
      Array<{ dispensary_product_id: number; dispensary_product_name: string }>
    >(
      'dispensary_products/list',
      {
        filters: { dispensary_product_unit_kind: 'volume' },
        sort: '-dispensary_product_stock',
        limit: 2,
      },
      token,
    );
    const [first, second] = products.data;
    if (!first || !second) throw new Error('the demo dispensary has no tinctures');
    await api(
      'prescriptions/save_lines',
      {
        prescription_id: id,
        lines: [
          {
            prescription_line_dispensary_product_id: first.dispensary_product_id,
            prescription_line_quantity: 35,
            prescription_line_unit_kind: 'volume',
            prescription_line_price: 3.72,
          },
        ],
      },
      token,
    );
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    try {
      await page.goto(`/app/prescriptions/${id}`);
      const editor = editorOf(page);
      const line1 = editor.getByRole('group', { name: 'Line 1' });
      await expect
        .poll(() => line1.getByRole('textbox', { name: 'Quantity' }).inputValue())
        .toBe('35');
      expect(await line1.getByRole('textbox', { name: 'Price' }).inputValue()).toBe('£3.72');
      expect(await editor.getByRole('textbox', { name: 'Total price' }).inputValue()).toBe('£3.72');

      // A new line: a product, a quantity typed as "1.5 l", a price; the total follows.
      await editor.getByRole('button', { name: 'Add line' }).click();
      const line2 = editor.getByRole('group', { name: 'Line 2' });
      let answer = saved(page, /save_lines$/);
      await line2.getByRole('combobox', { name: 'Dispensary product' }).click();
      await line2
        .getByRole('combobox', { name: 'Dispensary product' })
        .fill(second.dispensary_product_name);
      await page
        .getByRole('listbox', { name: 'Dispensary product', exact: true })
        .getByRole('option', { name: second.dispensary_product_name })
        .click();
      await answer;
      answer = saved(page, /save_lines$/);
      await line2.getByRole('textbox', { name: 'Quantity' }).fill('1.5 l');
      await line2.getByRole('textbox', { name: 'Quantity' }).press('Tab');
      await answer;
      answer = saved(page, /save_lines$/);
      await line2.getByRole('textbox', { name: 'Price' }).fill('2.5');
      await line2.getByRole('textbox', { name: 'Price' }).press('Tab');
      await answer;
      await expect
        .poll(() => editor.getByRole('textbox', { name: 'Total price' }).inputValue())
        .toBe('£6.22');
      const lines = await api<Array<{ prescription_line_quantity: number }>>(
        'prescriptions/get_lines',
        { prescription_id: id },
        token,
      );
      expect(lines.data.map((l) => l.prescription_line_quantity)).toEqual([35, 1500]);

      // Imperial units and another currency, as the company settings say.
      await setSetting('public', 'units_imperial', 1);
      await setSetting('private', 'currency', 'EUR');
      await page.reload();
      await expect
        .poll(() => line1.getByRole('textbox', { name: 'Quantity' }).inputValue())
        .toBe('1.18');
      expect(await line1.getByRole('textbox', { name: 'Price' }).inputValue()).toBe('€3.72');

      // Dispensing asks first, then the prescription is read-only.
      await editor.getByRole('button', { name: 'Dispense' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Dispensing takes the quantities from stock. Continue?').waitFor();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await expect
        .poll(() => editor.getByRole('combobox', { name: 'Status' }).inputValue())
        .toBe('Dispensed');
      await expect.poll(() => editor.getByRole('button', { name: 'Add line' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await setSetting('public', 'units_imperial', 0);
      await setSetting('private', 'currency', 'GBP');
      await context.close();
    }
  });
});
