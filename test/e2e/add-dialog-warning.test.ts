/**
 * The generic Add dialog answers a warning about a field it did not ask for: an appointment
 * outside its practitioner's working hours is refused with the outside-hours warning (409 'w',
 * naming appointment_override_reason); the dialog then shows "Booked outside hours because" with
 * the warning beside it, and the reason typed there books it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin, openPage, sharedBrowser } from '../support/browser';
import { adminCall, insertRow } from './api';

const browser = sharedBrowser();
const tag = randomBytes(3).toString('hex');
let opened: Awaited<ReturnType<typeof openPage>>;
let page: Page;
let practitionerId = 0;
let appointmentId = 0;

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  // A practitioner with no working hours: every time is outside them.
  ({ user_id: practitionerId } = await insertRow<{ user_id: number }>('users', {
    user_first_name: 'Warned',
    user_last_name: tag,
    user_email: `warned-${tag}@demo.clinic`,
    user_practitioner: 1,
  }));
  opened = await openPage(browser);
  page = opened.page;
  await loginAsAdmin(page);
});

afterAll(async () => {
  await opened?.context.close();
  if (appointmentId)
    await adminCall('appointments/delete', { selected: [appointmentId] }).catch(() => null);
  await adminCall('users/delete', { selected: [practitionerId] }).catch(() => null);
});

describe('the Add dialog of appointments', () => {
  it('asks why an appointment outside working hours is booked, and books it with the reason', async () => {
    await page.goto('/app/appointments');
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add appointment' });
    await dialog.getByRole('combobox', { name: 'Patient' }).click();
    await page
      .getByRole('listbox', { name: 'Patient', exact: true })
      .getByRole('option')
      .first()
      .click();
    await dialog.getByRole('combobox', { name: 'Practitioner' }).fill(tag);
    await page
      .getByRole('listbox', { name: 'Practitioner', exact: true })
      .getByRole('option', { name: new RegExp(tag) })
      .click();
    for (const [label, wall] of [
      ['Start', '03/02/2031 07:00'],
      ['End', '03/02/2031 07:30'],
    ] as const) {
      await dialog.getByRole('textbox', { name: label, exact: true }).fill(wall);
      await dialog.getByRole('textbox', { name: label, exact: true }).press('Tab');
    }
    await dialog.getByRole('button', { name: 'Add' }).click();
    const reason = dialog.getByRole('textbox', { name: 'Booked outside hours because' });
    await expect.poll(() => reason.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText(/To book it anyway, give a reason\./).waitFor();
    await page.screenshot({ path: 'test-results/add-dialog-warning.png' });
    await reason.fill('Only time the patient can come');
    await reason.press('Tab');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/\/app\/appointments\/\d+/);
    appointmentId = Number(new URL(page.url()).pathname.split('/')[3]);
    const row = await adminCall<Record<string, unknown>>('appointments/get', {
      appointment_id: appointmentId,
    });
    expect(row.appointment_practitioner_id).toBe(practitionerId);
    expect(row.appointment_override_reason).toBe('Only time the patient can come');
    expect(opened.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
