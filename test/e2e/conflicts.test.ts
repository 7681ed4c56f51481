/**
 * Lost updates in the editor: a colleague saves a field while it is open here;
 * saving it here then shows who changed it, with Reload (show their change) and Overwrite (save
 * this value over it), and each does what it says. A colleague's change of another field is no
 * conflict: both changes stay and both show.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { loginAsAdmin, openPage, screenshotPath, sharedBrowser } from '../support/browser';
import { adminToken, api, createUser, insertRow, receiveStock } from './api';

const browser = sharedBrowser();
let admin: UserToken;
let colleague: UserToken;

beforeAll(async () => {
  admin = await adminToken();
  const anna = await createUser({ firstName: 'Anna', groupIds: [1] });
  const login = await api<{ user_token: UserToken }>('users/login', {
    user_email: anna.email,
    password: anna.password,
  });
  colleague = login.data.user_token;
});

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const answered = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/patients/update'));
const CONFLICT = /Anna Tester changed "Notes" at \d\d:\d\d UTC, after you opened this record\./;

/** The colleague's save, made elsewhere while the record is open here. */
async function colleagueSaves(id: number, field: string, value: string) {
  const reply = await api('patients/update', { patient_id: id, field, value }, colleague);
  expect(reply.result).toBe(true);
}

const notesOf = async (id: number) =>
  (await api<{ patient_notes: string }>('patients/get', { patient_id: id }, admin)).data
    .patient_notes;

/** A new patient with a note, open on the clinical tab as the admin, its note shown. */
async function openPatientNotes(firstName: string) {
  const tag = randomBytes(3).toString('hex');
  const patient = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: `${firstName}${tag}`,
    patient_last_name: 'Conflict',
    patient_notes: 'Original',
  });
  const opened = await openPage(browser);
  await loginAsAdmin(opened.page);
  await opened.page.goto(`/app/patients/${patient.patient_id}/clinical`);
  const notes = editorOf(opened.page).getByRole('textbox', { name: 'Notes' });
  await expect.poll(() => notes.inputValue()).toBe('Original');
  return { ...opened, id: patient.patient_id, notes, tag };
}

describe('a field changed by a colleague while it is open', () => {
  it('names who changed it and offers Reload and Overwrite, each doing what it says', async () => {
    const { page, context, errors, id, notes } = await openPatientNotes('Cora');
    const dialog = page.getByRole('dialog', { name: 'Changed by someone else' });

    // Reload: the colleague's note shows, and it stays stored.
    await colleagueSaves(id, 'patient_notes', 'Colleague note');
    let answer = answered(page);
    await notes.fill('My note');
    await notes.press('Tab');
    expect((await answer).status()).toBe(409);
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(CONFLICT);
    // The picture once the dialog has faded in.
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await page.screenshot({ path: screenshotPath('conflict-dialog') });
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => notes.inputValue()).toBe('Colleague note');
    expect(await notesOf(id)).toBe('Colleague note');

    // Overwrite: this user's note replaces the colleague's newer one, deliberately.
    await colleagueSaves(id, 'patient_notes', 'Second colleague note');
    answer = answered(page);
    await notes.fill('My deliberate note');
    await notes.press('Tab');
    expect((await answer).status()).toBe(409);
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(CONFLICT);
    answer = answered(page);
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    expect((await answer).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => notes.inputValue()).toBe('My deliberate note');
    expect(await notesOf(id)).toBe('My deliberate note');

    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await context.close();
  });

  it('keeps both changes when the colleague changed another field', async () => {
    const { page, context, errors, id, notes, tag } = await openPatientNotes('Bea');
    await colleagueSaves(id, 'patient_reference_number', `R${tag}`);
    const answer = answered(page);
    await notes.fill('Mine');
    await notes.press('Tab');
    expect((await answer).status()).toBe(200);
    expect(await notesOf(id)).toBe('Mine');
    await page.getByRole('tab', { name: 'Details' }).click();
    const reference = editorOf(page).getByRole('textbox', { name: 'Reference number' });
    await expect.poll(() => reference.inputValue()).toBe(`R${tag}`);
    expect(await page.getByRole('dialog', { name: 'Changed by someone else' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the stock a dispense moved, which no screen can type over', async () => {
    const tag = randomBytes(3).toString('hex');
    const product = await insertRow<{ dispensary_product_id: number }>('dispensary_products', {
      dispensary_product_name: `Stock ${tag}`,
      dispensary_product_unit_kind: 'volume',
    });
    const id = product.dispensary_product_id;
    await receiveStock(id, 1_000_000);
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/dispensary_products/${id}`);
    const stock = editorOf(page).getByRole('textbox', { name: 'In stock' });
    await expect.poll(() => stock.inputValue()).not.toBe('');
    // On hand is the stock ledger's sum: shown, never typed.
    expect(await stock.isEditable()).toBe(false);

    // The colleague dispenses 100 ml of it meanwhile.
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: `Sam${tag}`,
      patient_last_name: 'Stock',
    });
    const prescription = await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patient.patient_id,
    });
    const line = {
      prescription_line_dispensary_product_id: id,
      prescription_line_quantity: 100_000,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: 0,
    };
    const ids = { prescription_id: prescription.prescription_id };
    expect(
      (await api('prescriptions/save_lines', { ...ids, lines: [line] }, colleague)).result,
    ).toBe(true);
    expect((await api('prescriptions/dispense', ids, colleague)).result).toBe(true);
    const stored = await api<{ dispensary_product_stock: number }>(
      'dispensary_products/get',
      { dispensary_product_id: id },
      admin,
    );
    expect(stored.data.dispensary_product_stock).toBe(900_000);
    expect(errors).toEqual([]);
    await context.close();
  });
});
