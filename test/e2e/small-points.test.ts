/**
 * Issue 43, finding 11's smaller points, as a person meets them: Escape in the add dialog's date
 * picker closes the picker only, and closing the dialog with something typed asks first; a date
 * of birth's picker opens on the decades; a switch is named by its label alone; the modules list
 * names its Yes and No; an unknown path's breadcrumb says "Page not found". Screenshots at 1440
 * and 375 px.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { insertRow } from './api';
import { editorOf, screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

/** No animation running: a popover caught while it fades in is half drawn. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

describe('the smaller points of issue 43', () => {
  it.each(WIDTHS)(
    'keeps the add dialog open on Escape in its date picker, and asks before dropping it (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await page.getByText(/^\d+\+? found$/).waitFor();
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add patient' });
      const first = dialog.getByRole('textbox', { name: 'First name' });
      await first.fill(`Esc${tag}`);

      // The date of birth opens on the decades around forty years back, not on this month.
      await dialog.getByRole('textbox', { name: 'Date of birth' }).click();
      const level = page.locator('[data-dates-dropdown] .mantine-DateInput-calendarHeaderLevel');
      await level.waitFor();
      const decade = /^(\d{4}) – (\d{4})$/.exec((await level.innerText()).trim());
      expect(decade, 'the picker shows a decade').not.toBeNull();
      const birthYear = new Date().getFullYear() - 40;
      expect(Number(decade![1])).toBeLessThanOrEqual(birthYear);
      expect(Number(decade![2])).toBeGreaterThanOrEqual(birthYear);
      await settled(page);
      await page.screenshot({ path: screenshotPath(`birth-date-picker-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);

      // Escape closes the picker, and only the picker.
      await page.keyboard.press('Escape');
      await level.waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(true);
      expect(await first.inputValue()).toBe(`Esc${tag}`);

      // A second Escape asks before dropping what was typed; Cancel keeps it.
      await page.keyboard.press('Escape');
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm
        .getByText('Discard this new patient? What you typed has not been added.')
        .waitFor();
      await settled(page);
      await page.screenshot({ path: screenshotPath(`add-dialog-discard-${name}`) });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await first.inputValue()).toBe(`Esc${tag}`);

      // OK lets it go: the next Add starts empty. (The focus came back to the date of birth,
      // whose picker opened again over the buttons: leaving the field closes it.)
      await first.focus();
      await level.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      expect(await first.inputValue()).toBe('');
      // Nothing typed: it closes at once.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('names the Pregnant switch by its label alone', async () => {
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Switch',
      patient_last_name: `Name ${randomBytes(3).toString('hex')}`,
      patient_pregnant: 1,
    });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patients/${patient.patient_id}/clinical`);
    const pregnant = editorOf(page).getByRole('switch', { name: 'Pregnant', exact: true });
    await pregnant.waitFor();
    // The switch may be drawn before the record's values arrive: wait for them.
    await expect.poll(() => pregnant.isChecked()).toBe(true);
    const breastfeeding = editorOf(page).getByRole('switch', {
      name: 'Breastfeeding',
      exact: true,
    });
    expect(await breastfeeding.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('labels the Yes and No of the modules list (%s)', async (name, viewport) => {
    const { page, context, errors } = await openPage(browser, { viewport });
    await loginAsAdmin(page);
    await page.goto('/app/modules');
    const details = page.getByText(/^Enabled: (Yes|No) · Essential: (Yes|No)$/);
    await details.first().waitFor();
    expect(await page.getByText(/^(Yes|No) · (Yes|No)$/).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`modules-list-${name}`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says 'Page not found' in the breadcrumb of an unknown path", async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/nonsense/xyz');
    await page.getByText('Sorry, there is nothing here... (404)').waitFor();
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await trail.getByText('Page not found').waitFor();
    const text = await trail.innerText();
    expect(text).not.toMatch(/Nonsense|xyz/i);
    await context.close();
  });
});
