/**
 * What the booking calls read and write, every query naming the company as well as relying on
 * row-level security. Only what is bookable online is read for the public: types marked online
 * with an enabled practitioner who offers them.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';

export interface OnlineType {
  appointment_type_id: number;
  name: string;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_hours: number;
  horizon_days: number;
  cancel_notice_hours: number;
  price: number;
  description: string;
  practitioner_ids: number[];
}

/** An OnlineType's columns but its practitioners, from appointment_types `t`. */
export const typeColumns = sql`t.appointment_type_id::int as appointment_type_id,
      t.appointment_type_name as name,
      t.appointment_type_duration_minutes::int as duration_minutes,
      t.appointment_type_buffer_before_minutes::int as buffer_before_minutes,
      t.appointment_type_buffer_after_minutes::int as buffer_after_minutes,
      t.appointment_type_min_notice_hours::int as min_notice_hours,
      t.appointment_type_horizon_days::int as horizon_days,
      t.appointment_type_cancel_notice_hours::int as cancel_notice_hours,
      t.appointment_type_price::float8 as price,
      t.appointment_type_description as description`;

/** Enabled practitioners who offer the type (the link table's rows, narrowed). */
const offeredBy = sql`coalesce((select array_agg(p.user_id::int order by p.user_id)
    from appointment_type_practitioners p
    join users u on u.company_id = p.company_id and u.user_id = p.user_id
    where p.company_id = t.company_id and p.appointment_type_id = t.appointment_type_id
      and u.user_enabled = 1 and u.user_practitioner = 1), '{}')`;

/** Online types with at least one practitioner; one type when `typeId` is given. */
export async function onlineTypes(
  trx: Tx,
  companyId: number,
  typeId?: number,
): Promise<OnlineType[]> {
  const result = await sql<OnlineType>`select * from (select ${typeColumns},
      ${offeredBy} as practitioner_ids
    from appointment_types t
    where t.company_id = ${companyId} and t.appointment_type_online = 1
      ${typeId === undefined ? sql`` : sql`and t.appointment_type_id = ${typeId}`}) o
    where cardinality(o.practitioner_ids) > 0
    order by o.name, o.appointment_type_id`.execute(trx);
  return result.rows;
}

interface PublicPractitioner {
  user_id: number;
  name: string;
}

export async function practitionersNamed(
  trx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<PublicPractitioner[]> {
  if (ids.length === 0) return [];
  const result = await sql<PublicPractitioner>`select user_id::int as user_id, user_name as name
    from users where company_id = ${companyId} and user_id = any(${[...ids]}::bigint[])
    order by user_name, user_id`.execute(trx);
  return result.rows;
}

/** A patient of the same e-mail (any case) and date of birth: the oldest, if several. */
export async function matchingPatient(
  trx: Tx,
  companyId: number,
  email: string,
  dateOfBirth: string,
): Promise<number | null> {
  const result = await sql<{ patient_id: number }>`select patient_id::int as patient_id
    from patients where company_id = ${companyId} and lower(patient_email) = ${email}
      and patient_dob = ${dateOfBirth}::date
    order by patient_id limit 1`.execute(trx);
  return result.rows[0]?.patient_id ?? null;
}

export interface ManagedAppointment {
  appointment_id: number;
  appointment_type_id: number;
  practitioner_id: number;
  patient_id: number;
  location_id: number | null;
  room_id: number | null;
  start: Date;
  end: Date;
  status: string;
  type_name: string;
  cancel_notice_hours: number;
  practitioner_name: string;
  patient_email: string;
}

/** The appointment a manage link names, locked against a second cancel or move at once. */
export async function lockedAppointment(
  trx: Tx,
  companyId: number,
  appointmentId: number,
): Promise<ManagedAppointment | null> {
  const result = await sql<ManagedAppointment>`select a.appointment_id::int as appointment_id,
      a.appointment_type_id::int as appointment_type_id,
      a.appointment_practitioner_id::int as practitioner_id,
      a.appointment_patient_id::int as patient_id,
      a.appointment_location_id::int as location_id, a.appointment_room_id::int as room_id,
      a.appointment_start as start, a.appointment_end as "end", a.appointment_status as status,
      coalesce(t.appointment_type_name, '') as type_name,
      coalesce(t.appointment_type_cancel_notice_hours, 0)::int as cancel_notice_hours,
      coalesce(u.user_name, '') as practitioner_name,
      coalesce(p.patient_email, '') as patient_email
    from appointments a
    left join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    left join appointment_types t on t.company_id = a.company_id
      and t.appointment_type_id = a.appointment_type_id
    left join users u on u.company_id = a.company_id and u.user_id = a.appointment_practitioner_id
    where a.company_id = ${companyId} and a.appointment_id = ${appointmentId}
    for update of a`.execute(trx);
  return result.rows[0] ?? null;
}

/** True when a live appointment of the practitioner overlaps [start, end). */
export async function practitionerBusy(
  trx: Tx,
  companyId: number,
  practitionerId: number,
  start: Date,
  end: Date,
): Promise<boolean> {
  const result = await sql<{ busy: boolean }>`select exists (select 1 from appointments
    where company_id = ${companyId} and appointment_practitioner_id = ${practitionerId}
      and appointment_status not in ('cancelled', 'late_cancelled')
      and tstzrange(appointment_start, appointment_end) && tstzrange(${start}, ${end})) as busy`.execute(
    trx,
  );
  return result.rows[0]?.busy ?? false;
}
