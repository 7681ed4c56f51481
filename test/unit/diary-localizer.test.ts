/**
 * The diary calendar's localizer (src/web/features/diary/clinicLocalizer.ts) remembers starts of
 * days and the clinic zone's offsets per hour: its answers must be react-big-calendar's own Luxon
 * localizer's, on ordinary days and on the DST days of Europe/London (2026-03-29, 2026-10-25)
 * and of a zone east of UTC whose change falls at a half hour (Australia/Adelaide).
 */
import { DateTime, IANAZone, Settings } from 'luxon';
import { luxonLocalizer, type DateLocalizer } from 'react-big-calendar';
import { afterAll, describe, expect, it } from 'vitest';
import { CachedZone } from '../../src/web/features/diary/cachedZone';
import { clinicLocalizer } from '../../src/web/features/diary/clinicLocalizer';

afterAll(() => {
  Settings.defaultZone = 'system';
});

/** Every 7 minutes across the three days around `day`, and each quarter hour's edge. */
function instants(day: string, zone: string): Date[] {
  const from = DateTime.fromISO(day, { zone }).minus({ days: 1 }).toMillis();
  const out: Date[] = [];
  for (let ms = from; ms < from + 3 * 86_400_000; ms += 7 * 60_000) out.push(new Date(ms));
  for (let ms = from; ms < from + 3 * 86_400_000; ms += 15 * 60_000) out.push(new Date(ms - 1));
  return out;
}

type Span = { start: Date; end: Date; allDay?: boolean };
type Loose = Record<string, (...args: unknown[]) => unknown>;

function answers(localizer: DateLocalizer, dates: Date[]) {
  const l = localizer as unknown as Loose;
  const out: unknown[] = [];
  dates.forEach((a, i) => {
    const b = dates[(i * 37) % dates.length] as Date;
    for (const unit of ['day', 'week', 'month', 'minutes', undefined]) {
      out.push(
        +(l.startOf!(a, unit) as Date),
        l.eq!(a, b, unit),
        l.lt!(a, b, unit),
        l.gte!(a, b, unit),
      );
    }
    out.push(l.inRange!(a, b, new Date(+b + 3 * 3_600_000), 'day'));
    out.push(l.getMinutesFromMidnight!(a), l.isSameDate!(a, b), l.getTotalMin!(b, a));
    for (const unit of ['minutes', 'hours', 'day', 'month']) out.push(l.diff!(a, b, unit));
    for (const minutes of [0, 15, 90, 135, 540, 1260])
      out.push(+(l.getSlotDate!(a, minutes, 0) as Date));
    const event: Span = { start: a, end: new Date(+a + 45 * 60_000) };
    const other: Span = { start: b, end: new Date(+b + 30 * 60_000) };
    out.push(l.inEventRange!({ event, range: { start: b, end: other.end } }));
    out.push(Math.sign(l.sortEvents!({ evtA: event, evtB: other }) as number));
  });
  return out;
}

describe('the diary calendar localizer', () => {
  for (const [zone, day] of [
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['Europe/London', '2026-07-14'],
    ['Australia/Adelaide', '2026-04-05'],
    ['Australia/Adelaide', '2026-10-04'],
  ] as const) {
    it(`answers as the Luxon localizer in ${zone} around ${day}`, () => {
      const dates = instants(day, zone);
      Settings.defaultZone = zone;
      const expected = answers(luxonLocalizer(DateTime, { firstDayOfWeek: 1 }), dates);
      const actual = answers(clinicLocalizer(zone), dates);
      expect(actual).toEqual(expected);
    });
  }

  // Adelaide changes at 16:30 UTC, inside an hour the cache keeps: that hour is not kept.
  for (const [zone, day] of [
    ['Europe/London', '2026-10-24'],
    ['Australia/Adelaide', '2026-10-03'],
  ] as const) {
    it(`keeps the offset of every minute of ${zone}'s DST day ${day}`, () => {
      const cached = new CachedZone(zone);
      const plain = IANAZone.create(zone);
      const from = DateTime.fromISO(day, { zone }).toMillis();
      for (let ms = from; ms < from + 2 * 86_400_000; ms += 60_000) {
        expect(cached.offset(ms)).toBe(plain.offset(ms));
        expect(cached.offset(ms - 1)).toBe(plain.offset(ms - 1));
      }
    });
  }
});
