/**
 * The appointments server on the real server and database: no double booking under a race of 50
 * (one practitioner, then one room) with every loser told the clash by name and no 5xx; moving
 * into a clash; a cancelled appointment frees its slot; a weekly series keeps 09:00 local across
 * both DST changes of Europe/London 2026, and a clash anywhere writes nothing; a wall time in the
 * missing hour, a start after its end and another clinic's practitioner are refused by name;
 * outside working hours is a warning overridden only with a reason; the patient's next appointment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { DiaryRange, PatientAppointments } from '../../src/shared/diary/calls';
import { appointments } from '../../src/shared/entities';
import { newCompany, type CallResponse } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { callerFor, insertedId, messageText, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let ada: number; // the admin, "Ada Admin", a practitioner working every day, all day
let jane: number;
let room2: number;
let consultation: number;
let foreignPractitioner: number;

const idOf = (path: string, values: Row, key: string) => insertedId(c, path, values, key);
const book = (values: Row) => c<Row>('appointments/insert', values);
let patientCount = 0;
const patient = (first = `P${++patientCount}`, last = 'Test') =>
  idOf('patients/insert', { patient_first_name: first, patient_last_name: last }, 'patient_id');

async function practitioner(first: string, allDay = true): Promise<number> {
  const id = await idOf(
    'users/insert',
    {
      user_first_name: first,
      user_last_name: 'Doc',
      user_email: `${first.toLowerCase()}-${Date.now()}@diary.test`,
      user_practitioner: 1,
    },
    'user_id',
  );
  if (allDay) await allWeek(id);
  return id;
}

async function allWeek(userId: number) {
  for (const weekday of ['1', '2', '3', '4', '5', '6', '7'])
    await idOf(
      'working_hours/insert',
      {
        working_hour_user_id: userId,
        working_hour_weekday: weekday,
        working_hour_start: '00:00',
        working_hour_end: '24:00',
      },
      'working_hour_id',
    );
}

const statusCounts = (replies: CallResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const modules = await moduleIdsOf(env.server, env.company, env.admin);
  const zone = await c('modules/update_public_settings', {
    module_id: modules.materia,
    field: 'time_zone',
    value: 'Europe/London',
  });
  expect(zone.result, messageText(zone)).toBe(true);
  ada = env.admin.user_id;
  await c('users/update', { user_id: ada, field: 'user_first_name', value: 'Ada' });
  await c('users/update', { user_id: ada, field: 'user_last_name', value: 'Admin' });
  await c('users/update', { user_id: ada, field: 'user_practitioner', value: 1 });
  await allWeek(ada);
  jane = await patient('Jane', 'Doe');
  room2 = await idOf(
    'locations/insert',
    { location_name: 'Room 2', location_kind: 'room' },
    'location_id',
  );
  consultation = await idOf(
    'appointment_types/insert',
    { appointment_type_name: 'Initial consultation', appointment_type_duration_minutes: 45 },
    'appointment_type_id',
  );
  const other = await newCompany(env.server, 'Other Diary Clinic');
  const otherAdmin = await adminToken(env.server, other);
  // Ids are per clinic: the other clinic's second user, while this clinic has one user only.
  foreignPractitioner = await insertedId(
    callerFor(env.server, other, otherAdmin),
    'users/insert',
    {
      user_first_name: 'Foreign',
      user_last_name: 'Doc',
      user_email: `foreign-${Date.now()}@diary.test`,
      user_practitioner: 1,
    },
    'user_id',
  );
});

describe('booking', () => {
  it('defaults the end from the type, writes the label in the clinic zone', async () => {
    const reply = await book({
      appointment_patient_id: await patient(),
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      appointment_start: '2027-03-02T14:00:00Z',
    });
    expect(reply.result, messageText(reply)).toBe(true);
    expect(new Date(reply.data.appointment_end as string).toISOString()).toBe(
      '2027-03-02T14:45:00.000Z',
    );
    expect(reply.data.appointment_name).toBe('Initial consultation · Tue 2 Mar 14:00');
  });

  it('refuses a start after its end, naming the end', async () => {
    const reply = await book({
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_start: '2027-03-03T11:00:00Z',
      appointment_end: '2027-03-03T10:00:00Z',
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({ field: 'appointment_end' });
    expect(messageText(reply)).toBe('End: must be after the start.');
  });

  it("refuses another clinic's practitioner and a user who is not a practitioner", async () => {
    for (const id of [foreignPractitioner, 999_999]) {
      const reply = await book({
        appointment_patient_id: jane,
        appointment_practitioner_id: id,
        appointment_type_id: consultation,
        appointment_start: '2027-03-03T10:00:00Z',
      });
      expect(reply.status).toBe(400);
      expect(messageText(reply)).toMatch(/^Practitioner: there is no practitioner with id/);
    }
  });

  it('refuses a staff member who is not a practitioner, naming the field; pickers offer practitioners only', async () => {
    const staff = await idOf(
      'users/insert',
      {
        user_first_name: 'Rita',
        user_last_name: 'Reception',
        user_email: `rita-${Date.now()}@diary.test`,
      },
      'user_id',
    );
    const reply = await book({
      appointment_patient_id: jane,
      appointment_practitioner_id: staff,
      appointment_type_id: consultation,
      appointment_start: '2027-03-03T10:00:00Z',
    });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]).toMatchObject({ field: 'appointment_practitioner_id' });
    expect(messageText(reply)).toMatch(/^Practitioner: there is no practitioner with id/);
    // What the practitioner pickers ask for (the definitions' pickWhere): Rita is not offered.
    const field = appointments.fields.find((f) => f.name === 'appointment_practitioner_id');
    const offered = await c<Array<{ id: number; label: string }>>('users/typeahead', {
      filters: { ...field?.pickWhere },
    });
    expect(offered.result, messageText(offered)).toBe(true);
    const ids = offered.data.map((u) => u.id);
    expect(ids).toContain(ada);
    expect(ids).not.toContain(staff);
  });

  it('refuses a wall time in the missing hour by name (diary calls take wall times)', async () => {
    const series = await c('diary/book_series', {
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      start: '2026-03-29T01:30',
      recurrence: { every_weeks: 1, count: 2 },
    });
    expect(series.status).toBe(400);
    expect(messageText(series)).toBe(
      'Start: 01:30 on 29/03/2026 does not exist in Europe/London: the clocks go forward then. ' +
        'Choose a time before or after the change.',
    );
  });
});

describe('no double booking', () => {
  it('50 concurrent bookings of one practitioner slot: 1 booked, 49 told the clash, no 5xx', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        book({
          appointment_patient_id: jane,
          appointment_practitioner_id: ada,
          appointment_type_id: consultation,
          appointment_start: '2027-03-09T10:00:00Z',
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 200: 1, 409: 49 });
    for (const r of replies.filter((r) => r.status === 409))
      expect(messageText(r)).toBe('Ada Admin already has Jane Doe 10:00–10:45 on Tue 9 Mar.');
  });

  it('50 concurrent bookings of one room by 50 practitioners: 1 booked, 49 told the room is taken', async () => {
    const doctors: number[] = [];
    for (let i = 0; i < 50; i++) doctors.push(await practitioner(`Room${i}`, false));
    const replies = await Promise.all(
      doctors.map((doctor) =>
        book({
          appointment_patient_id: jane,
          appointment_practitioner_id: doctor,
          appointment_type_id: consultation,
          appointment_room_id: room2,
          appointment_start: '2027-03-10T10:00:00Z',
          appointment_override_reason: 'Room race',
        }),
      ),
    );
    expect(statusCounts(replies)).toEqual({ 200: 1, 409: 49 });
    for (const r of replies.filter((r) => r.status === 409))
      expect(messageText(r)).toBe('Room 2 is taken by Jane Doe 10:00–10:45 on Wed 10 Mar.');
  });

  it('moving into a clash is refused by name; a cancelled appointment frees its slot', async () => {
    const first = await book({
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      appointment_start: '2027-03-11T09:00:00Z',
    });
    const other = await book({
      appointment_patient_id: await patient('Tom', 'Moved'),
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      appointment_start: '2027-03-11T11:00:00Z',
    });
    const moved = await c('diary/move', {
      appointment_id: other.data.appointment_id,
      start: '2027-03-11T09:30',
    });
    expect(moved.status).toBe(409);
    expect(messageText(moved)).toBe('Ada Admin already has Jane Doe 09:00–09:45 on Thu 11 Mar.');
    const noReason = await c('diary/cancel', { appointment_id: first.data.appointment_id });
    expect(noReason.status).toBe(400);
    const cancelled = await c<{ appointments: Row[] }>('diary/cancel', {
      appointment_id: first.data.appointment_id,
      reason: 'Patient is unwell',
    });
    expect(cancelled.result, messageText(cancelled)).toBe(true);
    expect(cancelled.data.appointments[0]).toMatchObject({
      appointment_status: 'cancelled',
      appointment_cancelled_by: ada,
    });
    const again = await c<{ appointments: Row[] }>('diary/move', {
      appointment_id: other.data.appointment_id,
      start: '2027-03-11T09:30',
    });
    expect(again.result, messageText(again)).toBe(true);
    expect(again.data.appointments[0]!.appointment_name).toBe(
      'Initial consultation · Thu 11 Mar 09:30',
    );
  });
});

describe('outside working hours', () => {
  it('is a warning the caller overrides only with a reason, which is stored', async () => {
    const parttimer = await practitioner('Parttime', false);
    const values = {
      appointment_patient_id: jane,
      appointment_practitioner_id: parttimer,
      appointment_type_id: consultation,
      appointment_start: '2027-03-14T10:00:00Z',
    };
    const warned = await book(values);
    expect(warned.status).toBe(409);
    expect(warned.messages[0]).toMatchObject({ type: 'w', field: 'appointment_override_reason' });
    expect(messageText(warned)).toMatch(/Parttime Doc .*To book it anyway, give a reason\.$/);
    expect(warned.data).toMatchObject({ override: { field: 'appointment_override_reason' } });
    const booked = await book({ ...values, appointment_override_reason: 'Urgent, seen on Sunday' });
    expect(booked.result, messageText(booked)).toBe(true);
    expect(booked.data.appointment_override_reason).toBe('Urgent, seen on Sunday');
  });
});

describe('series', () => {
  const localTimes = async (from: string, to: string) => {
    const range = await c<DiaryRange>('diary/get_range', { from, to, practitioner_ids: [ada] });
    expect(range.result, messageText(range)).toBe(true);
    return range.data.appointments.map((a) => a.start);
  };

  it('a weekly series at 09:00 stays at 09:00 local across both 2026 changes', async () => {
    const spring = await c<{ series_id: number; recurrence: string }>('diary/book_series', {
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      start: '2026-03-23T09:00',
      recurrence: { every_weeks: 1, count: 2 },
    });
    expect(spring.result, messageText(spring)).toBe(true);
    expect(spring.data.recurrence).toBe(
      'DTSTART;TZID=Europe/London:20260323T090000\nRRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=2',
    );
    expect(await localTimes('2026-03-23', '2026-03-31')).toEqual([
      '2026-03-23T09:00:00+00:00',
      '2026-03-30T09:00:00+01:00',
    ]);
    const autumn = await c('diary/book_series', {
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      start: '2026-10-19T09:00',
      recurrence: { every_weeks: 1, until: '2026-10-26' },
    });
    expect(autumn.result, messageText(autumn)).toBe(true);
    expect(await localTimes('2026-10-19', '2026-10-27')).toEqual([
      '2026-10-19T09:00:00+01:00',
      '2026-10-26T09:00:00+00:00',
    ]);
  });

  it('a clash anywhere in a series writes nothing and names each clash', async () => {
    const blocker = await book({
      appointment_patient_id: await patient('Blocking', 'Patient'),
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      appointment_start: '2027-04-13T09:00:00Z', // BST: 10:00 local, the series' third week
    });
    expect(blocker.result, messageText(blocker)).toBe(true);
    const series = await c('diary/book_series', {
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      start: '2027-03-30T10:00',
      recurrence: { every_weeks: 1, count: 4 },
    });
    expect(series.status).toBe(409);
    expect(messageText(series)).toBe(
      'Nothing was booked or moved: Ada Admin already has Blocking Patient 10:00–10:45 on Tue 13 Apr.',
    );
    expect(await localTimes('2027-03-30', '2027-04-21')).toEqual(['2027-04-13T10:00:00+01:00']);
  });

  it('moves this and following by the same wall time (a series of their own), cancels all of it', async () => {
    const series = await c<{ series_id: number; appointment_ids: number[] }>('diary/book_series', {
      appointment_patient_id: jane,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      start: '2027-05-04T09:00',
      recurrence: { every_weeks: 2, count: 3 },
    });
    expect(series.result, messageText(series)).toBe(true);
    const [, second] = series.data.appointment_ids;
    const moved = await c('diary/move', {
      appointment_id: second,
      start: '2027-05-19T15:00',
      scope: 'following',
    });
    expect(moved.result, messageText(moved)).toBe(true);
    expect(await localTimes('2027-05-01', '2027-06-05')).toEqual([
      '2027-05-04T09:00:00+01:00',
      '2027-05-19T15:00:00+01:00',
      '2027-06-02T15:00:00+01:00',
    ]);
    const cancelled = await c<{ appointments: Row[] }>('diary/cancel', {
      appointment_id: second,
      reason: 'Course ended',
      scope: 'all',
    });
    expect(cancelled.result, messageText(cancelled)).toBe(true);
    expect(cancelled.data.appointments).toHaveLength(2);
    expect(await localTimes('2027-05-01', '2027-06-05')).toEqual(['2027-05-04T09:00:00+01:00']);
  });
});

describe('reads and statuses', () => {
  it("one click sets a status; a patient's next and past appointments; next appointment kept", async () => {
    const rose = await patient('Rose', 'Next');
    const booked = await book({
      appointment_patient_id: rose,
      appointment_practitioner_id: ada,
      appointment_type_id: consultation,
      appointment_start: '2027-06-15T13:00:00Z',
    });
    const id = booked.data.appointment_id as number;
    const stored = await c<Row>('patients/get', { patient_id: rose });
    expect(stored.data.patient_next_appointment).toBe('2027-06-15 14:00:00');
    const arrived = await c<Row>('diary/set_status', { appointment_id: id, status: 'arrived' });
    expect(arrived.data.appointment_status).toBe('arrived');
    const mine = await c<PatientAppointments>('diary/get_patient_appointments', {
      patient_id: rose,
    });
    expect(mine.data.next.map((a) => a.appointment_id)).toEqual([id]);
    await c('diary/cancel', { appointment_id: id, reason: 'Moved away' });
    const after = await c<Row>('patients/get', { patient_id: rose });
    expect(after.data.patient_next_appointment).toBeNull();
  });

  it('get_range answers the columns and refuses a range backwards', async () => {
    const range = await c<DiaryRange>('diary/get_range', { from: '2027-03-09', to: '2027-03-09' });
    expect(range.data.zone).toBe('Europe/London');
    expect(range.data.practitioners.map((p) => p.user_id)).toContain(ada);
    expect(range.data.rooms.map((r) => r.name)).toContain('Room 2');
    expect(range.data.appointments[0]).toMatchObject({
      patient_name: 'Jane Doe',
      type_name: 'Initial consultation',
      start: '2027-03-09T10:00:00+00:00',
    });
    const backwards = await c('diary/get_range', { from: '2027-03-09', to: '2027-03-01' });
    expect(backwards.status).toBe(400);
  });
});
