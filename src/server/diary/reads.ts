/**
 * The diary's reads: a range of clinic days (diary/get_range: the appointments, with the
 * practitioners and rooms that are its columns) and one patient's next and past appointments.
 * One indexed range read each, every name joined (no read per appointment).
 */
import { sql, type RawBuilder } from 'kysely';
import type { DiaryAppointment, DiaryRange, PatientAppointments } from '../../shared/diary/calls';
import { DIARY_RANGE_DAYS_MAX } from '../../shared/diary/calls';
import type { z } from 'zod';
import { rangeInstants } from '../availability/service';
import { dayNumber, ZoneClock } from '../availability/zone-clock';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import type { getRangeSchema } from './input';
import { clinicTimeZone } from './time-zone';

/** The longest appointment a range read looks back for (one starting the day before). */
const LOOK_BACK = sql`interval '1 day'`;

interface StoredAppointment extends Omit<DiaryAppointment, 'start' | 'end'> {
  start: Date;
  end: Date;
}

function selectAppointments(
  ctx: CallContext,
  where: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
  limit = 5000,
) {
  const company = ctx.caller.company.company_id;
  return sql<StoredAppointment>`select a.appointment_id, a.appointment_name,
      a.appointment_patient_id as patient_id,
      btrim(p.patient_first_name || ' ' || p.patient_last_name) as patient_name,
      a.appointment_practitioner_id as practitioner_id, a.appointment_type_id as type_id,
      t.appointment_type_name as type_name, t.appointment_type_colour as type_colour,
      a.appointment_location_id as location_id, a.appointment_room_id as room_id,
      l.location_name as room_name, a.appointment_start as start, a.appointment_end as "end",
      a.appointment_status as status, a.appointment_series_id as series_id,
      a.appointment_override_reason as override_reason, a.appointment_notes as notes,
      a.row_version
    from appointments a
    join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    left join appointment_types t
      on t.company_id = a.company_id and t.appointment_type_id = a.appointment_type_id
    left join locations l on l.company_id = a.company_id and l.location_id = a.appointment_room_id
    where a.company_id = ${company} and ${where}
    order by ${order} limit ${limit}`.execute(ctx.trx);
}

/** Instants as ISO 8601 with the clinic's offset (ZoneClock: a day's offsets looked up once). */
function presentAll(rows: StoredAppointment[], zone: string): DiaryAppointment[] {
  const clock = new ZoneClock(zone);
  return rows.map((row) => ({
    ...row,
    start: clock.iso(row.start.getTime()),
    end: clock.iso(row.end.getTime()),
  }));
}

const LIVE = sql`a.appointment_status not in ('cancelled', 'late_cancelled')`;

export async function getRange(
  ctx: CallContext,
  input: z.infer<typeof getRangeSchema>,
): Promise<DiaryRange> {
  const days = dayNumber(input.to) - dayNumber(input.from) + 1;
  if (days < 1) throw badRequest('To: must not be before from.', 'to');
  if (days > DIARY_RANGE_DAYS_MAX)
    throw badRequest(`To: a diary read covers at most ${DIARY_RANGE_DAYS_MAX} days.`, 'to');
  const zone = await clinicTimeZone(ctx);
  const { start, end } = rangeInstants(zone, input.from, input.to);
  const [from, to] = [new Date(start).toISOString(), new Date(end).toISOString()];
  const conditions: RawBuilder<unknown>[] = [
    sql`a.appointment_start >= ${from}::timestamptz - ${LOOK_BACK}`,
    sql`a.appointment_start < ${to}::timestamptz`,
    sql`a.appointment_end > ${from}::timestamptz`,
  ];
  if (input.practitioner_ids)
    conditions.push(sql`a.appointment_practitioner_id = any(${input.practitioner_ids}::int[])`);
  if (input.location_id !== undefined)
    conditions.push(
      sql`(a.appointment_location_id = ${input.location_id} or a.appointment_room_id = ${input.location_id})`,
    );
  if (input.appointment_type_id !== undefined)
    conditions.push(sql`a.appointment_type_id = ${input.appointment_type_id}`);
  if (!input.include_cancelled) conditions.push(LIVE);
  const rows = await selectAppointments(
    ctx,
    sql.join(conditions, sql` and `),
    sql`a.appointment_start`,
  );
  const columns = await readColumns(ctx, input.practitioner_ids);
  return { zone, ...columns, appointments: presentAll(rows.rows, zone) };
}

/** The diary's columns: enabled practitioners (with their colour) and the rooms. */
async function readColumns(ctx: CallContext, ids: readonly number[] | undefined) {
  const company = ctx.caller.company.company_id;
  const only = ids ? sql`and u.user_id = any(${ids}::int[])` : sql``;
  const practitioners = await sql<DiaryRange['practitioners'][number]>`select u.user_id,
      u.user_name as name, u.user_colour as colour from users u
    where u.company_id = ${company} and u.user_enabled = 1 and u.user_practitioner = 1 ${only}
    order by u.user_name, u.user_id`.execute(ctx.trx);
  const rooms = await sql<DiaryRange['rooms'][number]>`select l.location_id,
      l.location_name as name, l.location_site_id as site_id from locations l
    where l.company_id = ${company} and l.location_kind = 'room'
    order by l.location_name, l.location_id`.execute(ctx.trx);
  return { practitioners: practitioners.rows, rooms: rooms.rows };
}

/** How many past appointments a patient's screen shows. */
const PAST_MAX = 50;

export async function patientAppointments(
  ctx: CallContext,
  patientId: number,
): Promise<PatientAppointments> {
  const zone = await clinicTimeZone(ctx);
  const patient = sql`a.appointment_patient_id = ${patientId}`;
  const next = await selectAppointments(
    ctx,
    sql`${patient} and a.appointment_end > now() and ${LIVE}`,
    sql`a.appointment_start`,
  );
  // Past ones and cancelled ones (a cancelled future appointment is history too), latest first.
  const past = await selectAppointments(
    ctx,
    sql`${patient} and (a.appointment_end <= now() or not (${LIVE}))`,
    sql`a.appointment_start desc`,
    PAST_MAX,
  );
  return { next: presentAll(next.rows, zone), past: presentAll(past.rows, zone) };
}
