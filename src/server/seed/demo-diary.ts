/**
 * The demo clinic's diary: two practitioners (Ada Admin, who logs in, and Hazel Hawthorn, who
 * logs in with the same password), a treatment room each at the main clinic, their weekly hours,
 * three online-bookable appointment types both offer, a lunch break, a day off and a holiday,
 * two patients on the waitlist, a few patients due for review (./demo-review.ts), and two weeks
 * of appointments (this week and next) counted from
 * the day the demo is created in the clinic's zone: past ones completed (or a no-show), today's
 * arrived or booked, later ones booked or confirmed, one cancelled. Appointments never overlap for
 * a practitioner or a room (the database's exclusion constraints would refuse it).
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import type { Tx } from '../db/tenancy';
import { appointmentName } from '../diary/format';
import { seedDueForReview } from './demo-review';
import { insertRows, randomSource, type SeedRow } from './insert';

/** The demo clinic is in Bath. */
const DEMO_TIME_ZONE = 'Europe/London';

interface DemoType {
  name: string;
  minutes: number;
  bufferAfter: number;
  price: number;
  colour: string;
  minNoticeHours: number;
  description: string;
}

const DEMO_TYPES: readonly DemoType[] = [
  {
    name: 'Initial consultation',
    minutes: 60,
    bufferAfter: 10,
    price: 75,
    colour: '#c77d2e',
    minNoticeHours: 24,
    description: 'A full case history, an examination and your first prescription.',
  },
  {
    name: 'Follow-up',
    minutes: 30,
    bufferAfter: 0,
    price: 45,
    colour: '#3a7ca5',
    minNoticeHours: 12,
    description: 'How the medicine is working, and a new prescription if needed.',
  },
  {
    name: 'Dispensary pick-up',
    minutes: 15,
    bufferAfter: 0,
    price: 0,
    colour: '#8a9a3b',
    minNoticeHours: 2,
    description: 'Collect a repeat prescription.',
  },
];

type TypeName = 'initial' | 'follow' | 'pickup';
const TYPE_OF: Record<TypeName, string> = {
  initial: 'Initial consultation',
  follow: 'Follow-up',
  pickup: 'Dispensary pick-up',
};

interface Practitioner {
  room: string;
  /** ISO weekday → opening and closing wall times. */
  hours: Record<number, [string, string]>;
  /** The day's possible appointments (wall time, type), in order and never overlapping. */
  plan: Array<[string, TypeName]>;
}

const ADA: Practitioner = {
  room: 'Treatment room 1',
  hours: {
    1: ['09:00', '17:00'],
    2: ['09:00', '17:00'],
    3: ['09:00', '17:00'],
    4: ['09:00', '17:00'],
    5: ['09:00', '17:00'],
  },
  // Lunch (13:00–14:00) is a break.
  plan: [
    ['09:00', 'initial'],
    ['10:30', 'follow'],
    ['11:15', 'follow'],
    ['12:00', 'pickup'],
    ['14:00', 'initial'],
    ['15:30', 'follow'],
    ['16:15', 'pickup'],
  ],
};

const HAZEL: Practitioner = {
  room: 'Treatment room 2',
  hours: {
    3: ['10:00', '18:00'],
    4: ['10:00', '18:00'],
    5: ['10:00', '18:00'],
    6: ['09:00', '13:00'],
    7: ['10:00', '14:00'],
  },
  plan: [
    ['09:15', 'follow'],
    ['10:00', 'initial'],
    ['11:30', 'follow'],
    ['12:15', 'pickup'],
    ['14:00', 'follow'],
    ['15:00', 'initial'],
    ['16:30', 'follow'],
    ['17:15', 'pickup'],
  ],
};

const minutesOf = (wall: string) => {
  const [h = 0, m = 0] = wall.split(':').map(Number);
  return h * 60 + m;
};

const dayName = (weekday: number) => DateTime.fromObject({ weekday: weekday as 1 }).toFormat('ccc');

async function single<T>(trx: Tx, query: ReturnType<typeof sql<T>>): Promise<T> {
  const row = (await query.execute(trx)).rows[0];
  if (!row) throw new Error('The demo diary seed found nothing where it expected a row.');
  return row;
}

/** Hazel logs in with the admin's password: the demo has one password to hand out. */
async function addPractitioners(trx: Tx, companyId: number): Promise<[number, number]> {
  await sql`update users set user_practitioner = 1, user_colour = '#2f7d5b'
    where company_id = ${companyId} and user_id = 1`.execute(trx);
  const domain = await single<{ domain: string }>(
    trx,
    sql`select split_part(user_email, '@', 2) as domain from users
      where company_id = ${companyId} and user_id = 1`,
  );
  const hazel = await single<{ id: string }>(
    trx,
    sql`insert into users (company_id, user_first_name, user_last_name, user_email,
        user_password_hash, user_practitioner, user_colour)
      select company_id, 'Hazel', 'Hawthorn', ${`hazel.hawthorn@${domain.domain}`},
        user_password_hash, 1, '#7b4fa0'
      from users where company_id = ${companyId} and user_id = 1
      returning user_id as id`,
  );
  await sql`insert into user_groups (company_id, user_id, group_id)
    select company_id, ${hazel.id}, group_id from groups
    where company_id = ${companyId} and group_key = 'staff'`.execute(trx);
  return [1, Number(hazel.id)];
}

