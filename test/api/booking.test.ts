/**
 * Online booking through the public calls, as a patient's browser or a clinic's website makes
 * them (no token): what is offered, booking a free time, the race for one time, the manage link
 * (its signature, clinic and expiry), the cancellation notice, a move, and the clinic's switch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CLOSED_TEXT,
  MANAGE_LINK_INVALID_TEXT,
  NOT_OFFERED_TEXT,
  TAKEN_TEXT,
  type Booked,
  type BookingOptions,
  type BookingView,
  type Slot,
} from '../../src/shared/booking';
import type { Envelope } from '../../src/shared/envelope';
import { inTenant } from '../../src/server/db/tenancy';
import { manageToken } from '../../src/server/booking/manage-token';
import { newCompany, type CallResponse, type TestCompany } from '../support/api';
import { bookableClinic, type BookableClinic } from '../support/booking-clinic';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { daysFromToday, messageText, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
let clinic: BookableClinic;
let other: TestCompany;
let otherClinic: BookableClinic;

let addresses = 0;
/** A call as a patient's browser makes it: no token, each from an address of its own (the
 *  captcha is asked of an address after a few bookings; its own test below). */
async function pub<T = unknown>(
  path: string,
  payload: Row = {},
  company: TestCompany = env.company,
  address = `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`,
): Promise<CallResponse<T>> {
  const response = await env.server.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    remoteAddress: address,
    payload: { ...payload, _company_slug: company.slug },
  });
  return { status: response.statusCode, ...response.json<Envelope<T>>() };
}

let patientCount = 0;
const patient = (values: Row = {}) => ({
  first_name: 'Ada',
  last_name: `Lovelace${++patientCount}`,
  email: `ada${patientCount}@example.com`,
  phone: '07700 900123',
  date_of_birth: '1985-12-10',
  ...values,
});

async function slots(type: number, company: TestCompany = env.company): Promise<Slot[]> {
  const reply = await pub<{ slots: Slot[] }>(
    'booking/get_slots',
    { appointment_type_id: type, from: daysFromToday(2), to: daysFromToday(20) },
    company,
  );
  expect(reply.status, messageText(reply)).toBe(200);
  return reply.data.slots;
}

/** Free slots are handed out one per test, so that no two tests race for one. */
let handed = 0;
async function freeSlot(type: number): Promise<Slot> {
  const all = await slots(type);
  const slot = all[handed++ * 3];
  if (!slot) throw new Error('no free slot left');
  return slot;
}

async function bookOne(type = clinic.consultation, values: Row = {}) {
  const slot = await freeSlot(type);
  const reply = await pub<Booked>('booking/book', {
    appointment_type_id: type,
    practitioner_id: slot.practitioner_id,
    start: slot.start,
    ...patient(values),
  });
  expect(reply.status, messageText(reply)).toBe(200);
  return { slot, booked: reply.data };
}

beforeAll(async () => {
  clinic = await bookableClinic(env.server, env.company, env.admin);
  other = await newCompany(env.server, 'Other Clinic');
  otherClinic = await bookableClinic(env.server, other, await adminToken(env.server, other));
}, 60_000);

describe('booking/get_options', () => {
  it('offers the online types with a practitioner, their practitioners and the clinic zone', async () => {
    const reply = await pub<BookingOptions>('booking/get_options');
    expect(reply.status).toBe(200);
    expect(reply.data.appointment_types.map((t) => t.name)).toEqual([
      'Consultation',
      'Strict visit',
    ]);
    expect(reply.data.appointment_types[0]).toMatchObject({
      appointment_type_id: clinic.consultation,
      duration_minutes: 60,
      price: 55,
    });
    expect(reply.data.practitioners).toEqual([
      { user_id: clinic.practitionerId, name: expect.any(String) as string },
    ]);
    expect(reply.data.time_zone).toBe('Europe/London');
    expect(reply.data.captcha_required).toBe(false);
  });
});

