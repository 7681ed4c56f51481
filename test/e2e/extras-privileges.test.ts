/**
 * A non-admin's editor enables an extra button by the route its definition declares, the route
 * the server checks: Dispense needs prescriptions/dispense (update is not enough), Print only
 * prescriptions/list.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openPage, sharedBrowser } from '../support/browser';
import { createUser, insertRow, recordNameShown } from './api';

const browser = sharedBrowser();
let prescriptionId: number;

beforeAll(async () => {
  const patient = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: 'Extra',
    patient_last_name: 'Privileges',
  });
  prescriptionId = (
    await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patient.patient_id,
    })
  ).prescription_id;
});

/** Logs in as a new user of these privileges and opens the prescription's editor. */
async function openAs(page: Page, privileges: string[]): Promise<void> {
  const user = await createUser({ privileges });
  await loginAs(page, user.email, user.password);
  await page.goto(`/app/prescriptions/${prescriptionId}`);
  await recordNameShown(page, 'prescriptions', prescriptionId);
}

const button = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Editor' }).getByRole('button', { name, exact: true });

describe('extra buttons of a non-admin', () => {
  it('shows Dispense disabled to a user who may update prescriptions but not dispense', async () => {
    const { page, context } = await openPage(browser);
    try {
      await openAs(page, ['prescriptions/list', 'prescriptions/update']);
      // Print enabled says the row's item states are in; Dispense is read after that.
      await expect.poll(() => button(page, 'Print prescription').isEnabled()).toBe(true);
      expect(await button(page, 'Dispense').isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows Print enabled to a user who may only list prescriptions', async () => {
    const { page, context } = await openPage(browser);
    try {
      await openAs(page, ['prescriptions/list']);
      await expect.poll(() => button(page, 'Print prescription').isEnabled()).toBe(true);
      await expect.poll(() => button(page, 'Print label').isEnabled()).toBe(true);
      expect(await button(page, 'Dispense').isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