/** The main clinic is a site; its two treatment rooms are rooms in it. */
async function addRooms(trx: Tx, companyId: number) {
  const site = await single<{ id: string }>(
    trx,
    sql`select location_id as id from locations
      where company_id = ${companyId} and location_name = 'Main clinic'`,
  );
  await sql`update locations set location_kind = 'room', location_site_id = ${site.id}
    where company_id = ${companyId} and location_name = ${HAZEL.room}`.execute(trx);
  const order = await single<{ next: number }>(
    trx,
    sql`select coalesce(max(location_order), 0)::int + 1 as next from locations
      where company_id = ${companyId}`,
  );
  await sql`insert into locations (company_id, location_name, location_order, location_kind,
      location_site_id, location_address_line1, location_city, location_postcode)
    select company_id, ${ADA.room}, ${order.next}, 'room', location_id, location_address_line1,
      location_city, location_postcode
    from locations where company_id = ${companyId} and location_id = ${site.id}`.execute(trx);
  const rooms = await sql<{ id: string; name: string }>`select location_id as id,
      location_name as name from locations
    where company_id = ${companyId} and location_kind = 'room'`.execute(trx);
  return {
    site: Number(site.id),
    rooms: new Map(rooms.rows.map((r) => [r.name, Number(r.id)])),
  };
}

async function addTypes(trx: Tx, companyId: number, practitioners: readonly number[]) {
  const types = await insertRows(
    trx,
    companyId,
    'appointment_types',
    DEMO_TYPES.map((t, index) => ({
      appointment_type_order: index + 1,
      appointment_type_name: t.name,
      appointment_type_duration_minutes: t.minutes,
      appointment_type_buffer_after_minutes: t.bufferAfter,
      appointment_type_price: t.price,
      appointment_type_colour: t.colour,
      appointment_type_online: 1,
      appointment_type_min_notice_hours: t.minNoticeHours,
      appointment_type_horizon_days: 90,
      appointment_type_cancel_notice_hours: 24,
      appointment_type_description: t.description,
    })),
    { key: 'appointment_type_name', id: 'appointment_type_id' },
  );
  await insertRows(
    trx,
    companyId,
    'appointment_type_practitioners',
    [...types.values()].flatMap((typeId) =>
      practitioners.map((userId) => ({ appointment_type_id: typeId, user_id: userId })),
    ),
  );
  return types;
}

