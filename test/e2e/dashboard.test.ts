/**
 * The dashboard (`/app`): the monthly charts draw bars, the stock bars carry the progress colour of
 * their percentage, a user without the privileges sees none of those figures, and axe finds no
 * serious problem. The rows made here are deleted again, so the demo company stays as it was.
 */
import { mkdir } from 'node:fs/promises';
import { seriousViolations } from '../support/axe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressColour } from '../../src/shared/colours';
import type { UserToken } from '../../src/shared/envelope';
import { adminToken, api, createUser, insertRow, receiveStock } from './api';
import { sharedBrowser, loginAs, loginAsAdmin, openPage, screenshotPath } from '../support/browser';

const browser = sharedBrowser();
let token: UserToken;
const tag = Date.now().toString(36);
const made: { entities: string; id: number }[] = [];

async function insert(entities: string, key: string, values: Record<string, unknown>) {
  const id = (await insertRow<Record<string, unknown>>(entities, values))[key] as number;
  made.unshift({ entities, id });
  return id;
}

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  token = await adminToken();
  const patient = await insert('patients', 'patient_id', {
    patient_first_name: 'Dora',
    patient_last_name: `Dashboard ${tag}`,
  });
  await insert('prescriptions', 'prescription_id', { prescription_patient_id: patient });
  const almostOut = await insert('dispensary_products', 'dispensary_product_id', {
    dispensary_product_name: `Almost out ${tag}`,
    dispensary_product_reorder_level: 1000,
  });
  await receiveStock(almostOut, 10);
});

afterAll(async () => {
  // Newest first: the prescription before its patient.
  for (const row of made) await api(`${row.entities}/delete`, { selected: [row.id] }, token);
});

describe('dashboard', () => {
  it('draws the monthly charts and colours the stock bars by percentage', async () => {
    const { page, context, errors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await loginAsAdmin(page);
    await page.getByRole('progressbar').first().waitFor();
    // The chart library loads only once a chart is scrolled into view.
    expect(scripts.filter((url) => /\/charts-[^/]*\.js$/.test(url))).toEqual([]);
    for (const id of ['chart-new-patients', 'chart-prescriptions', 'chart-stock']) {
      const card = page.getByTestId(id);
      await card.scrollIntoViewIfNeeded();
      // Bars are svg paths drawn by recharts.
      await card.locator('svg path.recharts-rectangle').first().waitFor();
      expect(await card.locator('svg path.recharts-rectangle').count()).toBeGreaterThan(0);
    }
    const bars = page.getByRole('progressbar');
    await bars.first().waitFor();
    const count = await bars.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const bar = bars.nth(i);
      const percent = Number(
        /(\d+)% of reorder level/.exec((await bar.getAttribute('aria-label')) ?? '')?.[1],
      );
      const root = page.locator('[data-colour]').nth(i);
      expect(await root.getAttribute('data-colour')).toBe(progressColour(percent));
      expect(await bar.getAttribute('style')).toContain(
        `--mantine-color-${progressColour(percent)}`,
      );
    }
    // The product made above is at 1% of its reorder level: the lowest, so first and red.
    const ours = page.getByRole('progressbar', {
      name: `Almost out ${tag}: stock at 1% of reorder level`,
    });
    await ours.waitFor();
    expect(await page.locator('[data-colour]').first().getAttribute('data-colour')).toBe(
      'negative',
    );
    await page
      .getByTestId('count-patients')
      .getByText(/^\d{1,3}(,\d{3})*$/)
      .waitFor();
    await page.screenshot({ path: screenshotPath('dashboard-charts'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a user only the figures of records they may list', async () => {
    const user = await createUser({ firstName: `Herbalist ${tag}`, privileges: ['herbs/list'] });
    // (The shell's modules/list is refused for a non-admin: a console error not of this screen.)
    const { page, context } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await page
      .getByTestId('count-herbs')
      .getByText(/^\d{1,3}(,\d{3})*$/)
      .waitFor();
    expect(await page.getByTestId('count-patients').count()).toBe(0);
    expect(await page.getByTestId('chart-new-patients').count()).toBe(0);
    expect(await page.getByTestId('chart-prescriptions').count()).toBe(0);
    expect(await page.getByTestId('chart-stock').count()).toBe(0);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
