/**
 * The formula editor as a compact table (issue 43 #3): at 1440 px every line is one row whose
 * cells show their whole value (long product and herb names, the quantity with its measure, the
 * price); at 375 px each line is a card whose quantity and remove button are on screen. A herb
 * picked on a line with no product brings the herb's default product (the dispense's rule,
 * src/shared/dispensable-lines.ts) and its price at once, so a formula printed before dispensing
 * is priced. Screenshots at 1440 and 375 px, light and dark, under test-results/.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, loginAsAdmin, screenshotPath, SMALL, WIDE } from '../support/browser';
import { adminCall, insertRow, receiveStock } from './api';
import { editorOf, screenBrowser } from './screen-tests';

const browser = screenBrowser();
const tag = randomBytes(3).toString('hex');

/** Names as long as a real dispensary's (saved through the API, so no tag to find them by). */
const HERBS = [
  ['German chamomile', 'German chamomile tincture 1:5'],
  ['Ashwagandha', 'Ashwagandha root extract 1:2'],
  ['Passionflower', 'Passionflower herb tincture 1:5'],
] as const;

const saved = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/save_lines'));

/** The controls of a line whose text runs past their box (truncated or scrolled), by name. */
async function truncated(line: Locator): Promise<string[]> {
  return line.evaluate((fieldset) =>
    [...fieldset.querySelectorAll('input')]
      .filter((input) => input.type !== 'hidden' && input.scrollWidth > input.clientWidth + 1)
      .map((input) => `${input.getAttribute('aria-label') ?? input.id}: ${input.value}`),
  );
}

