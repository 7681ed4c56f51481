/**
 * Free times to book: computed on every request from working time minus live appointments,
 * never stored. A start fits when the appointment with its own buffers,
 * [start − buffer before, start + duration + buffer after), lies inside one working interval and
 * overlaps nothing busy. Starts step from each working interval's start (09:00, 09:15, …), so the
 * times offered line up with the practitioner's day rather than with the buffer.
 */
import { dayNumber, MINUTE_MS, ZoneClock } from './zone-clock';
import type { WorkingInterval } from './working-intervals';

/** What of an appointment type shapes its free times (appointment_types columns, unprefixed). */
export interface SlotType {
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_hours: number;
  /** Bookable up to this many clinic days ahead of today (today + N included). */
  horizon_days: number;
}

/** Time a practitioner is taken: a live appointment, already widened by ITS type's buffers. */
export interface BusyInterval {
  practitioner_id: number;
  start: number;
  end: number;
}

export interface FreeSlotsInput {
  zone: string;
  type: SlotType;
  /** Practitioners who offer the type (and were asked for). */
  practitionerIds: readonly number[];
  /** Clinic days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  now: number | Date;
  stepMinutes: number;
  working: readonly WorkingInterval[];
  busy: readonly BusyInterval[];
}

interface Slot {
  /** ISO 8601 with the clinic's offset: 2026-03-30T09:00:00+01:00. */
  start: string;
  practitioner_id: number;
}

interface SlotInstant {
  start: number;
  practitioner_id: number;
}

const HOUR_MS = 60 * MINUTE_MS;

type Stretch = [start: number, end: number];

/** Each practitioner's busy time as sorted stretches that do not overlap (ends ascend too). */
function mergedBusy(busy: readonly BusyInterval[], wanted: ReadonlySet<number>) {
  const byPractitioner = new Map<number, Stretch[]>();
  for (const b of busy) {
    if (!wanted.has(b.practitioner_id) || b.end <= b.start) continue;
    const list = byPractitioner.get(b.practitioner_id) ?? [];
    list.push([b.start, b.end]);
    byPractitioner.set(b.practitioner_id, list);
  }
  for (const [id, list] of byPractitioner) {
    list.sort((a, b) => a[0] - b[0]);
    const merged: Stretch[] = [];
    for (const [s, e] of list) {
      const last = merged[merged.length - 1];
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    byPractitioner.set(id, merged);
  }
  return byPractitioner;
}

/** Whether [from, until) overlaps a stretch: the first stretch ending after `from` decides. */
function overlapsAny(stretches: readonly Stretch[], from: number, until: number): boolean {
  let lo = 0;
  let hi = stretches.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (stretches[mid]![1] <= from) lo = mid + 1;
    else hi = mid;
  }
  const next = stretches[lo];
  return next !== undefined && next[0] < until;
}

/** The free starts as instants, sorted by start then practitioner. */
export function freeSlotInstants(input: FreeSlotsInput): SlotInstant[] {
  const { type } = input;
  const clock = new ZoneClock(input.zone);
  const now = typeof input.now === 'number' ? input.now : input.now.getTime();
  const step = Math.max(1, input.stepMinutes) * MINUTE_MS;
  const before = type.buffer_before_minutes * MINUTE_MS;
  const length = type.duration_minutes * MINUTE_MS;
  const after = type.buffer_after_minutes * MINUTE_MS;
  const earliest = now + type.min_notice_hours * HOUR_MS;
  const lastDay = Math.min(dayNumber(input.to), clock.today(now) + type.horizon_days);
  const firstDay = dayNumber(input.from);
  const wanted = new Set(input.practitionerIds);

  const busyOf = mergedBusy(input.busy, wanted);

  const slots: SlotInstant[] = [];
  for (const interval of input.working) {
    if (!wanted.has(interval.practitioner_id)) continue;
    const day = dayNumber(interval.day);
    if (day < firstDay || day > lastDay) continue;
    const busy = busyOf.get(interval.practitioner_id) ?? [];
    // The first step whose buffer before still lies inside the interval.
    let start = interval.start + Math.ceil(before / step) * step;
    if (start < earliest) start += Math.ceil((earliest - start) / step) * step;
    for (
      ;
      start - before >= interval.start && start + length + after <= interval.end;
      start += step
    ) {
      const from = start - before;
      const until = start + length + after;
      if (overlapsAny(busy, from, until)) continue;
      slots.push({ start, practitioner_id: interval.practitioner_id });
    }
  }
  return slots.sort((a, b) => a.start - b.start || a.practitioner_id - b.practitioner_id);
}

/** Free times to offer, each with the clinic's offset. */
export function freeSlots(input: FreeSlotsInput): Slot[] {
  const clock = new ZoneClock(input.zone);
  return freeSlotInstants(input).map((slot) => ({
    start: clock.iso(slot.start),
    practitioner_id: slot.practitioner_id,
  }));
}
