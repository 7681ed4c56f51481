/**
 * The free times of one appointment type, computed on every call by the availability engine
 * (src/server/availability/: working time from the weekly rules and exceptions, minus live
 * appointments widened by their buffers, minimum notice and horizon), never stored.
 *
 * Narrow loader: the rows the engine needs are read here. When the availability part answers a
 * loader of its own, this file calls it instead and keeps its one export.
 */
import { sql } from 'kysely';
import { freeSlotInstants, type BusyInterval } from '../availability/free-slots';
import {
  workingIntervals,
  type AvailabilityException,
  type WeeklyRule,
  type WorkingInterval,
} from '../availability/working-intervals';
import { DAY_MS } from '../availability/zone-clock';
import type { Tx } from '../db/tenancy';
import type { OnlineType } from './repository';

export interface FreeTime {
  start: number;
  end: number;
  practitioner_id: number;
  /** The site the practitioner works at then (their working hours' location). */
  location_id: number | null;
}

interface FreeTimesQuery {
  companyId: number;
  zone: string;
  stepMinutes: number;
  type: OnlineType;
  practitionerIds: readonly number[];
  /** Clinic days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  now: number;
}

async function weeklyRules(trx: Tx, companyId: number, ids: readonly number[]) {
  const result = await sql<WeeklyRule>`select working_hour_user_id::int as user_id,
      working_hour_location_id::int as location_id,
      working_hour_weekday::int as weekday, working_hour_start as start, working_hour_end as "end",
      working_hour_every_weeks::int as every_weeks,
      working_hour_valid_from::text as valid_from, working_hour_valid_until::text as valid_until
    from working_hours
    where company_id = ${companyId} and working_hour_user_id = any(${[...ids]}::bigint[])`.execute(
    trx,
  );
  return result.rows;
}

async function exceptions(trx: Tx, companyId: number, ids: readonly number[], q: FreeTimesQuery) {
  const result = await sql<AvailabilityException>`select
      availability_exception_kind as kind, availability_exception_user_id::int as user_id,
      availability_exception_location_id::int as location_id,
      availability_exception_from::text as "from", availability_exception_until::text as until,
      availability_exception_start as start, availability_exception_end as "end",
      availability_exception_name as name
    from availability_exceptions
    where company_id = ${companyId}
      and (availability_exception_user_id is null
        or availability_exception_user_id = any(${[...ids]}::bigint[]))
      and availability_exception_from <= ${q.to}::date
      and availability_exception_until >= ${q.from}::date`.execute(trx);
  return result.rows;
}

/** Live appointments of the practitioners around the days asked, widened by their buffers. */
async function busyTimes(trx: Tx, q: FreeTimesQuery): Promise<BusyInterval[]> {
  // A clinic day lies within a day and a half of its UTC date, whatever the zone.
  const from = new Date(Date.parse(`${q.from}T00:00:00Z`) - 2 * DAY_MS);
  const until = new Date(Date.parse(`${q.to}T00:00:00Z`) + 3 * DAY_MS);
  const result =
    await sql<BusyInterval>`select a.appointment_practitioner_id::int as practitioner_id,
      (extract(epoch from a.appointment_start) * 1000
        - coalesce(t.appointment_type_buffer_before_minutes, 0) * 60000)::float8 as start,
      (extract(epoch from a.appointment_end) * 1000
        + coalesce(t.appointment_type_buffer_after_minutes, 0) * 60000)::float8 as "end"
    from appointments a
    left join appointment_types t on t.company_id = a.company_id
      and t.appointment_type_id = a.appointment_type_id
    where a.company_id = ${q.companyId}
      and a.appointment_practitioner_id = any(${[...q.practitionerIds]}::bigint[])
      and a.appointment_status not in ('cancelled', 'late_cancelled')
      and a.appointment_start < ${until} and a.appointment_end > ${from}`.execute(trx);
  return result.rows;
}

const locationAt = (working: readonly WorkingInterval[], practitioner: number, start: number) =>
  working.find((w) => w.practitioner_id === practitioner && w.start <= start && start < w.end)
    ?.location_id ?? null;

/** The type's free times for the practitioners over the clinic days from…to. */
export async function freeTimes(trx: Tx, q: FreeTimesQuery): Promise<FreeTime[]> {
  if (q.practitionerIds.length === 0) return [];
  const [rules, closed, busy] = await Promise.all([
    weeklyRules(trx, q.companyId, q.practitionerIds),
    exceptions(trx, q.companyId, q.practitionerIds, q),
    busyTimes(trx, q),
  ]);
  const { working } = workingIntervals({
    zone: q.zone,
    from: q.from,
    to: q.to,
    practitionerIds: q.practitionerIds,
    rules,
    exceptions: closed,
  });
  const slots = freeSlotInstants({
    zone: q.zone,
    type: q.type,
    practitionerIds: q.practitionerIds,
    from: q.from,
    to: q.to,
    now: q.now,
    stepMinutes: q.stepMinutes,
    working,
    busy,
  });
  const length = q.type.duration_minutes * 60_000;
  return slots.map((slot) => ({
    ...slot,
    end: slot.start + length,
    location_id: locationAt(working, slot.practitioner_id, slot.start),
  }));
}
