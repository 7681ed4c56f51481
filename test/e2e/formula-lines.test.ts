/**
 * Every line real, removed lines gone (issue 43 #2, #3, #6): a formula of two Yarrow lines and an
 * unsaved empty line loses one Yarrow line for good — after a reload it is still gone — and is
 * dispensed from Yarrow's tincture (the herb's product), stock taken for the one line left. The
 * dashboard shows a batch that expired ten days ago as expired, in red, apart from the expiring
 * ones. Screenshots at 1440 and 375 px under test-results/.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayDate } from '../../src/shared/show-value';
import { todayIso } from '../../src/shared/iso-date';
import { SMALL, loginAsAdmin, openPage, screenshotPath, sharedBrowser } from '../support/browser';
import { adminCall, receiveStock } from './api';

const browser = sharedBrowser();
const tag = randomBytes(3).toString('hex');
const daysFromToday = (days: number) => {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const saved = (page: Page, path: RegExp) =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname));
const stockOf = async (id: number) =>
  (
    await adminCall<{ dispensary_product_stock: number }>('dispensary_products/get', {
      dispensary_product_id: id,
    })
  ).dispensary_product_stock;

describe('a removed line stays removed, and the formula is dispensed from the herb’s product', () => {
  const yarrow = `Yarrow ${tag}`;
  let tincture = 0;
  let id = 0;
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;

  beforeAll(async () => {
    const herb = await adminCall<{ herb_id: number }>('herbs/insert', { herb_name: yarrow });
    ({ dispensary_product_id: tincture } = await adminCall<{ dispensary_product_id: number }>(
      'dispensary_products/insert',
      {
        dispensary_product_name: `${yarrow} tincture`,
        dispensary_product_unit_kind: 'volume',
        dispensary_product_herb_id: herb.herb_id,
        dispensary_product_price: 10,
      },
    ));
    await receiveStock(tincture, 1000, { batch_expiry: daysFromToday(300) });
    const patient = await adminCall<{ patient_id: number }>('patients/insert', {
      patient_first_name: 'Rue',
      patient_last_name: `Lines ${tag}`,
    });
    ({ prescription_id: id } = await adminCall<{ prescription_id: number }>(
      'prescriptions/insert',
      { prescription_patient_id: patient.patient_id },
    ));
    opened = await openPage(browser);
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  const editor = () => page.getByRole('region', { name: 'Editor' });
  const line = (n: number) => editor().getByRole('group', { name: `Line ${n}` });

  async function addHerbLine(n: number, quantity: string) {
    await editor().getByRole('button', { name: 'Add line' }).click();
    const picker = line(n).getByRole('combobox', { name: 'Herb' });
    let answer = saved(page, /save_lines$/);
    await picker.click();
    await picker.fill(yarrow);
    await page
      .getByRole('listbox', { name: 'Herb', exact: true })
      .getByRole('option', { name: yarrow })
      .click();
    await answer;
    answer = saved(page, /save_lines$/);
    await line(n).getByRole('textbox', { name: 'Quantity' }).fill(quantity);
    await line(n).getByRole('textbox', { name: 'Quantity' }).press('Tab');
    await answer;
  }

  it('removes one of two Yarrow lines while an empty line is open, and it stays removed', async () => {
    await page.goto(`/app/prescriptions/${id}`);
    await editor().getByText('No lines yet.').waitFor();
    await addHerbLine(1, '30');
    await addHerbLine(2, '20');
    // The same herb twice is a warning beside the second line.
    await line(2).locator('[data-warning="duplicate"]').waitFor();
    await editor().getByRole('button', { name: 'Add line' }).click();
    await line(3).waitFor(); // empty: names nothing yet, so it is not saved
    const answer = saved(page, /save_lines$/);
    await editor().getByRole('button', { name: 'Remove line 2' }).click();
    expect((await answer).ok()).toBe(true);
    await expect
      .poll(() =>
        editor()
          .getByRole('group', { name: /^Line \d$/ })
          .count(),
      )
      .toBe(2);
    await page.screenshot({ path: screenshotPath('formula-removed-line-1440'), fullPage: true });

    await page.reload();
    await line(1).waitFor();
    await expect
      .poll(() =>
        editor()
          .getByRole('group', { name: /^Line \d$/ })
          .count(),
      )
      .toBe(1);
    const stored = await adminCall<Array<{ prescription_line_quantity: number }>>(
      'prescriptions/get_lines',
      { prescription_id: id },
    );
    expect(stored.map((l) => l.prescription_line_quantity)).toEqual([30]);
    expect(await line(1).locator('[data-warning="duplicate"]').count()).toBe(0);
  });

  it('dispenses the one Yarrow line from its tincture', async () => {
    await editor().getByRole('button', { name: 'Dispense' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => editor().getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Dispensed');
    expect(await stockOf(tincture)).toBe(970);
    const [taken] = await adminCall<Array<Record<string, unknown>>>('prescriptions/get_lines', {
      prescription_id: id,
    });
    expect(taken).toMatchObject({
      prescription_line_dispensary_product_id: tincture,
      prescription_line_price: 3,
    });
    await page.setViewportSize(SMALL);
    await page.screenshot({ path: screenshotPath('formula-dispensed-375'), fullPage: true });
    expect(opened.errors).toEqual([]);
  });
});

describe('the dashboard: an expired batch is expired, never expiring', () => {
  it('lists a batch that expired ten days ago under "Expired batches", in red', async () => {
    const name = `Old tincture ${tag}`;
    const product = await adminCall<{ dispensary_product_id: number }>(
      'dispensary_products/insert',
      { dispensary_product_name: name, dispensary_product_unit_kind: 'volume' },
    );
    const expiry = daysFromToday(-10);
    const lot = `OLD-${tag}`;
    await receiveStock(product.dispensary_product_id, 250, {
      batch_name: lot,
      batch_expiry: expiry,
    });
    const opened = await openPage(browser);
    const page = opened.page;
    try {
      await loginAsAdmin(page);
      await page.goto('/app');
      const alerts = page.getByRole('region', { name: 'Reorder and expiry' });
      const expired = alerts.getByRole('table', { name: 'Expired batches' });
      const row = expired.getByRole('row', { name: new RegExp(`${name} — ${lot}`) });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(1).innerText()).toBe(`Expired ${displayDate(expiry)}`);
      // Red: the theme's negative colour, its red channel well above the others.
      const colour = await row
        .getByRole('cell')
        .nth(1)
        .evaluate((cell) => getComputedStyle(cell).color);
      const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
      expect(r, colour).toBeGreaterThan(Math.max(g, b) + 60);
      const expiring = alerts.getByRole('table', { name: 'Expiring batches' });
      expect(await expiring.getByRole('link', { name: `${name} — ${lot}` }).count()).toBe(0);
      await expired.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('dashboard-expired-1440'), fullPage: true });
      await page.setViewportSize(SMALL);
      await expired.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath('dashboard-expired-375'), fullPage: true });
      expect(opened.errors).toEqual([]);
    } finally {
      await opened.context.close();
    }
  });
});
