/**
 * What the availability engine reads for one clinic and a range of days, in a few statements
 * whatever the number of practitioners: the practitioners (enabled users with user_practitioner
 * = 1, optionally those offering a type), their weekly rules, the exceptions touching the range,
 * and their live appointments widened by each appointment's own type's buffers.
 *
 * The appointments statement reads the (company_id, appointment_practitioner_id,
 * appointment_start) index with a range on the start, for all practitioners at once
 * (`= any(…)`): the busiest read of `booking/get_slots` (budget p99 ≤ 30 ms on a clinic of
 * 150,000 appointments).
 */
import { sql } from 'kysely';
import { CANCELLED_STATUSES } from '../../shared/diary/statuses';
import type { Tx } from '../db/tenancy';
import type { BusyInterval } from './free-slots';
import type { AvailabilityException, ExceptionKind, WeeklyRule } from './working-intervals';
import { DAY_MS, MINUTE_MS } from './zone-clock';

export interface PractitionerRow {
  user_id: number;
  name: string;
  colour: string;
}

interface PractitionerFilter {
  /** Only these users (still only enabled practitioners among them). */
  ids?: readonly number[];
  /** Only those offering this appointment type (appointment_type_practitioners). */
  typeId?: number;
}

const idList = (ids: readonly number[]) => sql`${[...ids]}::bigint[]`;

export async function findPractitioners(
  db: Tx,
  companyId: number,
  filter: PractitionerFilter = {},
): Promise<PractitionerRow[]> {
  const { rows } = await sql<PractitionerRow>`
    select u.user_id::int as user_id, u.user_name as name, u.user_colour as colour
    from users u
    where u.company_id = ${companyId} and u.user_practitioner = 1 and u.user_enabled = 1
      ${filter.ids ? sql`and u.user_id = any(${idList(filter.ids)})` : sql``}
      ${
        filter.typeId !== undefined
          ? sql`and exists (select 1 from appointment_type_practitioners p
              where p.company_id = u.company_id and p.user_id = u.user_id
                and p.appointment_type_id = ${filter.typeId})`
          : sql``
      }
    order by u.user_name, u.user_id`.execute(db);
  return rows;
}

/** The weekly rules of the practitioners that apply on some day of from…to. */
export async function findWeeklyRules(
  db: Tx,
  companyId: number,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<WeeklyRule[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<WeeklyRule>`
    select working_hour_user_id::int as user_id, working_hour_location_id::int as location_id,
      working_hour_weekday::int as weekday, working_hour_start as start, working_hour_end as "end",
      working_hour_every_weeks::int as every_weeks,
      to_char(working_hour_valid_from, 'YYYY-MM-DD') as valid_from,
      to_char(working_hour_valid_until, 'YYYY-MM-DD') as valid_until
    from working_hours
    where company_id = ${companyId} and working_hour_user_id = any(${idList(userIds)})
      and (working_hour_valid_from is null or working_hour_valid_from <= ${to}::date)
      and (working_hour_valid_until is null or working_hour_valid_until >= ${from}::date)`.execute(
    db,
  );
  return rows;
}

/** Exceptions touching from…to: the practitioners' own and the whole clinic's. */
export async function findExceptions(
  db: Tx,
  companyId: number,
  userIds: readonly number[],
  from: string,
  to: string,
): Promise<AvailabilityException[]> {
  const { rows } = await sql<AvailabilityException & { kind: ExceptionKind }>`
    select availability_exception_kind as kind, availability_exception_user_id::int as user_id,
      availability_exception_location_id::int as location_id,
      to_char(availability_exception_from, 'YYYY-MM-DD') as "from",
      to_char(availability_exception_until, 'YYYY-MM-DD') as until,
      availability_exception_start as start, availability_exception_end as "end",
      availability_exception_name as name
    from availability_exceptions
    where company_id = ${companyId}
      and (availability_exception_user_id is null
        or availability_exception_user_id = any(${idList(userIds)}))
      and availability_exception_from <= ${to}::date
      and availability_exception_until >= ${from}::date`.execute(db);
  return rows;
}

/**
 * Live appointments of the practitioners that, widened by their type's buffers, touch the
 * instants [from, until). Buffers are at most a day, and an appointment is looked for from two
 * days before: one that starts earlier and still runs into the range (longer than a day) is not
 * something a clinic books.
 */
export async function findBusy(
  db: Tx,
  companyId: number,
  userIds: readonly number[],
  from: number,
  until: number,
  exceptAppointmentId?: number,
): Promise<BusyInterval[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{
    practitioner_id: number;
    start: Date;
    end: Date;
    before: number;
    after: number;
  }>`
    select a.appointment_practitioner_id::int as practitioner_id,
      a.appointment_start as start, a.appointment_end as "end",
      coalesce(t.appointment_type_buffer_before_minutes, 0)::int as before,
      coalesce(t.appointment_type_buffer_after_minutes, 0)::int as after
    from appointments a
    left join appointment_types t
      on t.company_id = a.company_id and t.appointment_type_id = a.appointment_type_id
    where a.company_id = ${companyId} and a.appointment_practitioner_id = any(${idList(userIds)})
      and a.appointment_start >= ${new Date(from - 2 * DAY_MS)}
      and a.appointment_start < ${new Date(until + DAY_MS)}
      and a.appointment_status <> all(${[...CANCELLED_STATUSES]}::text[])
      ${exceptAppointmentId !== undefined ? sql`and a.appointment_id <> ${exceptAppointmentId}` : sql``}`.execute(
    db,
  );
  return rows
    .map((r) => ({
      practitioner_id: r.practitioner_id,
      start: r.start.getTime() - r.before * MINUTE_MS,
      end: r.end.getTime() + r.after * MINUTE_MS,
    }))
    .filter((b) => b.start < until && from < b.end);
}

/** A user's name, practitioner or not (for a message about someone who has no hours). */
export async function findUserName(
  db: Tx,
  companyId: number,
  userId: number,
): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`
    select user_name as name from users
    where company_id = ${companyId} and user_id = ${userId}`.execute(db);
  return rows[0]?.name;
}
