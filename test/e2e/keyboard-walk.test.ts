/**
 * Issue 15, item 6: the main flows with the keyboard alone — find a patient, edit a field, add a
 * prescription with a line, dispense it and print it. After signing in, no click: Tab to a
 * control (by its name), type, Enter; the screens are opened by their address.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toBase } from '../../src/shared/units';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { insertRow, receiveStock } from './api';
import { editorOf, screenBrowser } from './screen-tests';

const browser = screenBrowser();

/** The focused element's name as a user hears it: aria-label, its label, or its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled.split(' ')[0] ?? '') : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    return (el.getAttribute('aria-label') ?? byId?.textContent ?? label ?? el.textContent ?? '')
      .replace(/\s*\*\s*$/, '')
      .trim();
  });

/** Presses Tab until the focus is on a control named `name` (at most 80 presses). */
async function tabTo(page: Page, name: string | RegExp): Promise<void> {
  const matches = (text: string) => (typeof name === 'string' ? text === name : name.test(text));
  for (let presses = 0; presses < 80; presses += 1) {
    if (matches(await focusedName(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

const answered = (page: Page, path: RegExp) =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname));

/** Types into the focused combobox and takes the one option left that matches. */
async function pick(page: Page, text: string) {
  await page.keyboard.type(text);
  const options = page.getByRole('listbox').last().getByRole('option');
  await expect
    .poll(async () => (await options.allInnerTexts()).map((t) => t.includes(text)))
    .toEqual([true]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

describe('the main flows without a mouse', () => {
  it('finds a patient, edits a field, adds a prescription, dispenses and prints it', async () => {
    const tag = randomBytes(3).toString('hex');
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Kay',
      patient_last_name: `Board ${tag}`,
    });
    const product = `Keyed tincture ${tag}`;
    const made = await insertRow<{ dispensary_product_id: number }>('dispensary_products', {
      dispensary_product_name: product,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 10,
    });
    await receiveStock(made.dispensary_product_id, toBase(1, 'l'));
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);

    // Find the patient: search, then the list is one tab stop and Enter opens the row.
    await page.goto('/app/patients');
    await page.getByRole('listbox', { name: 'Patients list' }).waitFor();
    await tabTo(page, 'Search');
    await page.keyboard.type(`Board ${tag}`);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('option', { name: new RegExp(`Board ${tag}`) }).count())
      .toBe(1);
    await tabTo(page, new RegExp(`Board ${tag}`));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith(`/app/patients/${patient.patient_id}`));

    // Edit a field: it saves on leaving it.
    await editorOf(page).getByRole('textbox', { name: 'Occupation' }).waitFor();
    await tabTo(page, 'Occupation');
    await page.keyboard.type('Gardener');
    let saved = answered(page, /patients\/update$/);
    await page.keyboard.press('Tab');
    await saved;

    // Add a prescription for the patient.
    await page.goto('/app/prescriptions');
    await page.getByRole('listbox', { name: 'Prescriptions list' }).waitFor();
    await tabTo(page, 'Add');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add prescription' });
    await dialog.waitFor();
    await tabTo(page, 'Patient');
    await pick(page, `Board ${tag}`);
    await tabTo(page, 'Add');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/app\/prescriptions\/\d+/);
    const id = Number(new URL(page.url()).pathname.split('/')[3]);

    // A line: the product picked and a quantity typed.
    await editorOf(page).getByText('No lines yet.').waitFor();
    await tabTo(page, 'Add line');
    await page.keyboard.press('Enter');
    await editorOf(page).getByRole('group', { name: 'Line 1', exact: true }).waitFor();
    await tabTo(page, 'Dispensary product');
    saved = answered(page, /save_lines$/);
    await pick(page, product);
    await saved;
    await tabTo(page, 'Quantity');
    await page.keyboard.type('50');
    saved = answered(page, /save_lines$/);
    await page.keyboard.press('Tab');
    await saved;

    // Dispense, confirmed from the keyboard.
    await tabTo(page, 'Dispense');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.waitFor();
    await tabTo(page, 'OK');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editorOf(page).getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Dispensed');

    // Print: the printing layout opens in a new tab.
    await tabTo(page, 'Print prescription');
    const [printPage] = await Promise.all([
      context.waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await printPage.waitForURL(new RegExp(`/printing/prescriptions/${id}$`));
    const sheet = printPage.locator('[data-print="prescription"]');
    await sheet.waitFor();
    await printPage.screenshot({ path: screenshotPath('keyboard-walk-print') });
    const printed = await sheet.innerText();
    expect(printed).toContain(`Board ${tag}, Kay`);
    expect(printed).toContain(product);
    expect(errors).toEqual([]);
    await context.close();
  });
});
