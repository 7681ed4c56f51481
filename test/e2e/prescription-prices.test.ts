/**
 * Prescription prices, printouts and repeats in the browser: a formula with a dispensing fee, a
 * container fee and tax shows the same breakdown and total in the editor (totals and the Total
 * price field), on the print page, the label's details and the receipt; "Repeat prescription"
 * opens a new draft with the lines; the patient's history shows both formulas with their dose.
 * Screenshots at 1440 and 375 px; axe on the editor, the print page and the receipt.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import {
  loginAsAdmin,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminCall, insertRow, receiveStock, setProductSetting } from './api';

const browser = sharedBrowser();

const SETTINGS: Array<[string, string | number, string | number]> = [
  // field, value for the test, value after it
  ['dispensing_fee', 2.5, 0],
  ['container_fee', 1.2, 0],
  ['tax_rate', 20, 0],
  ['clinic_address', '12 Mill Lane, Bath BA1 1AA', ''],
  ['clinic_phone', '01225 000000', ''],
];
/** 7.77 of lines + 2.50 + 1.20 = 11.47 net, 20 % tax 2.29: £13.76 everywhere. */
const BREAKDOWN = [
  ['Lines', '£7.77'],
  ['Dispensing fee', '£2.50'],
  ['Container fee', '£1.20'],
  ['Tax (20 %)', '£2.29'],
];
const TOTAL = '£13.76';

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The rows of a table of label/amount pairs, as "Label Amount" strings. */
const rowsOf = async (page: Page, selector: string) =>
  (await page.locator(selector).allInnerTexts()).map((t) => flat(t).trim());

