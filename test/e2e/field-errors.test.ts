/**
 * Issue 15, item 3: errors in words, on the field. An empty Add says "Name is required." on the
 * Name field (no toast with the field's inner name); a message follows the value (a fixed e-mail
 * address clears "Must be an e-mail address." as it is typed); a date that does not exist
 * (31/02/1941) is kept as typed and marked, nothing saved, never silently reverted.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminCall, createUser, insertRow } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const input = (page: Page, field: string) => editorOf(page).locator(`input[data-field="${field}"]`);

/** The message the field's input is described by (Mantine's error element), or null. */
async function messageOf(page: Page, field: string): Promise<string | null> {
  const ids = (await input(page, field).getAttribute('aria-describedby')) ?? '';
  for (const id of ids.split(' ').filter((x) => x.endsWith('-error'))) {
    const error = page.locator(`[id="${id}"]`);
    if (await error.count()) return (await error.textContent())?.trim() ?? null;
  }
  return null;
}

describe('errors in words', () => {
  it.each(WIDTHS)(
    'an empty Add names the field by its label, on the field (%s)',
    async (name, viewport) => {
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/symptoms');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add symptom' });
      await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
      await dialog.getByRole('button', { name: 'Add' }).click();
      await dialog.getByText('Name is required.').waitFor();
      const nameBox = dialog.getByRole('textbox', { name: 'Name' });
      expect(await nameBox.getAttribute('aria-invalid')).toBe('true');
      // Focus moves from Add to the field to fix.
      await expect.poll(() => nameBox.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByText('"symptom_name" is required.').count()).toBe(0);
      await page.screenshot({ path: screenshotPath(`field-errors-required-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      // The message follows the value: typing a name clears it.
      await nameBox.fill(`Ache ${randomBytes(3).toString('hex')}`);
      await expect.poll(() => dialog.getByText('Name is required.').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('clears a stale e-mail message as the value becomes valid, and keeps what was typed', async () => {
    const user = await createUser({ firstName: 'Mail' });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/users/${user.user_id}`);
    const email = input(page, 'user_email');
    await expect.poll(() => email.inputValue()).toBe(user.email);
    await email.fill('not-an-address');
    await email.press('Tab');
    await expect.poll(() => messageOf(page, 'user_email')).toBe('Must be an e-mail address.');
    expect(await email.inputValue()).toBe('not-an-address');
    await page.screenshot({ path: screenshotPath('field-errors-email-wide') });
    const fixed = `fixed-${randomBytes(3).toString('hex')}@demo.clinic`;
    await email.fill(fixed);
    await expect.poll(() => messageOf(page, 'user_email')).toBe(null);
    await email.press('Tab');
    await expect
      .poll(
        async () =>
          (await adminCall<{ user_email: string }>('users/get', { user_id: user.user_id }))
            .user_email,
      )
      .toBe(fixed);
    expect(await messageOf(page, 'user_email')).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an impossible date as typed, marked, and saves nothing until it is a real one', async () => {
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Date',
      patient_last_name: `Tester ${randomBytes(3).toString('hex')}`,
      patient_dob: '1941-01-15',
    });
    const stored = async () =>
      (
        await adminCall<{ patient_dob: string | null }>('patients/get', {
          patient_id: patient.patient_id,
        })
      ).patient_dob;
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patients/${patient.patient_id}`);
    const dob = input(page, 'patient_dob');
    await expect.poll(() => dob.inputValue()).toBe('15/01/1941');
    await dob.fill('31/02/1941');
    await dob.press('Tab');
    await expect
      .poll(() => messageOf(page, 'patient_dob'))
      .toBe('Not a real date: write it as DD/MM/YYYY. Nothing was saved.');
    expect(await dob.inputValue()).toBe('31/02/1941');
    expect(await stored()).toBe('1941-01-15');
    await page.screenshot({ path: screenshotPath('field-errors-date-wide') });
    expect(await seriousViolations(page)).toEqual([]);
    await dob.fill('28/02/1941');
    await dob.press('Tab');
    await expect.poll(stored).toBe('1941-02-28');
    await expect.poll(() => messageOf(page, 'patient_dob')).toBe(null);
    expect(errors).toEqual([]);
    await context.close();
  });
});
