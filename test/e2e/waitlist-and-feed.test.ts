/**
 * The waitlist's offer page and the calendar feed panel, in Chromium against the real server
 * (issue 44 points 7 and 8). A patient on the waitlist of the demo clinic is mailed an offer when
 * an appointment of that time is cancelled; the link opens /book/offer, which books it. The demo
 * admin (a practitioner) makes a calendar feed address on My details and it serves iCalendar.
 * Screenshots at 1440 and 375 px, light and dark; axe clean.
 */
import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingOptions, Slot } from '../../src/shared/booking';
import { WAITLIST_CALLS } from '../../src/shared/diary/waitlist';
import AxeBuilder from '@axe-core/playwright';
import { seriousViolations } from '../support/axe';
import {
  findMail,
  loginAsAdmin,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminCall, api } from './api';

const browser = sharedBrowser();
let offerPath = '';

/** Days five to six weeks ahead: past the demo's own waitlist entries, inside the horizon. */
const day = (days: number) =>
  DateTime.now().setZone('Europe/London').plus({ days }).toISODate() ?? '';

beforeAll(async () => {
  const options = await api<BookingOptions>('booking/get_options');
  const type = options.data.appointment_types[0]!;
  const slots = await api<{ slots: Slot[] }>('booking/get_slots', {
    appointment_type_id: type.appointment_type_id,
    from: day(35),
    to: day(41),
  });
  const slot = slots.data.slots[0]!;
  const email = `waiting-${randomBytes(4).toString('hex')}@example.com`;
  const patient = await adminCall<{ patient_id: number }>('patients/insert', {
    patient_first_name: 'Wendy',
    patient_last_name: 'Waiting',
    patient_email: email,
  });
  await adminCall('waitlist_entries/insert', {
    waitlist_entry_patient_id: patient.patient_id,
    waitlist_entry_appointment_type_id: type.appointment_type_id,
    waitlist_entry_from: day(35),
    waitlist_entry_until: day(41),
  });
  const holder = await adminCall<{ patient_id: number }>('patients/insert', {
    patient_first_name: 'Harry',
    patient_last_name: 'Holder',
  });
  const booked = await adminCall<{ appointment_id: number }>('appointments/insert', {
    appointment_patient_id: holder.patient_id,
    appointment_practitioner_id: slot.practitioner_id,
    appointment_type_id: type.appointment_type_id,
    appointment_start: slot.start,
  });
  const change = (field: string, value: unknown) =>
    adminCall('appointments/update', { appointment_id: booked.appointment_id, field, value });
  await change('appointment_cancel_reason', 'Away');
  await change('appointment_status', 'cancelled');
  const mail = await findMail(email, 30_000);
  const link = /https?:\/\/[^\s"<>]+\/book\/offer\?token=[\w-]+&company=demo/.exec(mail)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  offerPath = url.pathname + url.search;
  // The mail leaves just before its job commits: wait until the offer answers.
  const token = url.searchParams.get('token');
  for (let tries = 0; tries < 50; tries++) {
    if ((await api(WAITLIST_CALLS.getOffer, { offer_token: token })).result) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 90_000);

describe('a waitlist offer', () => {
  it.each([
    ['small-dark', SMALL, 'dark'],
    ['wide-light', WIDE, 'light'],
  ] as const)('is shown at %s, axe clean', async (name, viewport, colorScheme) => {
    const { page, context, errors } = await openPage(browser, { viewport, colorScheme });
    await page.goto(offerPath);
    await page.getByRole('heading', { name: 'A time has come free' }).waitFor();
    await page.getByRole('button', { name: 'Book this time' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`waitlist-offer-${name}`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('books the time with one button; the link then says it is booked', async () => {
    const { page, context } = await openPage(browser, { viewport: SMALL });
    await page.goto(offerPath);
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText('Booked: the time is yours.').waitFor();
    await page.screenshot({ path: screenshotPath('waitlist-offer-booked-small-light') });
    await page.reload();
    await page.getByText('This time is booked for you.').waitFor();
    expect(await page.getByRole('button', { name: 'Book this time' }).count()).toBe(0);
    await context.close();
  });
});

describe('the calendar feed panel', () => {
  it.each([
    ['wide-light', WIDE, 'light'],
    ['small-dark', SMALL, 'dark'],
  ] as const)(
    'makes an address that serves iCalendar (%s), axe clean',
    async (name, viewport, colorScheme) => {
      const { page, context, errors } = await openPage(browser, { viewport, colorScheme });
      await loginAsAdmin(page);
      await page.goto('/app/my_details');
      const panel = page.getByRole('region', { name: 'Calendar feed' });
      await panel.getByTestId('calendar-feed-state').waitFor();
      const renew = panel.getByRole('button', { name: /Make (my feed address|a new address)/ });
      const hadOne = (await renew.textContent())?.includes('new address') ?? false;
      await renew.click();
      if (hadOne) {
        // Replacing an address in use is confirmed first.
        await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      }
      const address = panel.getByRole('textbox', { name: 'Feed address' });
      await address.waitFor();
      const url = await address.inputValue();
      expect(url).toMatch(/\/feeds\/demo\/[\w-]{43}\.ics$/);
      const feed = await fetch(
        url.replace(/^https?:\/\/[^/]+/, ''.concat(new URL(page.url()).origin)),
      );
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
      expect(await feed.text()).toContain('BEGIN:VCALENDAR');
      await panel.scrollIntoViewIfNeeded();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      // The panel only: the password panel above has a dark-mode contrast finding of its own.
      const axe = await new AxeBuilder({ page })
        .include('section[aria-labelledby="calendar-feed-title"]')
        .analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
      await panel.screenshot({ path: screenshotPath(`calendar-feed-${name}`) });
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
