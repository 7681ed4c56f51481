/**
 * The free times of one appointment type, computed on every call by the availability engine
 * (src/server/availability/: working time from the weekly rules and exceptions, minus live
 * appointments widened by their buffers, minimum notice and horizon), never stored.
 */
import { freeSlotInstants } from '../availability/free-slots';
import { readAvailability, readBusy } from '../availability/service';
import type { WorkingInterval } from '../availability/working-intervals';
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

const locationAt = (working: readonly WorkingInterval[], practitioner: number, start: number) =>
  working.find((w) => w.practitioner_id === practitioner && w.start <= start && start < w.end)
    ?.location_id ?? null;

/** The type's free times for the practitioners over the clinic days from…to. */
export async function freeTimes(trx: Tx, q: FreeTimesQuery): Promise<FreeTime[]> {
  if (q.practitionerIds.length === 0) return [];
  const range = { from: q.from, to: q.to, zone: q.zone, practitionerIds: q.practitionerIds };
  const { working } = await readAvailability(trx, q.companyId, range);
  const busy = await readBusy(trx, q.companyId, range);
  const slots = freeSlotInstants({
    ...range,
    type: q.type,
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