describe('booking/get_slots', () => {
  it('answers times with the clinic offset and a practitioner id, nothing else', async () => {
    const all = await slots(clinic.consultation);
    expect(all.length).toBeGreaterThan(20);
    for (const slot of all.slice(0, 20)) {
      expect(Object.keys(slot).sort()).toEqual(['practitioner_id', 'start']);
      expect(slot.start).toMatch(/^\d{4}-\d\d-\d\dT(09|1[0-6]):(00|15|30|45):00[+-]\d\d:\d\d$/);
    }
  });

  it('refuses a range of more than 31 days, naming the field', async () => {
    const reply = await pub('booking/get_slots', {
      appointment_type_id: clinic.consultation,
      from: daysFromToday(1),
      to: daysFromToday(40),
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({ field: 'to' });
  });

  it("refuses another clinic's practitioner by field, as one that exists nowhere", async () => {
    for (const practitioner_id of [otherClinic.practitionerId + 1000, 987_654]) {
      const reply = await pub('booking/get_slots', {
        appointment_type_id: clinic.consultation,
        practitioner_id,
        from: daysFromToday(1),
        to: daysFromToday(3),
      });
      expect(reply.status).toBe(400);
      expect(reply.messages[0]).toMatchObject({ field: 'practitioner_id' });
    }
  });
});

describe('booking/book', () => {
  it('books a free time for a new patient, flagged for staff to check, from source online', async () => {
    const { slot, booked } = await bookOne();
    expect(booked.start).toBe(slot.start);
    expect(booked.reference).toMatch(/^B-\d{5,}$/);
    const appointment = await clinic.admin<Row>('appointments/get', {
      appointment_id: Number(booked.reference.slice(2)),
    });
    expect(appointment.data).toMatchObject({
      appointment_source: 'online',
      appointment_status: 'booked',
      appointment_type_id: clinic.consultation,
    });
    const booker = await clinic.admin<Row>('patients/get', {
      patient_id: appointment.data.appointment_patient_id,
    });
    expect(booker.data).toMatchObject({
      patient_booked_online_unchecked: 1,
      patient_dob: '1985-12-10',
    });
  });

  it('matches an existing patient by e-mail (any case) and date of birth', async () => {
    const count = async () =>
      (await clinic.admin<{ count: number }>('patients/count', { filters: {} })).data.count;
    await bookOne(clinic.consultation, { email: 'Same.Person@Example.com' });
    const before = await count();
    await bookOne(clinic.consultation, { email: 'same.person@example.com' });
    expect(await count()).toBe(before);
  });

  it('refuses a time never offered (400) and a time taken (409), writing nothing', async () => {
    const slot = await freeSlot(clinic.consultation);
    const odd = slot.start.replace(/T(\d\d):\d\d/, 'T$1:07');
    const notOffered = await pub('booking/book', {
      appointment_type_id: clinic.consultation,
      practitioner_id: slot.practitioner_id,
      start: odd,
      ...patient(),
    });
    expect(notOffered.status).toBe(400);
    expect(notOffered.messages[0]).toMatchObject({ field: 'start' });
    expect(messageText(notOffered)).toContain(NOT_OFFERED_TEXT);
    const payload = {
      appointment_type_id: clinic.consultation,
      practitioner_id: slot.practitioner_id,
      start: slot.start,
    };
    expect((await pub('booking/book', { ...payload, ...patient() })).status).toBe(200);
    const again = await pub('booking/book', { ...payload, ...patient() });
    expect(again.status).toBe(409);
    expect(messageText(again)).toBe(TAKEN_TEXT);
  });

  it('refuses a start in the DST gap by name', async () => {
    const reply = await pub('booking/book', {
      appointment_type_id: clinic.consultation,
      practitioner_id: clinic.practitionerId,
      start: '2026-03-29T01:30:00+01:00',
      ...patient(),
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({ field: 'start' });
    expect(messageText(reply)).toContain('does not exist in Europe/London');
  });

  it("refuses another clinic's practitioner, naming the field", async () => {
    const reply = await pub('booking/book', {
      appointment_type_id: clinic.consultation,
      practitioner_id: otherClinic.practitionerId + 5000,
      start: (await freeSlot(clinic.consultation)).start,
      ...patient(),
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({ field: 'practitioner_id' });
  });

  it('50 concurrent bookings of one time: exactly 1 booked, 49 told it has gone, no 5xx', async () => {
    const slot = await freeSlot(clinic.consultation);
    const replies = await Promise.all(
      // Each from its own address, as 50 patients would be.
      Array.from({ length: 50 }, () =>
        pub('booking/book', {
          appointment_type_id: clinic.consultation,
          practitioner_id: slot.practitioner_id,
          start: slot.start,
          ...patient(),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(
      replies.filter((r) => r.status === 409).every((r) => messageText(r) === TAKEN_TEXT),
    ).toBe(true);
  }, 60_000);
});

describe('the captcha', () => {
  it('is asked of an address from its third booking in an hour', async () => {
    const address = '10.77.0.1';
    const bookFrom = async () => {
      const slot = await freeSlot(clinic.consultation);
      return pub(
        'booking/book',
        {
          appointment_type_id: clinic.consultation,
          practitioner_id: slot.practitioner_id,
          start: slot.start,
          ...patient(),
        },
        env.company,
        address,
      );
    };
    expect((await bookFrom()).status).toBe(200);
    expect((await bookFrom()).status).toBe(200);
    const options = await pub<BookingOptions>('booking/get_options', {}, env.company, address);
    expect(options.data.captcha_required).toBe(true);
    const third = await bookFrom();
    expect(third.status).toBe(400);
    expect(third.data).toEqual({ captcha_required: true });
    expect(third.messages[0]).toMatchObject({ field: 'altcha' });
  });
});

describe('the manage link', () => {
  it('shows the booking, and cancels it outside the notice', async () => {
    const { booked } = await bookOne();
    const seen = await pub<BookingView>('booking/get_booking', {
      manage_token: booked.manage_token,
    });
    expect(seen.data).toMatchObject({
      reference: booked.reference,
      start: booked.start,
      status: 'booked',
      can_change: true,
      type_name: 'Consultation',
    });
    const cancelled = await pub<BookingView>('booking/cancel', {
      manage_token: booked.manage_token,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.status).toBe('cancelled');
    const twice = await pub('booking/cancel', { manage_token: booked.manage_token });
    expect(twice.status).toBe(409);
  });

  it('inside the notice refuses to cancel or move, and says whom to call', async () => {
    const { booked } = await bookOne(clinic.strict);
    const seen = await pub<BookingView>('booking/get_booking', {
      manage_token: booked.manage_token,
    });
    expect(seen.data.can_change).toBe(false);
    const reply = await pub('booking/cancel', { manage_token: booked.manage_token });
    expect(reply.status).toBe(409);
    expect(messageText(reply)).toContain('Please call the clinic on 01904 000000.');
  });

  it('moves a booking: the new time booked, the old cancelled and linked, a new link', async () => {
    const { booked } = await bookOne();
    const later = await freeSlot(clinic.consultation);
    const moved = await pub<Booked>('booking/reschedule', {
      manage_token: booked.manage_token,
      start: later.start,
    });
    expect(moved.status, messageText(moved)).toBe(200);
    expect(moved.data.start).toBe(later.start);
    const old = await pub<BookingView>('booking/get_booking', {
      manage_token: booked.manage_token,
    });
    expect(old.data.status).toBe('cancelled');
    const now = await pub<BookingView>('booking/get_booking', {
      manage_token: moved.data.manage_token,
    });
    expect(now.data).toMatchObject({ status: 'booked', start: later.start });
    const row = await clinic.admin<Row>('appointments/get', {
      appointment_id: Number(moved.data.reference.slice(2)),
    });
    expect(row.data.appointment_rescheduled_from_id).toBe(Number(booked.reference.slice(2)));
  });

  it('is refused when tampered, expired or of another clinic — one answer for all', async () => {
    const { booked } = await bookOne();
    const [v, company, appointment, expires, signature] = booked.manage_token.split('.');
    const expired = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      manageToken(trx, {
        companyId: env.company.companyId,
        appointmentId: Number(appointment),
        expiresAt: Date.now() - 1000,
      }),
    );
    const tokens = {
      tampered: [v, company, Number(appointment) + 1, expires, signature].join('.'),
      longer: [v, company, appointment, Number(expires) + 86_400, signature].join('.'),
      expired,
      garbage: 'not-a-token',
    };
    for (const [kind, manage_token] of Object.entries(tokens)) {
      const reply = await pub('booking/get_booking', { manage_token });
      expect({ kind, status: reply.status, text: messageText(reply) }).toEqual({
        kind,
        status: 400,
        text: `"manage_token": ${MANAGE_LINK_INVALID_TEXT}`,
      });
    }
    const elsewhere = await pub(
      'booking/get_booking',
      { manage_token: booked.manage_token },
      other,
    );
    expect(elsewhere.status).toBe(400);
    expect(messageText(elsewhere)).toContain(MANAGE_LINK_INVALID_TEXT);
  });
});

describe('the online booking switch', () => {
  it('off: every booking call answers that online booking is closed', async () => {
    const { booked } = await bookOne();
    const diary = clinic.modules.appointments;
    const set = (value: number) =>
      clinic.admin('modules/update_public_settings', {
        module_id: diary,
        field: 'online_booking',
        value,
      });
    expect((await set(0)).result).toBe(true);
    try {
      const calls: [string, Row][] = [
        ['booking/get_options', {}],
        [
          'booking/get_slots',
          { appointment_type_id: 1, from: daysFromToday(1), to: daysFromToday(2) },
        ],
        ['booking/get_booking', { manage_token: booked.manage_token }],
        ['booking/cancel', { manage_token: booked.manage_token }],
      ];
      for (const [path, payload] of calls) {
        const reply = await pub(path, payload);
        expect({ path, status: reply.status }).toEqual({ path, status: 403 });
        expect(messageText(reply)).toContain(BOOKING_CLOSED_TEXT);
      }
    } finally {
      await set(1);
    }
  });
});
