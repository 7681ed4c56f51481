/**
 * Due for review (issue 44 point 9) in Chromium: a patient whose dispensed tincture runs out in
 * 5 days and who has nothing booked is listed on /app/diary/review with Book (the diary's booking
 * for the patient) and Send rebooking e-mail, which mails the booking page's link; the patient's
 * record says when the medicine runs out. Screenshots at 1440 and 375 px, light and dark; axe.
 */
import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { adminCall, insertRow, receiveStock } from './api';
import {
  loginAsAdmin,
  findMail,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
} from '../support/browser';

const browser = sharedBrowser();
const tag = Date.now().toString(36);
const lastName = `Review ${tag}`;
let patientId: number;

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  patientId = (
    await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Reva',
      patient_last_name: lastName,
      patient_email: `reva.${tag}@example.org`,
    })
  ).patient_id;
  const product = (
    await insertRow<{ dispensary_product_id: number }>('dispensary_products', {
      dispensary_product_name: `Review tincture ${tag}`,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 4,
    })
  ).dispensary_product_id;
  await receiveStock(product, 1000);
  const prescription = (
    await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patientId,
      prescription_daily_dose: 10,
      prescription_days: 5,
    })
  ).prescription_id;
  await adminCall('prescriptions/save_lines', {
    prescription_id: prescription,
    lines: [{ prescription_line_dispensary_product_id: product, prescription_line_quantity: 50 }],
  });
  await adminCall('prescriptions/dispense', { prescription_id: prescription, reason: 'E2E.' });
});

const rowName = `${lastName}, Reva`;

describe('due for review', () => {
  it.each(['light', 'dark'] as const)(
    'lists the patient with Book and Send (1440, %s)',
    async (scheme) => {
      const { page, context, errors } = await openPage(browser, { colorScheme: scheme });
      await loginAsAdmin(page);
      await page.goto('/app/diary/review');
      const row = page.getByTestId('due-for-review-row').filter({ hasText: rowName });
      await row.waitFor();
      await expect.poll(() => row.innerText()).toMatch(/runs out in 5 days/);
      expect(await row.getByRole('link', { name: 'Book' }).getAttribute('href')).toBe(
        `/app/diary?book=${patientId}`,
      );
      await page.screenshot({
        path: screenshotPath(`diary-review-1440-${scheme}`),
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
      if (scheme === 'light') {
        await row.getByRole('button', { name: `Send rebooking e-mail to ${rowName}` }).click();
        await page.getByText('The rebooking e-mail was sent.').waitFor();
        const mail = await findMail(`reva.${tag}@example.org`);
        expect(mail).toContain('/book?company=');
        await expect.poll(() => row.innerText()).toMatch(/invited/);
        await page.goto(`/app/patients/${patientId}`);
        await page.getByTestId('runs-out-notice').waitFor();
        expect(await page.getByTestId('runs-out-notice').innerText()).toMatch(
          /Medicine runs out on .* \(runs out in 5 days\)/,
        );
        await page.screenshot({ path: screenshotPath(`diary-review-patient-1440-${scheme}`) });
      }
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each(['light', 'dark'] as const)('fits 375 px (%s)', async (scheme) => {
    const { page, context } = await openPage(browser, { viewport: SMALL, colorScheme: scheme });
    await loginAsAdmin(page);
    await page.goto('/app/diary/review');
    const row = page.getByTestId('due-for-review-row').filter({ hasText: rowName });
    await row.waitFor();
    const box = await row.getByRole('link', { name: 'Book' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: screenshotPath(`diary-review-375-${scheme}`), fullPage: true });
    await context.close();
  });
});
