/**
 * Prescriptions: a formula built in the browser in imperial units, its running
 * totals, dispensing that moves dispensary stock, the read-only dispensed prescription, and the
 * printed prescription and label (print-emulated screenshots under test-results/). axe on the
 * prescription screen and the print page.
 */
import { randomBytes } from 'node:crypto';
import { seriousViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { amountIn, toBase } from '../../src/shared/units';
import { sharedBrowser, loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminToken, api, receiveStock } from './api';

const browser = sharedBrowser();
let token: UserToken;

beforeAll(async () => {
  token = await adminToken();
});

async function must<T>(path: string, payload: Record<string, unknown>): Promise<T> {
  const reply = await api<T>(path, payload, token);
  if (!reply.result) throw new Error(`${path}: ${JSON.stringify(reply.messages)}`);
  return reply.data;
}

async function setImperial(on: boolean) {
  const modules = await must<Array<{ module_id: number; module_name: string }>>(
    'modules/get_settings',
    {},
  );
  const materia = modules.find((m) => m.module_name === 'materia');
  await must('modules/update_public_settings', {
    module_id: materia?.module_id,
    field: 'units_imperial',
    value: on ? 1 : 0,
  });
}

const stockOf = async (id: number) =>
  (
    await must<{ dispensary_product_stock: number }>('dispensary_products/get', {
      dispensary_product_id: id,
    })
  ).dispensary_product_stock;

const saved = (page: Page, path: RegExp) =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname));

async function addLine(
  page: Page,
  index: number,
  product: string,
  quantity: string,
  price?: string,
) {
  const editor = page.getByRole('region', { name: 'Editor' });
  await editor.getByRole('button', { name: 'Add line' }).click();
  const line = editor.getByRole('group', { name: `Line ${index}` });
  const picker = line.getByRole('combobox', { name: 'Dispensary product' });
  let answer = saved(page, /save_lines$/);
  await picker.click();
  await picker.fill(product);
  await page
    .getByRole('listbox', { name: 'Dispensary product', exact: true })
    .getByRole('option', { name: product })
    .click();
  await answer;
  const typed =
    price === undefined
      ? [['Quantity', quantity]]
      : [
          ['Quantity', quantity],
          ['Price', price],
        ];
  for (const [name, value] of typed as Array<[string, string]>) {
    answer = saved(page, /save_lines$/);
    await line.getByRole('textbox', { name }).fill(value);
    await line.getByRole('textbox', { name }).press('Tab');
    await answer;
  }
}

