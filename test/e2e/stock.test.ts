/**
 * Stock by batch, as a dispenser uses it: receive a batch on the stock page, dispense from it,
 * follow its trace to the patient (and its print page), count it in a stock take, and find the
 * product and the batch on the dashboard's reorder and expiry lists. Screenshots at 1440 and
 * 375 px; axe finds no serious problem.
 */
import { mkdir } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../src/shared/iso-date';
import { displayDate } from '../../src/shared/show-value';
import { toBase } from '../../src/shared/units';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath, sharedBrowser, SMALL } from '../support/browser';
import { adminCall, insertRow } from './api';

const browser = sharedBrowser();
const tag = randomBytes(3).toString('hex');
const product = `Recall tincture ${tag}`;
const lot = `LOT-${tag}`;
let productId: number;
let patientId: number;

const inDays = (days: number) => {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  ({ dispensary_product_id: productId } = await insertRow<{ dispensary_product_id: number }>(
    'dispensary_products',
    {
      dispensary_product_name: product,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_reorder_level: toBase(5, 'l'),
    },
  ));
  ({ patient_id: patientId } = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: 'Rita',
    patient_last_name: `Recall ${tag}`,
  }));
});

/** A prescription of 300 ml of the product for the patient, dispensed; its id. */
async function dispense(): Promise<number> {
  const { prescription_id } = await insertRow<{ prescription_id: number }>('prescriptions', {
    prescription_patient_id: patientId,
  });
  await adminCall('prescriptions/save_lines', {
    prescription_id,
    lines: [
      {
        prescription_line_dispensary_product_id: productId,
        prescription_line_quantity: toBase(300, 'ml'),
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 0,
      },
    ],
  });
  await adminCall('prescriptions/dispense', { prescription_id });
  return prescription_id;
}

describe('stock', () => {
  it('receives a batch, traces it to the patient, counts it, and lists it on the dashboard', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);

    // Receive 2 l under a lot number, expiring in 20 days.
    await page.goto('/app/stock');
    const receive = page.getByRole('region', { name: 'Receive a batch' });
    await receive.getByRole('combobox', { name: 'Product' }).fill(product);
    await page.getByRole('option', { name: product }).click();
    await receive.getByRole('textbox', { name: 'Batch number' }).fill(lot);
    await receive.getByRole('textbox', { name: 'Supplier' }).fill('Avon Herbal Supplies');
    await receive.getByLabel('Expiry').fill(inDays(20));
    await receive.getByRole('textbox', { name: 'Quantity received' }).fill('2 l');
    await receive.getByRole('button', { name: 'Receive' }).click();
    const counted = page.getByRole('textbox', { name: `Counted ${product} — ${lot}` });
    await counted.waitFor();
    const [batch] = await adminCall<Array<{ batch_id: number; batch_quantity: number }>>(
      'batches/list',
      { filters: { search: `=${lot}` } },
    );
    expect(batch?.batch_quantity).toBe(toBase(2, 'l'));

    // Dispensed from it, the batch's editor names the patient who got it.
    const prescriptionId = await dispense();
    // Its label names the batch and its expiry.
    await page.goto(`/printing/prescriptions/${prescriptionId}/label`);
    await expect
      .poll(() => page.locator('[data-label="batches"]').innerText())
      .toBe(`${product}: batch ${lot}, exp. ${displayDate(inDays(20))}`);
    await page.goto(`/app/batches/${batch?.batch_id}`);
    const trace = page.getByTestId('batch-trace');
    await trace.getByRole('link', { name: `Recall ${tag}, Rita`, exact: true }).waitFor();
    await expect.poll(() => trace.innerText()).toContain('1.7 l left');
    await page.screenshot({ path: screenshotPath('stock-batch-trace'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Its print page lists the same, for a recall.
    await page.goto(`/printing/batches/${batch?.batch_id}`);
    await page.getByRole('cell', { name: `Recall ${tag}, Rita`, exact: true }).waitFor();

    // A stock take finds 100 ml less than the ledger holds, and books it.
    await page.goto('/app/stock');
    await counted.fill('1.6 l');
    await page.getByRole('button', { name: 'Book differences' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${product} ${lot}: −100 ml` })
      .waitFor();
    await page.screenshot({ path: screenshotPath('stock-take'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const [after] = await adminCall<Array<{ batch_quantity: number }>>('batches/list', {
      filters: { search: `=${lot}` },
    });
    expect(after?.batch_quantity).toBe(toBase(1.6, 'l'));

    // The dashboard: below its reorder level of 5 l, and expiring within 30 days.
    await page.goto('/app');
    const alerts = page.getByRole('region', { name: 'Reorder and expiry' });
    await alerts.getByRole('link', { name: product, exact: true }).waitFor();
    await alerts.getByRole('combobox', { name: 'Expiring within' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await alerts.getByRole('link', { name: `${product} — ${lot}` }).waitFor();
    const download = page.waitForEvent('download');
    await alerts.getByRole('button', { name: 'Download reorder list (CSV)' }).click();
    expect((await download).suggestedFilename()).toBe('reorder-list.csv');
    await alerts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('stock-dashboard-1440'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize(SMALL);
    await alerts.getByRole('link', { name: product, exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('stock-dashboard-375'), fullPage: true });
    await page.goto('/app/stock');
    await counted.waitFor();
    await page.screenshot({ path: screenshotPath('stock-page-375'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
