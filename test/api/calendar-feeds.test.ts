/**
 * Calendar feeds: a practitioner makes their private address, a calendar app reads it as
 * iCalendar (parsed here by ical.js, as a calendar would) holding their live appointments with
 * the patients' initials only — never a full name or a note — under stable UIDs in UTC; renewing
 * ends the old address; another clinic's slug with the token, a made-up token and a cancelled
 * appointment show nothing; only an admin sees or renews another user's feed.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_CALLS, type RenewedFeed } from '../../src/shared/diary/calendar-feeds';
import { newCompany } from '../support/api';
import { bookableClinic, type BookableClinic } from '../support/booking-clinic';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, insertedId, messageText, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
let clinic: BookableClinic;

const atTomorrow = (hour: number) =>
  DateTime.now()
    .setZone('Europe/London')
    .plus({ days: 1 })
    .set({ hour, minute: 0, second: 0, millisecond: 0 });

async function patient(first: string, last: string) {
  return insertedId(
    clinic.admin,
    'patients/insert',
    { patient_first_name: first, patient_last_name: last },
    'patient_id',
  );
}

async function appointment(patientId: number, hour: number, notes = '') {
  return insertedId(
    clinic.admin,
    'appointments/insert',
    {
      appointment_patient_id: patientId,
      appointment_practitioner_id: clinic.practitionerId,
      appointment_type_id: clinic.consultation,
      appointment_start: atTomorrow(hour).toISO(),
      appointment_notes: notes,
    },
    'appointment_id',
  );
}

/** The text read as a calendar app would: ical.js throws on anything that is not iCalendar. */
const parsed = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

const fetchFeed = (url: string) =>
  env.server.app.inject({ method: 'GET', url: new URL(url).pathname });

async function renew(payload: Row = {}) {
  const reply = await clinic.admin<RenewedFeed>(CALENDAR_FEED_CALLS.renew, payload);
  if (!reply.result) throw new Error(messageText(reply));
  return reply.data;
}

let jane: number;
let cancelledId: number;

beforeAll(async () => {
  clinic = await bookableClinic(env.server, env.company, env.admin);
  jane = await patient('Jane', 'Doe');
  await appointment(jane, 10, 'Worried about her liver; private');
  await appointment(await patient('Őrs', 'Zöld'), 12);
  cancelledId = await appointment(await patient('Cancelled', 'Person'), 14);
  await clinic.admin('appointments/update', {
    appointment_id: cancelledId,
    field: 'appointment_cancel_reason',
    value: 'Unwell',
  });
  const cancel = await clinic.admin('appointments/update', {
    appointment_id: cancelledId,
    field: 'appointment_status',
    value: 'cancelled',
  });
  expect(cancel.result, messageText(cancel)).toBe(true);
});

describe('a practitioner’s calendar feed', () => {
  it('is none until made; made, its address is answered once and get says since when', async () => {
    const before = await clinic.admin<Row>(CALENDAR_FEED_CALLS.get, {});
    expect(before.data).toEqual({ user_id: clinic.practitionerId, created_at: null });
    const made = await renew();
    expect(made.url).toMatch(new RegExp(`/feeds/${env.company.slug}/[A-Za-z0-9_-]{43}\\.ics$`));
    const after = await clinic.admin<Row>(CALENDAR_FEED_CALLS.get, {});
    expect(after.data).toEqual({ user_id: clinic.practitionerId, created_at: made.created_at });
    expect(JSON.stringify(after)).not.toContain(new URL(made.url).pathname);
  });

  it('parses as iCalendar and holds initials and types only, in UTC, with stable UIDs', async () => {
    const { url } = await renew();
    const response = await fetchFeed(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.body;
    const calendar = parsed(text);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(['J.D. · Consultation', 'Ő.Z. · Consultation']);
    const first = events[0]!;
    expect(first.startDate.toJSDate().toISOString()).toBe(atTomorrow(10).toUTC().toISO());
    expect(first.endDate.toJSDate().toISOString()).toBe(atTomorrow(11).toUTC().toISO());
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    for (const secret of [
      'Jane',
      'Doe',
      'Őrs',
      'Zöld',
      'liver',
      'private',
      'Cancelled',
      'Person',
    ]) {
      expect(text).not.toContain(secret);
    }
    // The same UIDs on the next read: a calendar updates its events instead of doubling them.
    const again = await fetchFeed(url);
    const uids = (body: string) =>
      parsed(body)
        .getAllSubcomponents('vevent')
        .map((v) => v.getFirstPropertyValue('uid'));
    expect(uids(again.body)).toEqual(uids(text));
  });

  it('renewed, the old address answers 404 and the new one the feed', async () => {
    const old = await renew();
    const renewed = await renew();
    expect((await fetchFeed(old.url)).statusCode).toBe(404);
    expect((await fetchFeed(renewed.url)).statusCode).toBe(200);
  });

  it('another clinic’s slug with the token, a made-up token or a bad name answer 404', async () => {
    const { url } = await renew();
    const other = await newCompany(env.server, 'Other Clinic');
    const path = new URL(url).pathname;
    const foreign = path.replace(`/feeds/${env.company.slug}/`, `/feeds/${other.slug}/`);
    const madeUp = path.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`);
    for (const address of [foreign, madeUp, path.replace(/\.ics$/, '.txt'), `${path}x`]) {
      const response = await env.server.app.inject({ method: 'GET', url: address });
      expect(response.statusCode, address).toBe(404);
      expect(response.body).not.toContain('VCALENDAR');
    }
  });

  it('is the user’s own: another user is refused another’s feed; an admin may renew it', async () => {
    const nurse = await addUser(env.server, env.company, { privileges: [] });
    const asNurse = callerFor(env.server, env.company, nurse.token);
    const refused = await asNurse(CALENDAR_FEED_CALLS.renew, { user_id: clinic.practitionerId });
    expect(refused.status).toBe(403);
    const seen = await asNurse(CALENDAR_FEED_CALLS.get, { user_id: clinic.practitionerId });
    expect(seen.status).toBe(403);
    // Not a practitioner: no feed of their own.
    const own = await asNurse(CALENDAR_FEED_CALLS.renew, {});
    expect(own.status).toBe(400);
    expect(messageText(own)).toContain('Only a practitioner has a calendar feed');
    // The admin renews the practitioner's (their own here) and a non-practitioner's is refused.
    expect((await renew({ user_id: clinic.practitionerId })).user_id).toBe(clinic.practitionerId);
    const forNurse = await clinic.admin(CALENDAR_FEED_CALLS.renew, { user_id: nurse.userId });
    expect(forNurse.status).toBe(400);
  });
});
