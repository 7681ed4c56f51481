/**
 * Availability on the real server and database: the behaviours of working hours and exceptions
 * (practitioner only, times forwards, labels written), `diary/get_availability` (intervals with
 * the clinic's offset across the spring change, exceptions cut out, another clinic's user never
 * shown, bad input named, appointments/list needed), and the repository's busy read feeding free
 * slots (live appointments only, widened by their own type's buffers).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeSlots } from '../../src/server/availability/free-slots';
import { readAvailability, readBusy } from '../../src/server/availability/service';
import { inTenant } from '../../src/server/db/tenancy';
import type { AvailabilityReply } from '../../src/shared/diary/availability';
import { newCompany } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, insertedId, messageText, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
const ZONE = 'Europe/London';

let c: Caller;
let ada: number;
let ben: number;
let plainUser: number;
let otherUser: number;

const idOf = (path: string, values: Row, key: string) => insertedId(c, path, values, key);
const hours = (values: Row) => idOf('working_hours/insert', values, 'working_hour_id');
const exception = (values: Row) =>
  idOf('availability_exceptions/insert', values, 'availability_exception_id');

async function person(first: string, practitioner: 0 | 1, enabled: 0 | 1 = 1) {
  return idOf(
    'users/insert',
    {
      user_first_name: first,
      user_last_name: 'Hours',
      user_email: `${first.toLowerCase()}-${Date.now()}@hours.test`,
      user_practitioner: practitioner,
      user_enabled: enabled,
    },
    'user_id',
  );
}

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const modules = await moduleIdsOf(env.server, env.company, env.admin);
  const zone = await c('modules/update_public_settings', {
    module_id: modules.materia,
    field: 'time_zone',
    value: ZONE,
  });
  expect(zone.result, messageText(zone)).toBe(true);
  ada = await person('Ada', 1);
  ben = await person('Ben', 1);
  plainUser = await person('Plain', 0);
  const other = await newCompany(env.server, 'Other Hours Clinic');
  const otherAdmin = await adminToken(env.server, other);
  otherUser = otherAdmin.user_id;
  await callerFor(
    env.server,
    other,
    otherAdmin,
  )('users/update', {
    user_id: otherUser,
    field: 'user_practitioner',
    value: 1,
  });
  // Ada: Mondays and Tuesdays 09:00–17:00; a break on Monday 30 March; the clinic shut on 31 March.
  for (const weekday of ['1', '2'])
    await hours({
      working_hour_user_id: ada,
      working_hour_weekday: weekday,
      working_hour_start: '09:00',
      working_hour_end: '17:00',
    });
  await exception({
    availability_exception_kind: 'break',
    availability_exception_user_id: ada,
    availability_exception_from: '2026-03-30',
    availability_exception_until: '2026-03-30',
    availability_exception_start: '13:00',
    availability_exception_end: '14:00',
  });
  await exception({
    availability_exception_kind: 'holiday',
    availability_exception_from: '2026-03-31',
    availability_exception_until: '2026-03-31',
  });
  // Ben: Sundays 00:30–03:00, across the night the clocks go forward.
  await hours({
    working_hour_user_id: ben,
    working_hour_weekday: '7',
    working_hour_start: '00:30',
    working_hour_end: '03:00',
  });
}, 60_000);

describe('working hours and exceptions', () => {
  it('refuses a user who is not a practitioner, naming the field', async () => {
    const reply = await c('working_hours/insert', {
      working_hour_user_id: plainUser,
      working_hour_weekday: '3',
      working_hour_start: '09:00',
      working_hour_end: '12:00',
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({
      field: 'working_hour_user_id',
      text: 'Practitioner: Plain Hours is not marked as a practitioner; tick "Practitioner" on their user record first.',
    });
    const exceptionReply = await c('availability_exceptions/insert', {
      availability_exception_user_id: plainUser,
      availability_exception_from: '2026-05-01',
      availability_exception_until: '2026-05-01',
    });
    expect(exceptionReply.messages[0]).toMatchObject({ field: 'availability_exception_user_id' });
  });

  it('refuses an end before its start, and a fortnightly rule with no first day', async () => {
    const backwards = await c('working_hours/insert', {
      working_hour_user_id: ada,
      working_hour_weekday: '3',
      working_hour_start: '17:00',
      working_hour_end: '09:00',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.messages[0]).toMatchObject({
      field: 'working_hour_end',
      text: 'Until: Must be after From (17:00).',
    });
    const fortnightly = await c('working_hours/insert', {
      working_hour_user_id: ada,
      working_hour_weekday: '3',
      working_hour_start: '09:00',
      working_hour_end: '12:00',
      working_hour_every_weeks: 2,
    });
    expect(fortnightly.messages[0]).toMatchObject({ field: 'working_hour_valid_from' });
    const half = await c('availability_exceptions/insert', {
      availability_exception_user_id: ada,
      availability_exception_from: '2026-05-01',
      availability_exception_until: '2026-05-01',
      availability_exception_start: '10:00',
    });
    // One time alone is the rest of the day (the editor saves one field at a time).
    expect(half.result).toBe(true);
    const timesBackwards = await c('availability_exceptions/insert', {
      availability_exception_user_id: ada,
      availability_exception_from: '2026-05-01',
      availability_exception_until: '2026-05-01',
      availability_exception_start: '10:00',
      availability_exception_end: '09:00',
    });
    expect(timesBackwards.messages[0]).toMatchObject({ field: 'availability_exception_end' });
    const days = await c('availability_exceptions/insert', {
      availability_exception_user_id: ada,
      availability_exception_from: '2026-05-03',
      availability_exception_until: '2026-05-01',
    });
    expect(days.messages[0]).toMatchObject({ field: 'availability_exception_until' });
    const extra = await c('availability_exceptions/insert', {
      availability_exception_kind: 'extra_hours',
      availability_exception_from: '2026-05-03',
      availability_exception_until: '2026-05-03',
    });
    expect(extra.messages[0]).toMatchObject({ field: 'availability_exception_user_id' });
  });

  it('writes a readable label when left empty, keeps it in step, and leaves a chosen one', async () => {
    const id = await hours({
      working_hour_user_id: ada,
      working_hour_weekday: '4',
      working_hour_start: '09:00',
      working_hour_end: '17:00',
    });
    const read = async () =>
      (await c<Row>('working_hours/get', { working_hour_id: id })).data.working_hour_name;
    expect(await read()).toBe('Thu 09:00–17:00');
    const moved = await c<{ entity: Row }>('working_hours/update', {
      working_hour_id: id,
      field: 'working_hour_start',
      value: '10:00',
    });
    // The reply carries the new label, and the version the label's write gave the row.
    expect(moved.data.entity.working_hour_name).toBe('Thu 10:00–17:00');
    const stored = await c<Row>('working_hours/get', { working_hour_id: id });
    expect(moved.data.entity._version).toBe(stored.data._version);
    expect(stored.data._version).toBeDefined();
    expect(await read()).toBe('Thu 10:00–17:00');
    const refused = await c('working_hours/update', {
      working_hour_id: id,
      field: 'working_hour_end',
      value: '08:00',
    });
    expect(refused.messages[0]).toMatchObject({ field: 'working_hour_end' });
    await c('working_hours/update', {
      working_hour_id: id,
      field: 'working_hour_name',
      value: 'Clinic B',
    });
    await c('working_hours/update', {
      working_hour_id: id,
      field: 'working_hour_end',
      value: '16:00',
    });
    expect(await read()).toBe('Clinic B');
    await c('working_hours/delete', { selected: [id] });

    const off = await exception({
      availability_exception_user_id: ada,
      availability_exception_from: '2026-12-24',
      availability_exception_until: '2026-12-26',
    });
    const row = await c<Row>('availability_exceptions/get', { availability_exception_id: off });
    expect(row.data.availability_exception_name).toBe('Day off 24–26 Dec');
  });
});

describe('diary/get_availability', () => {
  const get = (payload: Row, caller = c) =>
    caller<AvailabilityReply>('diary/get_availability', payload);

  it("answers each practitioner's intervals with the clinic's offset, exceptions cut out", async () => {
    const reply = await get({ from: '2026-03-23', to: '2026-04-05' });
    expect(reply.status, messageText(reply)).toBe(200);
    expect(reply.data.zone).toBe(ZONE);
    const names = reply.data.practitioners.map((p) => p.user_id);
    expect(names).toContain(ada);
    expect(names).not.toContain(plainUser);
    const of = (id: number) =>
      reply.data.practitioners
        .find((p) => p.user_id === id)!
        .intervals.map((i) => `${i.start} ${i.end}`);
    expect(of(ada)).toEqual([
      '2026-03-23T09:00:00+00:00 2026-03-23T17:00:00+00:00',
      '2026-03-24T09:00:00+00:00 2026-03-24T17:00:00+00:00',
      '2026-03-30T09:00:00+01:00 2026-03-30T13:00:00+01:00',
      '2026-03-30T14:00:00+01:00 2026-03-30T17:00:00+01:00',
    ]);
    // 00:30 GMT to 03:00 BST on 29 March (90 real minutes), then 00:30–03:00 BST.
    expect(of(ben)).toEqual([
      '2026-03-29T00:30:00+00:00 2026-03-29T03:00:00+01:00',
      '2026-04-05T00:30:00+01:00 2026-04-05T03:00:00+01:00',
    ]);
  });

  it('reads only the practitioners asked for; another clinic’s user is not there', async () => {
    const reply = await get({
      from: '2026-03-30',
      to: '2026-03-30',
      practitioner_ids: [ben, otherUser],
    });
    expect(reply.status).toBe(200);
    // Ids are per company: the other clinic's practitioner id names no practitioner here.
    expect(otherUser).not.toBe(ben);
    expect(reply.data.practitioners.map((p) => p.user_id)).toEqual([ben]);
  });

  it('names the field of bad input', async () => {
    const backwards = await get({ from: '2026-03-30', to: '2026-03-29' });
    expect(backwards.status).toBe(400);
    expect(messageText(backwards)).toBe('"to": Must not be before "from".');
    const long = await get({ from: '2026-01-01', to: '2026-12-31' });
    expect(messageText(long)).toBe('"to": At most 62 days can be read at once.');
    const bad = await get({ from: '2026-02-30', to: '2026-03-01' });
    expect(messageText(bad)).toBe('"from": Must be a real date in the form YYYY-MM-DD.');
  });

  it('needs the appointments list privilege', async () => {
    const without = await addUser(env.server, env.company, { privileges: ['patients/list'] });
    const refused = await get(
      { from: '2026-03-30', to: '2026-03-30' },
      callerFor(env.server, env.company, without.token),
    );
    expect(refused.status).toBe(403);
    const allowed = await addUser(env.server, env.company, { privileges: ['appointments/list'] });
    const answered = await get(
      { from: '2026-03-30', to: '2026-03-30' },
      callerFor(env.server, env.company, allowed.token),
    );
    expect(answered.status, messageText(answered)).toBe(200);
  });
});

describe('busy time and free slots from the database', () => {
  it('widens live appointments by their own type’s buffers and leaves cancelled ones out', async () => {
    const patient = await idOf(
      'patients/insert',
      { patient_first_name: 'Bea', patient_last_name: 'Busy' },
      'patient_id',
    );
    const buffered = await idOf(
      'appointment_types/insert',
      {
        appointment_type_name: 'Buffered',
        appointment_type_duration_minutes: 30,
        appointment_type_buffer_after_minutes: 30,
      },
      'appointment_type_id',
    );
    const company = env.company.companyId;
    await inTenant(env.server.database.db, company, async (trx) => {
      const add = (start: string, end: string, status = 'booked', type: number | null = buffered) =>
        sql`insert into appointments (company_id, appointment_patient_id, appointment_practitioner_id,
            appointment_type_id, appointment_start, appointment_end, appointment_status)
          values (${company}, ${patient}, ${ada}, ${type}, ${start}, ${end}, ${status})`.execute(
          trx,
        );
      // Monday 30 March (BST): 10:00–10:30 with 30 minutes after; 15:00–16:00 cancelled.
      await add('2026-03-30T10:00:00+01:00', '2026-03-30T10:30:00+01:00');
      await add('2026-03-30T15:00:00+01:00', '2026-03-30T16:00:00+01:00', 'cancelled');
      // A week later, outside the range read.
      await add('2026-04-06T09:00:00+01:00', '2026-04-06T10:00:00+01:00', 'booked', null);
    });
    const slots = await inTenant(env.server.database.db, company, async (trx) => {
      const range = { from: '2026-03-30', to: '2026-03-30', zone: ZONE };
      const availability = await readAvailability(trx, company, {
        ...range,
        practitionerIds: [ada],
      });
      const busy = await readBusy(trx, company, { ...range, practitionerIds: [ada] });
      expect(
        busy.map((b) => [new Date(b.start).toISOString(), new Date(b.end).toISOString()]),
      ).toEqual([['2026-03-30T09:00:00.000Z', '2026-03-30T10:00:00.000Z']]);
      return freeSlots({
        type: {
          duration_minutes: 60,
          buffer_before_minutes: 0,
          buffer_after_minutes: 0,
          min_notice_hours: 0,
          horizon_days: 3650,
        },
        practitionerIds: [ada],
        ...range,
        now: Date.parse('2026-01-01T00:00:00Z'),
        stepMinutes: 30,
        working: availability.working,
        busy,
      });
    });
    expect(slots.map((s) => s.start.slice(11, 16))).toEqual([
      // 09:00–10:00 only touches it; the appointment holds 10:00–11:00 with its buffer after.
      '09:00',
      '11:00',
      '11:30',
      '12:00',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(slots[1]).toEqual({ start: '2026-03-30T11:00:00+01:00', practitioner_id: ada });
  });
});