describe('the formula editor as a compact table', () => {
  const herbIds: number[] = [];
  const productIds: number[] = [];
  let id = 0;
  let valerian = '';
  let valerianProduct = '';

  beforeAll(async () => {
    for (const [herb, product] of HERBS) {
      const { herb_id } = await insertRow<{ herb_id: number }>('herbs', {
        herb_name: herb,
      });
      const { dispensary_product_id } = await insertRow<{ dispensary_product_id: number }>(
        'dispensary_products',
        {
          dispensary_product_name: product,
          dispensary_product_unit_kind: 'volume',
          dispensary_product_herb_id: herb_id,
          dispensary_product_price: 12.5,
        },
      );
      await receiveStock(dispensary_product_id, 1000);
      herbIds.push(herb_id);
      productIds.push(dispensary_product_id);
    }
    valerian = `Valerian ${tag}`;
    valerianProduct = `Valerian root tincture 1:5 ${tag}`;
    const { herb_id } = await insertRow<{ herb_id: number }>('herbs', { herb_name: valerian });
    const product = await insertRow<{ dispensary_product_id: number }>('dispensary_products', {
      dispensary_product_name: valerianProduct,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_herb_id: herb_id,
      dispensary_product_price: 8,
    });
    await receiveStock(product.dispensary_product_id, 1000);
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Sorrel',
      patient_last_name: `Table ${tag}`,
    });
    ({ prescription_id: id } = await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patient.patient_id,
    }));
    await adminCall('prescriptions/save_lines', {
      prescription_id: id,
      lines: HERBS.map((_, i) => ({
        prescription_line_dispensary_product_id: productIds[i],
        prescription_line_herb_id: herbIds[i],
        prescription_line_quantity: 30 + 10 * i,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 3.75 + i,
        prescription_line_notes: i === 0 ? 'Before bed' : '',
      })),
    });
  });

  const schemes = ['light', 'dark'] as const;

  it.each(schemes)('shows every cell whole at 1440 px (%s)', async (scheme) => {
    const { page, context, errors } = await openPage(browser, {
      viewport: WIDE,
      colorScheme: scheme,
    });
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/prescriptions/${id}`);
      const line = (n: number) => editorOf(page).getByRole('group', { name: `Line ${n}` });
      await line(HERBS.length).waitFor();
      await expect
        .poll(() => line(1).getByRole('combobox', { name: 'Dispensary product' }).inputValue())
        .toBe(HERBS[0][1]);
      await page.screenshot({ path: screenshotPath(`formula-table-1440-${scheme}`) });
      await editorOf(page)
        .locator('[data-slot="prescription_lines"]')
        .screenshot({ path: screenshotPath(`formula-table-lines-1440-${scheme}`) });
      for (let n = 1; n <= HERBS.length; n += 1) {
        expect(await truncated(line(n)), `line ${n}`).toEqual([]);
        // Beside the list the editor is middling: the names on one row, the amounts under them.
        const box = (control: Locator) => control.boundingBox().then((b) => b!);
        const product = await box(line(n).getByRole('combobox', { name: 'Dispensary product' }));
        const herb = await box(line(n).getByRole('combobox', { name: 'Herb' }));
        const quantity = await box(line(n).getByRole('textbox', { name: 'Quantity' }));
        const price = await box(line(n).getByRole('textbox', { name: 'Price' }));
        expect(Math.abs(product.y - herb.y)).toBeLessThan(4);
        expect(Math.abs(quantity.y - price.y)).toBeLessThan(4);
        expect(quantity.y).toBeGreaterThan(product.y + product.height);
        expect((await box(line(n))).height).toBeLessThan(product.height * 3);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives each line one row where the editor is wider (1920 px)', async () => {
    const { page, context, errors } = await openPage(browser, {
      viewport: { width: 1920, height: 1000 },
    });
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/prescriptions/${id}`);
      const line = (n: number) => editorOf(page).getByRole('group', { name: `Line ${n}` });
      await line(HERBS.length).waitFor();
      await editorOf(page)
        .locator('[data-slot="prescription_lines"]')
        .screenshot({ path: screenshotPath('formula-table-lines-1920') });
      for (let n = 1; n <= HERBS.length; n += 1) {
        expect(await truncated(line(n)), `line ${n}`).toEqual([]);
        const product = await line(n)
          .getByRole('combobox', { name: 'Dispensary product' })
          .boundingBox();
        const notes = await line(n).getByRole('textbox', { name: 'Notes' }).boundingBox();
        expect(Math.abs(product!.y - notes!.y)).toBeLessThan(4);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(schemes)('keeps each line usable at 375 px (%s)', async (scheme) => {
    const { page, context, errors } = await openPage(browser, {
      viewport: SMALL,
      colorScheme: scheme,
    });
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/prescriptions/${id}`);
      const line = (n: number) => editorOf(page).getByRole('group', { name: `Line ${n}` });
      await line(HERBS.length).waitFor();
      await line(1).scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`formula-table-375-${scheme}`) });
      await editorOf(page)
        .locator('[data-slot="prescription_lines"]')
        .screenshot({ path: screenshotPath(`formula-table-lines-375-${scheme}`) });
      for (let n = 1; n <= HERBS.length; n += 1) {
        const controls = [
          line(n).getByRole('button', { name: `Remove line ${n}` }),
          line(n).getByRole('textbox', { name: 'Quantity' }),
          line(n).getByRole('combobox', { name: 'Dispensary product' }),
        ];
        for (const control of controls) {
          await control.scrollIntoViewIfNeeded();
          expect(await control.isVisible()).toBe(true);
          const box = (await control.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(SMALL.width);
        }
        expect(await truncated(line(n)), `line ${n}`).toEqual([]);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe('a herb picked on a line with no product', () => {
    let opened: Awaited<ReturnType<typeof openPage>>;
    beforeAll(async () => {
      opened = await openPage(browser, { viewport: WIDE });
      await loginAsAdmin(opened.page);
    });
    afterAll(async () => {
      await opened?.context.close();
    });

    it('brings the herb’s default product and its price', async () => {
      const { page, errors } = opened;
      await page.goto(`/app/prescriptions/${id}`);
      const editor = editorOf(page);
      const n = HERBS.length + 1;
      const line = editor.getByRole('group', { name: `Line ${n}` });
      await editor.getByRole('group', { name: `Line ${HERBS.length}` }).waitFor();
      await editor.getByRole('button', { name: 'Add line' }).click();
      // The quantity first: a line of nothing yet is not saved.
      await line.getByRole('textbox', { name: 'Quantity' }).fill('40');
      await line.getByRole('textbox', { name: 'Quantity' }).press('Tab');
      const picker = line.getByRole('combobox', { name: 'Herb' });
      await picker.click();
      await picker.fill(valerian);
      const answer = saved(page);
      await page
        .getByRole('listbox', { name: 'Herb', exact: true })
        .getByRole('option', { name: valerian })
        .click();
      await answer;
      await expect
        .poll(() => line.getByRole('combobox', { name: 'Dispensary product' }).inputValue())
        .toBe(valerianProduct);
      // 40 ml at £8.00 per 100 ml.
      await expect
        .poll(() => line.getByRole('textbox', { name: 'Price' }).inputValue())
        .toBe('£3.20');
      const lines = await adminCall<Array<Record<string, unknown>>>('prescriptions/get_lines', {
        prescription_id: id,
      });
      expect(lines[n - 1]).toMatchObject({
        dispensary_product_name: valerianProduct,
        prescription_line_price: 3.2,
        prescription_line_quantity: 40,
      });
      expect(await truncated(line)).toEqual([]);
      await editor
        .locator('[data-slot="prescription_lines"]')
        .screenshot({ path: screenshotPath('formula-table-default-product-1440') });
      expect(errors).toEqual([]);
    });
  });
});
