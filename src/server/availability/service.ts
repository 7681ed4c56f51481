/**
 * The availability part's entry points for the rest of the server: read what the engine needs
 * for one clinic and a range of days (./repository.ts) and run it (./working-intervals.ts).
 * Other parts call these with their own tenant transaction (`ctx.trx`) and company id:
 * - readAvailability: working intervals and closed pieces per practitioner (the diary's shading,
 *   the booking page's free times, the appointments service's hours check);
 * - readBusy: live appointments widened by their type's buffers, for freeSlots;
 * - workingHoursProblem: outsideHoursReason for one practitioner and [start, end), read and all.
 */
import type { Tx } from '../db/tenancy';
import type { BusyInterval } from './free-slots';
import { outsideHoursReason } from './outside-hours';
import {
  findBusy,
  findExceptions,
  findPractitioners,
  findUserName,
  findWeeklyRules,
  type PractitionerRow,
} from './repository';
import { workingIntervals, type Availability } from './working-intervals';
import { dayNumber, isoDateOf, ZoneClock } from './zone-clock';

interface AvailabilityRange {
  /** Clinic days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  zone: string;
  /** Only these practitioners; absent: every enabled practitioner. */
  practitionerIds?: readonly number[];
  /** Only the practitioners offering this appointment type. */
  typeId?: number;
}

interface AvailabilityRead extends Availability {
  /** The enabled practitioners read, by name. */
  practitioners: PractitionerRow[];
}

export async function readAvailability(
  db: Tx,
  companyId: number,
  range: AvailabilityRange,
): Promise<AvailabilityRead> {
  const practitioners = await findPractitioners(db, companyId, {
    ...(range.practitionerIds ? { ids: range.practitionerIds } : {}),
    ...(range.typeId !== undefined ? { typeId: range.typeId } : {}),
  });
  const ids = practitioners.map((p) => p.user_id);
  const [rules, exceptions] = ids.length
    ? [
        await findWeeklyRules(db, companyId, ids, range.from, range.to),
        await findExceptions(db, companyId, ids, range.from, range.to),
      ]
    : [[], []];
  const availability = workingIntervals({
    zone: range.zone,
    from: range.from,
    to: range.to,
    practitionerIds: ids,
    rules,
    exceptions,
  });
  return { ...availability, practitioners };
}

/** The instants [start of `from`, end of `to`) of a range of clinic days. */
export function rangeInstants(zone: string, from: string, to: string) {
  const clock = new ZoneClock(zone);
  return { start: clock.instant(dayNumber(from), 0), end: clock.instant(dayNumber(to), 1440) };
}

/** Live appointments of the practitioners over the clinic days, widened by their buffers. */
export async function readBusy(
  db: Tx,
  companyId: number,
  range: {
    from: string;
    to: string;
    zone: string;
    practitionerIds: readonly number[];
    /** An appointment being moved does not stand in its own way. */
    exceptAppointmentId?: number;
  },
): Promise<BusyInterval[]> {
  const { start, end } = rangeInstants(range.zone, range.from, range.to);
  return findBusy(db, companyId, range.practitionerIds, start, end, range.exceptAppointmentId);
}

/**
 * Why [start, end) is outside the practitioner's working time ("Ada Admin does not work on
 * Sundays", "inside Ada Admin's break 13:00–14:00"), or null when it is inside. A user who is not
 * an enabled practitioner has no working time.
 */
export async function workingHoursProblem(
  db: Tx,
  companyId: number,
  check: { zone: string; practitionerId: number; start: number | string; end: number | string },
): Promise<string | null> {
  const start = typeof check.start === 'number' ? check.start : Date.parse(check.start);
  const day = isoDateOf(new ZoneClock(check.zone).dayOf(start));
  const availability = await readAvailability(db, companyId, {
    from: day,
    to: day,
    zone: check.zone,
    practitionerIds: [check.practitionerId],
  });
  const practitioner = availability.practitioners[0];
  if (!practitioner) {
    const name = (await findUserName(db, companyId, check.practitionerId)) ?? 'This user';
    return `${name} is not a practitioner with working hours`;
  }
  return outsideHoursReason(availability, practitioner, start, check.end);
}