describe('prescription prices, printouts and repeat', () => {
  const tag = randomBytes(3).toString('hex');
  const last = `Priced ${tag}`;
  let id = 0;
  let patientId = 0;
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;

  beforeAll(async () => {
    for (const [field, value] of SETTINGS) await setProductSetting('private', field, value);
    ({ patient_id: patientId } = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Hazel',
      patient_last_name: last,
      patient_dob: '1980-05-06',
      patient_address_line1: '3 Orchard Row',
      patient_city: 'Wells',
      patient_postcode: 'BA5 2AB',
    }));
    const product = async (name: string) => {
      const { dispensary_product_id: made } = await insertRow<{ dispensary_product_id: number }>(
        'dispensary_products',
        {
          dispensary_product_name: `${name} ${tag}`,
          dispensary_product_unit_kind: 'volume',
          dispensary_product_price: 9,
        },
      );
      await receiveStock(made, 1000);
      return made;
    };
    const [nettle, balm] = [await product('Nettle'), await product('Lemon balm')];
    ({ prescription_id: id } = await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patientId,
      prescription_dose_instructions: '5 ml three times a day',
      prescription_daily_dose: 15,
      prescription_days: 5,
    }));
    const line = (product: number, quantity: number, price: number) => ({
      prescription_line_dispensary_product_id: product,
      prescription_line_quantity: quantity,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: price,
    });
    await adminCall('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(nettle, 50, 4.5), line(balm, 30, 3.27)],
    });
    opened = await openPage(browser);
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    for (const [field, , after] of SETTINGS) await setProductSetting('private', field, after);
    await opened?.context.close();
  });

  it('shows one breakdown and total in the editor, the print page, the label and the receipt', async () => {
    const editor = editorOf(page);
    await page.goto(`/app/prescriptions/${id}`);
    const totals = editor.getByRole('table', { name: 'Totals' });
    await expect
      .poll(() => totals.locator('[data-total="Total price"] td').innerText())
      .toBe(TOTAL);
    expect(await rowsOf(page, '[data-totals] tr')).toEqual(
      expect.arrayContaining([...BREAKDOWN, ['Total price', TOTAL]].map((r) => r.join(' '))),
    );
    expect(await editor.getByRole('textbox', { name: 'Total price' }).inputValue()).toBe(TOTAL);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await editor
      .locator('[data-slot="prescription_lines"]')
      .screenshot({ path: screenshotPath('prescription-prices-1440') });

    const printed = async (button: string, path: string, selector: string) => {
      const [sheet] = await Promise.all([
        opened.context.waitForEvent('page'),
        editor.getByRole('button', { name: button }).click(),
      ]);
      await sheet.waitForURL(new RegExp(`/printing/prescriptions/${id}${path}$`));
      await sheet.locator(selector).waitFor();
      return sheet;
    };
    const sheet = await printed('Print prescription', '', '[data-print="prescription"]');
    const text = flat(await sheet.locator('[data-print="prescription"]').innerText());
    for (const expected of [
      '12 Mill Lane, Bath BA1 1AA',
      'Phone 01225 000000',
      'Date of birth: 06/05/1980',
      'Address: 3 Orchard Row, Wells, BA5 2AB',
    ])
      expect(text).toContain(expected);
    expect(await rowsOf(sheet, '[data-price]')).toEqual(
      [...BREAKDOWN, ['Total', TOTAL]].map(([label, amount]) =>
        label === 'Total' ? `Total 80 ml ${amount}` : `${label} ${amount}`,
      ),
    );
    await sheet.waitForLoadState('networkidle');
    expect(await seriousViolations(sheet)).toEqual([]);
    await sheet.close();

    const label = await printed('Print label', '/label', '[data-print="label"]');
    const labelText = flat(await label.locator('[data-print="label"]').innerText());
    for (const expected of [
      `${last}, Hazel`,
      '5 ml three times a day; 15 ml per day',
      'Keep out of the reach of children',
      '12 Mill Lane, Bath BA1 1AA · Phone 01225 000000',
    ])
      expect(labelText).toContain(expected);
    await label.emulateMedia({ media: 'print' });
    await label.screenshot({ path: screenshotPath('prescription-prices-label'), fullPage: true });
    await label.close();

    // Dispensed, it has a receipt with the same figures.
    await editor.getByRole('button', { name: 'Dispense' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Dispensed');
    const receipt = await printed('Print receipt', '/receipt', '[data-print="receipt"]');
    expect(await rowsOf(receipt, '[data-price]')).toEqual(
      [...BREAKDOWN, ['Total', TOTAL]].map(([l, amount]) =>
        l === 'Total' ? `Total 80 ml ${amount}` : `${l} ${amount}`,
      ),
    );
    await receipt.waitForLoadState('networkidle');
    expect(await seriousViolations(receipt)).toEqual([]);
    await receipt.screenshot({ path: screenshotPath('prescription-receipt-1440'), fullPage: true });
    await receipt.setViewportSize(SMALL);
    await receipt.screenshot({ path: screenshotPath('prescription-receipt-375'), fullPage: true });
    await receipt.close();
  });

  it('repeats the dispensed prescription into a new draft with its lines, seen in the history', async () => {
    const editor = editorOf(page);
    await editor.getByRole('button', { name: 'Repeat prescription' }).click();
    await page.waitForURL(
      (url) => /\/app\/prescriptions\/\d+/.test(url.pathname) && !url.pathname.endsWith(`/${id}`),
    );
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Draft');
    await expect.poll(() => editor.locator('[data-line]').count()).toBe(2);
    await expect
      .poll(() =>
        editor
          .getByRole('table', { name: 'Totals' })
          .locator('[data-total="Total price"] td')
          .innerText(),
      )
      .toBe(TOTAL);
    expect(await editor.getByText('No lines yet.').count()).toBe(0);
    await page.setViewportSize(SMALL);
    const slot = editor.locator('[data-slot="prescription_lines"]');
    await slot.waitFor();
    await slot.screenshot({ path: screenshotPath('prescription-repeat-375') });

    await page.goto(`/app/patients/${patientId}/history`);
    const formulas = editorOf(page).locator('[data-formula]');
    await expect.poll(() => formulas.count()).toBe(2);
    for (const text of await formulas.allInnerTexts()) {
      expect(text).toBe(
        `Nettle ${tag} 50 ml, Lemon balm ${tag} 30 ml — 5 ml three times a day; 15 ml a day for 5 days`,
      );
    }
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('prescription-history-375'), fullPage: true });
    await page.setViewportSize(WIDE);
  });

  it('saw no browser errors', () => {
    expect(opened.errors).toEqual([]);
  });
});
