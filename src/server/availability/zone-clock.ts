/**
 * Wall time ↔ instants in a clinic's IANA time zone, one clinic day at a time. Working hours are
 * wall times ("Tuesdays 09:00"), so each day's 09:00 is turned into an instant with that day's
 * offset: 09:00 stays 09:00 across a DST change.
 *
 * The two hours a DST change makes odd:
 * - the missing hour (spring forward, Europe/London 2026-03-29 01:00–02:00): a wall time that
 *   does not exist moves to the first instant that exists after it, the change itself (01:30 →
 *   02:00 BST). Luxon alone would move it forward by the gap (02:30 BST), which would make a
 *   01:30–02:30 break last no time at all and start hours late; the change is the fairer answer.
 * - the doubled hour (fall back, 2026-10-25 01:00–02:00 happens twice): the first occurrence
 *   (01:30 BST, not 01:30 GMT), so a day's hours never start later than their wall time says.
 *
 * Luxon's zone offset costs ≈ 15 µs a call, so each day's offsets are looked up once (two calls,
 * a binary search only on a day with a change) and every wall time of that day is arithmetic.
 */
import { DateTime, IANAZone } from 'luxon';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** A clinic day as days since 1970-01-01 (UTC arithmetic on the calendar date). */
export type DayNumber = number;

export function dayNumber(isoDate: string): DayNumber {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

export const isoDateOf = (day: DayNumber): string =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: DayNumber): number => ((((day + 3) % 7) + 7) % 7) + 1;

/** 'HH:mm' (24:00 ends a day) → minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const timeOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The offsets one local day lives under: one, or a change from `before` to `after` at `change`. */
interface DayOffsets {
  before: number;
  after: number;
  /** The instant (ms) the offset changes; null when it does not that day. */
  change: number | null;
}

export class ZoneClock {
  private readonly tz: IANAZone;
  private readonly days = new Map<DayNumber, DayOffsets>();

  constructor(readonly zone: string) {
    this.tz = IANAZone.create(zone);
    if (!this.tz.isValid) throw new Error(`Unknown time zone "${zone}".`);
  }

  /** Minutes to add to UTC to get wall time, as the zone's rules say at instant `ms`. */
  private rawOffset(ms: number): number {
    return this.tz.offset(ms);
  }

  private offsetsOf(day: DayNumber): DayOffsets {
    const known = this.days.get(day);
    if (known) return known;
    // A day before and two days after the day's wall midnight cover every offset the local day
    // can have, whatever the zone's distance from UTC (at most ±14 h).
    let lo = (day - 1) * DAY_MS;
    let hi = (day + 2) * DAY_MS;
    const before = this.rawOffset(lo);
    const after = this.rawOffset(hi);
    let change: number | null = null;
    if (before !== after) {
      // The first minute under the new offset; zones change on whole minutes.
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (this.rawOffset(mid) === before) lo = mid;
        else hi = mid;
      }
      change = hi;
    }
    const offsets = { before, after, change };
    this.days.set(day, offsets);
    return offsets;
  }

  /**
   * The instant of wall time `minutes` after the start of clinic day `day` (1440 = the next day's
   * 00:00). In the doubled hour the first occurrence; in the missing hour the change itself.
   */
  instant(day: DayNumber, minutes: number): number {
    const wall = day * DAY_MS + minutes * MINUTE_MS;
    const { before, after, change } = this.offsetsOf(day);
    if (change === null) return wall - before * MINUTE_MS;
    const underBefore = wall - before * MINUTE_MS;
    const underAfter = wall - after * MINUTE_MS;
    const candidates = [
      ...(underBefore < change ? [underBefore] : []),
      ...(underAfter >= change ? [underAfter] : []),
    ];
    // None: the wall time falls in the gap the change skips.
    return candidates.length ? Math.min(...candidates) : change;
  }

  /** The zone's offset in minutes at an instant of clinic day `day` (or next to it). */
  offsetAt(ms: number, day: DayNumber): number {
    const { before, after, change } = this.offsetsOf(day);
    return change === null || ms < change ? before : after;
  }

  /** The clinic day an instant falls on. */
  dayOf(ms: number): DayNumber {
    const guess = Math.floor(ms / DAY_MS);
    for (const day of [guess - 1, guess, guess + 1]) {
      const local = ms + this.offsetAt(ms, day) * MINUTE_MS;
      if (Math.floor(local / DAY_MS) === day) return day;
    }
    return Math.floor((ms + this.rawOffset(ms) * MINUTE_MS) / DAY_MS);
  }

  /** Wall minutes after the start of `day` of an instant on that day. */
  wallMinutes(ms: number, day: DayNumber): number {
    return Math.round((ms + this.offsetAt(ms, day) * MINUTE_MS - day * DAY_MS) / MINUTE_MS);
  }

  /** ISO 8601 with the clinic's offset, to the second: 2026-03-30T09:00:00+01:00. */
  iso(ms: number, day: DayNumber = this.dayOf(ms)): string {
    const offset = this.offsetAt(ms, day);
    const local = new Date(ms + offset * MINUTE_MS).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    return `${local}${sign}${timeOfMinutes(abs)}`;
  }

  /** Today's clinic day at instant `now`. */
  today(now: number): DayNumber {
    return dayNumber(DateTime.fromMillis(now, { zone: this.zone }).toISODate() as string);
  }
}