export async function seedDiary(trx: Tx, companyId: number): Promise<void> {
  const r = randomSource(44_044);
  await sql`update modules set module_public_settings = module_public_settings
      || ${JSON.stringify({ [TIME_ZONE_SETTING]: DEMO_TIME_ZONE })}::jsonb
    where company_id = ${companyId} and module_name = ${PRODUCT_MODULE}`.execute(trx);
  const [ada, hazel] = await addPractitioners(trx, companyId);
  const { site, rooms } = await addRooms(trx, companyId);
  const types = await addTypes(trx, companyId, [ada, hazel]);
  const people: Array<[number, Practitioner]> = [
    [ada, ADA],
    [hazel, HAZEL],
  ];

  const now = DateTime.now().setZone(DEMO_TIME_ZONE);
  const today = now.startOf('day');
  const monday = today.startOf('week');
  const iso = (day: DateTime) => day.toISODate() as string;

  await insertRows(
    trx,
    companyId,
    'working_hours',
    people.flatMap(([userId, p]) =>
      Object.entries(p.hours).map(([weekday, [start, end]]) => ({
        working_hour_name: `${dayName(Number(weekday))} ${start}–${end}`,
        working_hour_user_id: userId,
        working_hour_location_id: rooms.get(p.room) ?? null,
        working_hour_weekday: weekday,
        working_hour_start: start,
        working_hour_end: end,
        working_hour_every_weeks: 1,
        working_hour_valid_from: iso(monday.minus({ weeks: 8 })),
      })),
    ),
  );
  await insertRows(trx, companyId, 'availability_exceptions', [
    exception(
      'Lunch',
      'break',
      ada,
      iso(monday.minus({ weeks: 8 })),
      iso(today.plus({ years: 1 })),
      '13:00',
      '14:00',
    ),
    exception(
      'Day off',
      'day_off',
      hazel,
      iso(monday.plus({ weeks: 3 })),
      iso(monday.plus({ weeks: 3, days: 2 })),
    ),
    exception(
      'Clinic closed',
      'holiday',
      null,
      iso(monday.plus({ weeks: 5 })),
      iso(monday.plus({ weeks: 5 })),
    ),
  ]);

  const patients = (
    await sql<{ id: string; name: string }>`select patient_id as id, patient_name as name
      from patients where company_id = ${companyId} order by patient_id`.execute(trx)
  ).rows.map((p) => ({ id: Number(p.id), name: p.name }));
  // Each patient comes once in the fortnight: nobody is in two rooms at once.
  const pool = r.some(patients, patients.length, patients.length);
  const appointments: SeedRow[] = [];
  let cancelled = false;
  for (let offset = 0; offset < 14; offset++) {
    const day = monday.plus({ days: offset });
    for (const [userId, p] of people) {
      const hours = p.hours[day.weekday];
      if (!hours) continue;
      const [open, close] = hours.map(minutesOf) as [number, number];
      for (const [wall, typeKey] of p.plan) {
        const type = DEMO_TYPES.find((t) => t.name === TYPE_OF[typeKey]) as DemoType;
        const from = minutesOf(wall);
        if (from < open || from + type.minutes > close || r.chance(0.3)) continue;
        // Set as wall time, so a DST day's 10:00 is 10:00.
        const start = day.set({ hour: Math.floor(from / 60), minute: from % 60 });
        const end = start.plus({ minutes: type.minutes });
        const patient = pool.pop();
        if (!patient) break;
        let status =
          end < now
            ? r.chance(0.08)
              ? 'no_show'
              : 'completed'
            : start <= now
              ? 'arrived'
              : r.chance(0.4)
                ? 'confirmed'
                : 'booked';
        const cancelling: boolean = !cancelled && start > now.plus({ days: 1 });
        if (cancelling) status = 'cancelled';
        cancelled ||= cancelling;
        appointments.push({
          appointment_name: appointmentName(type.name, start.toISO() as string, DEMO_TIME_ZONE),
          appointment_patient_id: patient.id,
          appointment_practitioner_id: userId,
          appointment_type_id: types.get(type.name) ?? null,
          appointment_location_id: site,
          appointment_room_id: rooms.get(p.room) ?? null,
          appointment_start: start.toISO(),
          appointment_end: end.toISO(),
          appointment_status: status,
          appointment_cancel_reason: cancelling ? 'Patient unwell; will call to rebook.' : '',
          appointment_cancelled_by: cancelling ? userId : null,
          appointment_cancelled_at: cancelling ? now.minus({ hours: 3 }).toISO() : null,
          appointment_source: status === 'booked' && r.chance(0.3) ? 'online' : 'staff',
          appointment_notes:
            typeKey === 'initial' && r.chance(0.5)
              ? 'New patient: bring any current medication.'
              : '',
        });
      }
    }
  }
  await insertRows(trx, companyId, 'appointments', appointments);

  const followUp = types.get(TYPE_OF.follow) ?? null;
  await insertRows(trx, companyId, 'waitlist_entries', [
    waiting(
      pool.pop(),
      followUp,
      hazel,
      iso(today),
      iso(today.plus({ weeks: 3 })),
      '09:00',
      '12:00',
      'Mornings only.',
    ),
    waiting(
      pool.pop(),
      followUp,
      null,
      iso(today),
      iso(today.plus({ weeks: 2 })),
      '',
      '',
      'Any time after school drop-off.',
    ),
  ]);
  // Of those booked for nothing, a few whose medicine runs out about now.
  await seedDueForReview(trx, companyId, today, pool);
}

function exception(
  name: string,
  kind: string,
  userId: number | null,
  from: string,
  until: string,
  start = '',
  end = '',
): SeedRow {
  return {
    availability_exception_name: name,
    availability_exception_kind: kind,
    availability_exception_user_id: userId,
    availability_exception_from: from,
    availability_exception_until: until,
    availability_exception_start: start,
    availability_exception_end: end,
  };
}

function waiting(
  patient: { id: number; name: string } | undefined,
  typeId: number | null,
  practitionerId: number | null,
  from: string,
  until: string,
  earliest: string,
  latest: string,
  notes: string,
): SeedRow {
  if (!patient) throw new Error('The demo clinic has too few patients for its waitlist.');
  return {
    waitlist_entry_name: patient.name,
    waitlist_entry_patient_id: patient.id,
    waitlist_entry_appointment_type_id: typeId,
    waitlist_entry_practitioner_id: practitionerId,
    waitlist_entry_from: from,
    waitlist_entry_until: until,
    waitlist_entry_earliest: earliest,
    waitlist_entry_latest: latest,
    waitlist_entry_status: 'waiting',
    waitlist_entry_notes: notes,
  };
}