describe('prescriptions: a formula in fl oz, totalled, dispensed from stock and printed', () => {
  const tag = randomBytes(3).toString('hex');
  const [nettle, lemonBalm] = [`Nettle ${tag}`, `Lemon balm ${tag}`];
  let nettleId = 0;
  let balmId = 0;
  let id = 0;
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let editor: ReturnType<Page['getByRole']>;
  /** The lines as stored, in the base unit. */
  let lines: Array<{ prescription_line_quantity: number }> = [];
  const total = (label: string) =>
    editor
      .getByRole('table', { name: 'Totals' })
      .getByRole('row', { name: new RegExp(`^${label}`) })
      .getByRole('cell')
      .innerText();

  beforeAll(async () => {
    const patient = await must<{ patient_id: number }>('patients/insert', {
      patient_first_name: 'Ivy',
      patient_last_name: `Formula ${tag}`,
    });
    const product = async (name: string, pricePer100ml = 0) => {
      const made = await must<{ dispensary_product_id: number }>('dispensary_products/insert', {
        dispensary_product_name: name,
        dispensary_product_unit_kind: 'volume',
        dispensary_product_price: pricePer100ml,
      });
      await receiveStock(made.dispensary_product_id, toBase(1, 'l'));
      return made.dispensary_product_id;
    };
    nettleId = await product(nettle, 12);
    balmId = await product(lemonBalm);
    ({ prescription_id: id } = await must<{ prescription_id: number }>('prescriptions/insert', {
      prescription_patient_id: patient.patient_id,
      prescription_dose_instructions: '1 teaspoon three times a day in a little water',
    }));
    await setImperial(true);
    opened = await openPage(browser);
    page = opened.page;
    editor = page.getByRole('region', { name: 'Editor' });
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await setImperial(false);
    await opened?.context.close();
  });

  it('opens the new prescription with no lines', async () => {
    await page.goto(`/app/prescriptions/${id}`);
    await editor.getByText('No lines yet.').waitFor();
  });

  it('prices a line from its product or as typed, in fl oz, and totals them', async () => {
    // Bare numbers are fluid ounces in an imperial company; prices in the company currency.
    // The first line is priced from its product (£12 per 100 ml): 2 fl oz = 59.15 ml.
    await addLine(page, 1, nettle, '2');
    expect(
      await editor
        .getByRole('group', { name: 'Line 1' })
        .getByRole('textbox', { name: 'Price' })
        .inputValue(),
    ).toBe('£7.10');
    await addLine(page, 2, lemonBalm, '1.5 fl oz', '3.27');
    await expect.poll(() => total('Total volume')).toBe('3.5 fl oz');
    expect(await total('Total price')).toBe('£10.37');
    expect(await editor.getByRole('textbox', { name: 'Total price' }).inputValue()).toBe('£10.37');
  });

  it('says from the daily dose and days whether the formula lasts', async () => {
    // The daily dose and days say whether the formula lasts.
    let answer = saved(page, /prescriptions\/update$/);
    await editor.getByRole('textbox', { name: 'Dose per day' }).fill('0.5');
    await editor.getByRole('textbox', { name: 'Dose per day' }).press('Tab');
    await answer;
    answer = saved(page, /prescriptions\/update$/);
    await editor.getByRole('textbox', { name: 'Days' }).fill('10');
    await editor.getByRole('textbox', { name: 'Days' }).press('Tab');
    await answer;
    await expect
      .poll(() => total('Supply'))
      .toBe('Lasts 7 days; 5 fl oz needed for 10 days (1.5 fl oz short)');
    lines = await must<Array<{ prescription_line_quantity: number }>>('prescriptions/get_lines', {
      prescription_id: id,
    });
    expect(lines.map((l) => l.prescription_line_quantity)).toEqual([
      Math.round(toBase(2, 'floz') * 1000) / 1000,
      Math.round(toBase(1.5, 'floz') * 1000) / 1000,
    ]);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await editor
      .locator('[data-slot="prescription_lines"]')
      .screenshot({ path: screenshotPath('prescription-lines-imperial') });
  });

  it('dispenses after a confirmation: stock taken, prescription read-only', async () => {
    // Dispensing asks first, takes the stock, and leaves the prescription read-only.
    await editor.getByRole('button', { name: 'Dispense' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Dispensed');
    expect(await stockOf(nettleId)).toBeCloseTo(1000 - lines[0]!.prescription_line_quantity, 3);
    expect(await stockOf(balmId)).toBeCloseTo(1000 - lines[1]!.prescription_line_quantity, 3);
    await expect.poll(() => editor.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    expect(await editor.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true);
    // Why, said once above the fields rather than under each of them.
    expect(await editor.getByTestId('row-lock').innerText()).toBe(
      'A dispensed prescription can not be changed.',
    );
    expect(await editor.getByText('A dispensed prescription can not be changed.').count()).toBe(1);
    expect(await editor.getByRole('button', { name: 'Dispense' }).isDisabled()).toBe(true);
  });

  it("shows what is left of the dispensary product in the company's units", async () => {
    // The dispensary product shows what is left, in the company's units.
    await page.goto(`/app/dispensary_products/${nettleId}`);
    await expect
      .poll(() => editor.getByRole('textbox', { name: 'In stock' }).inputValue())
      .toBe(amountIn(await stockOf(nettleId), 'fl oz'));
  });

  it('prints the prescription on the printing layout', async () => {
    // The print buttons open the printing layout; the page is ready for the browser's print.
    await page.goto(`/app/prescriptions/${id}`);
    const [printPage] = await Promise.all([
      opened.context.waitForEvent('page'),
      editor.getByRole('button', { name: 'Print prescription' }).click(),
    ]);
    await printPage.waitForURL(new RegExp(`/printing/prescriptions/${id}$`));
    const sheet = printPage.locator('[data-print="prescription"]');
    await sheet.waitFor();
    const text = await sheet.innerText();
    for (const expected of [
      `Formula ${tag}, Ivy`,
      'Practitioner',
      `${nettle}\n2 fl oz`,
      `${lemonBalm}\n1.5 fl oz`,
      '1 teaspoon three times a day in a little water',
      '0.5 fl oz',
      '£10.37',
    ]) {
      expect(text.replace(/\t/g, '\n')).toContain(expected);
    }
    await printPage.waitForLoadState('networkidle');
    expect(await seriousViolations(printPage)).toEqual([]);
    await printPage.emulateMedia({ media: 'print' });
    expect(await printPage.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await printPage.screenshot({ path: screenshotPath('prescription-print'), fullPage: true });
  });

  it('prints the label', async () => {
    const [labelPage] = await Promise.all([
      opened.context.waitForEvent('page'),
      editor.getByRole('button', { name: 'Print label' }).click(),
    ]);
    const label = labelPage.locator('[data-print="label"]');
    await label.waitFor();
    const labelText = await label.innerText();
    expect(labelText).toContain(`Formula ${tag}, Ivy`);
    expect(labelText).toContain('3.5 fl oz');
    expect(labelText).toContain('0.5 fl oz per day');
    await labelPage.screenshot({ path: screenshotPath('prescription-label-screen') });
    await labelPage.emulateMedia({ media: 'print' });
    await labelPage.screenshot({ path: screenshotPath('prescription-label'), fullPage: true });
  });

  it('saw no browser errors', () => {
    expect(opened.errors).toEqual([]);
  });
});
