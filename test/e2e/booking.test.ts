/**
 * Online booking as a patient (issue 44 point 5): on the demo clinic's /book page pick a type,
 * anyone, a day with free times and a time; give the details; see the confirmation in the clinic's
 * zone; open the manage link from the confirmation e-mail (DATA_DIR/mail) and cancel. Screenshots
 * at 1440 and 375 px, light and dark; axe clean.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { findMail, openPage, screenshotPath, sharedBrowser, SMALL, WIDE } from '../support/browser';

const browser = sharedBrowser();

/** Chooses the first type, then the first day with free times next month. */
async function chooseTime(page: Page): Promise<void> {
  const select = page.getByRole('textbox', { name: 'Appointment' });
  await select
    .or(page.getByRole('combobox', { name: 'Appointment' }))
    .first()
    .click();
  await page.getByRole('option').first().click();
  const freeDay = page.locator('button[data-free="true"]:not([data-disabled]):not([data-outside])');
  // Next month: its days lie well outside any minimum or cancellation notice.
  await page.getByRole('button', { name: 'Next month' }).click();
  await freeDay.first().waitFor();
  await freeDay.first().click();
  await page.getByRole('group', { name: 'Free times' }).getByRole('button').first().click();
}

describe('online booking', () => {
  it('books a time, confirms it, and cancels it through the mailed manage link', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: WIDE });
    await page.goto('/book?company=demo');
    await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
    await page.screenshot({ path: screenshotPath('booking-start-wide-light') });
    await chooseTime(page);

    const email = `patient-${randomBytes(4).toString('hex')}@example.com`;
    await page.getByRole('textbox', { name: 'First name' }).fill('Pat');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Online');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByRole('textbox', { name: 'Phone' }).fill('07700 900456');
    await page.getByLabel('Date of birth').fill('1990-04-02');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('booking-form-wide-light'), fullPage: true });
    await page.getByRole('button', { name: 'Book this time' }).click();

    const done = page.getByTestId('booking-done');
    await done.waitFor();
    expect(await done.textContent()).toMatch(/Your reference is B-\d{5}/);
    // The clinic's zone as the server resolves it (another test may have reset the setting).
    const settings = (await (
      await page.request.post('/api/modules/get_public_settings', {
        data: { _company_slug: 'demo' },
      })
    ).json()) as { data: Array<{ clinic_time_zone?: string }> };
    const zone = settings.data.find((row) => row.clinic_time_zone)?.clinic_time_zone;
    expect(await done.textContent()).toContain(`(${zone})`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('booking-done-wide-light') });

    const mail = await findMail(email, 30_000);
    const link = /https?:\/\/[^\s"<>]+\/book\/manage\?token=[\w.-]+&company=demo/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const target = new URL(link!);
    await page.goto(target.pathname + target.search);
    const manage = page.getByTestId('manage-booking');
    await manage.waitFor();
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('Your appointment is cancelled.').waitFor();
    expect(await manage.textContent()).toContain('Cancelled');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it.each([
    ['small-light', SMALL, 'light'],
    ['small-dark', SMALL, 'dark'],
    ['wide-dark', WIDE, 'dark'],
  ] as const)(
    'is usable at %s, axe clean',
    async (name, viewport, colorScheme) => {
      const { page, context } = await openPage(browser, { viewport, colorScheme });
      await page.goto('/book?company=demo');
      await page.getByRole('heading', { name: 'Book an appointment' }).waitFor();
      await chooseTime(page);
      await page.getByRole('textbox', { name: 'First name' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath(`booking-form-${name}`), fullPage: true });
      await context.close();
    },
    60_000,
  );
});
