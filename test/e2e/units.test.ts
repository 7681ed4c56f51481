/**
 * Units read naturally in an imperial clinic: the dashboard's stock line reads in one unit, the
 * stock editor shows a bare amount beside its unit (never "1.1 lb" beside "oz"), and the prices of
 * stock read per oz / per fl oz with their labels saying so — screenshots at 1440 and 375 px.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBase } from '../../src/shared/units';
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
const tag = randomBytes(3).toString('hex');
const name = `Slippery elm ${tag}`;
let productId = 0;

const setImperial = (on: boolean) => setProductSetting('public', 'units_imperial', on ? 1 : 0);

beforeAll(async () => {
  await setImperial(true);
  // 200 g against a reorder level of 500 g: the lowest on the dashboard (40 %).
  ({ dispensary_product_id: productId } = await insertRow<{ dispensary_product_id: number }>(
    'dispensary_products',
    {
      dispensary_product_name: name,
      dispensary_product_form: 'powder',
      dispensary_product_unit_kind: 'weight',
      dispensary_product_reorder_level: toBase(500, 'g'),
      dispensary_product_price: 10, // per 100 g, as stored
    },
  ));
  await receiveStock(productId, toBase(200, 'g'));
});

afterAll(async () => {
  // The product stays: with a batch received it keeps its stock's trail (it can not be deleted).
  await setImperial(false);
});

const editor = (page: Page) => page.getByRole('region', { name: 'Editor' });

describe.each([
  ['wide', WIDE],
  ['small', SMALL],
] as const)('imperial units (%s)', (size, viewport) => {
  it('reads the stock line in one unit', async () => {
    const { page, context, errors } = await openPage(browser, { viewport });
    await loginAsAdmin(page);
    const line = page.locator('li', { has: page.getByRole('link', { name }) });
    // One unit: "7.05 oz of 17.64 oz", not "7.05 oz of 1.1 lb".
    await expect.poll(() => line.getByText(/ of /).innerText()).toBe('7.05 oz of 17.64 oz (40%)');
    await page.screenshot({ path: screenshotPath(`units-dashboard-${size}`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows stock as a bare amount beside its unit, and prices per oz', async () => {
    const { page, context, errors } = await openPage(browser, { viewport });
    await loginAsAdmin(page);
    await page.goto(`/app/dispensary_products/${productId}`);
    const stock = editor(page).getByRole('textbox', { name: 'In stock' });
    await expect.poll(() => stock.inputValue()).toBe('7.05');
    // The unit beside it (the input's wrapper holds the input and its unit).
    expect((await stock.locator('xpath=..').innerText()).trim()).toBe('oz');
    // £10 per 100 g is £2.83 per oz; the label says per what.
    const price = editor(page).getByRole('textbox', { name: 'Price per oz' });
    await expect.poll(() => price.inputValue()).toBe('£2.83');
    expect(await editor(page).getByText('per 100 g').count()).toBe(0);
    await editor(page).getByText('Stock and price').scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(`units-editor-${size}`) });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a price typed per oz', () => {
  it('is stored per 100 g', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/dispensary_products/${productId}`);
    const price = editor(page).getByRole('textbox', { name: 'Price per oz' });
    await expect.poll(() => price.inputValue()).toBe('£2.83');
    const saved = page.waitForResponse((r) => r.url().endsWith('/dispensary_products/update'));
    await price.fill('3');
    await price.press('Tab');
    await saved;
    const row = await adminCall<{ dispensary_product_price: number }>('dispensary_products/get', {
      dispensary_product_id: productId,
    });
    // £3 per oz = £10.58 per 100 g.
    expect(row.dispensary_product_price).toBeCloseTo(10.5822, 4);
    await context.close();
  });
});
