/**
 * The calendar's date maths in the clinic's zone: react-big-calendar's Luxon localizer, with the
 * comparisons it makes thousands of times a render answered from remembered starts of days
 * (and weeks, months). Its own versions build two or three Luxon DateTimes per comparison: each
 * event is compared with each day of the view (inRange), each slot worked out from its day's
 * start (getSlotDate), ≈ 300 ms of a week's ≈ 600 ms render of 150 appointments. The answers are
 * the same: a start of day is a pure function of the instant in a fixed zone, so it is worked out
 * by Luxon once per instant and unit and looked up after; units of a fixed length, and the
 * earlier or later of two instants, are plain arithmetic.
 */
import { DateTime, Settings } from 'luxon';
import { luxonLocalizer, type DateLocalizer, type Formats } from 'react-big-calendar';
import { CachedZone } from './cachedZone';

type Unit = string | undefined;

/** Forgotten past this many instants (a long session of drags): they are cheap to work out. */
const REMEMBERED_MAX = 50_000;

/** Units of a fixed length, in ms (an hour is 60 minutes whatever the day). */
const FIXED_MS: Readonly<Record<string, number>> = {
  milliseconds: 1,
  seconds: 1_000,
  minutes: 60_000,
  hours: 3_600_000,
};

/** Luxon's unit names, as the localizer's `fixUnit` makes them ('day' → 'days'). */
const luxonUnit = (unit: Unit): string | undefined =>
  unit ? (unit.endsWith('s') ? unit : `${unit}s`).toLowerCase() : undefined;

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Sets Luxon's default zone to the clinic's (the component converts with the default zone) and
 * returns the localizer for it (Monday starts the week), the calendar's formats and `wallTime`:
 * times as 'HH:mm' in the clinic's zone, worked out from the zone's offset (each event's label
 * is two times, and Luxon's toFormat was a tenth of a render).
 */
export function clinicLocalizer(zone: string): {
  localizer: DateLocalizer;
  formats: Formats;
  wallTime: (date: Date) => string;
} {
  const clinicZone = new CachedZone(zone);
  Settings.defaultZone = clinicZone;
  const wallTime = (date: Date) => {
    const ms = +date;
    const minutes = Math.floor((ms + clinicZone.offset(ms) * 60_000) / 60_000);
    const ofDay = ((minutes % 1440) + 1440) % 1440;
    return `${twoDigits(Math.floor(ofDay / 60))}:${twoDigits(ofDay % 60)}`;
  };
  const span = ({ start, end }: { start: Date; end: Date }) =>
    `${wallTime(start)}–${wallTime(end)}`;
  const formats: Formats = {
    timeGutterFormat: (date: Date) => wallTime(date),
    eventTimeRangeFormat: span,
    selectRangeFormat: span,
    dayFormat: 'ccc d',
    dayHeaderFormat: 'cccc d LLLL',
    weekdayFormat: 'ccc',
  };
  const localizer = luxonLocalizer(DateTime, { firstDayOfWeek: 1 });
  /** Per unit: instant → the start of the unit holding it, epoch ms. */
  const starts = new Map<string, Map<number, number>>();
  const slots = new Map<string, Date>();

  /** The start of `unit` holding the instant, epoch ms; the instant itself without a unit. */
  const startMs = (date: Date, unit: Unit): number => {
    const part = luxonUnit(unit);
    const ms = +date;
    if (!part) return ms;
    let known = starts.get(part);
    if (!known) {
      known = new Map<number, number>();
      starts.set(part, known);
    }
    let start = known.get(ms);
    if (start === undefined) {
      if (known.size >= REMEMBERED_MAX) known.clear();
      // Singular for Luxon's startOf; 'weeks' is Monday-first (ISO), the localizer's week.
      start = +DateTime.fromMillis(ms).startOf(part.slice(0, -1) as 'day');
      known.set(ms, start);
    }
    return start;
  };

  // The component's unit names are strings ('minutes'); its types name fewer.
  const plainDiff = localizer.diff.bind(localizer) as (a: Date, b: Date, unit?: Unit) => number;
  const compare =
    (test: (a: number, b: number) => boolean) =>
    (a: Date, b: Date, unit?: Unit): boolean =>
      test(startMs(a, unit), startMs(b, unit));
  const eq = compare((a, b) => a === b);
  const neq = compare((a, b) => a !== b);
  const gt = compare((a, b) => a > b);
  const gte = compare((a, b) => a >= b);
  const lt = compare((a, b) => a < b);
  const lte = compare((a, b) => a <= b);

  const overrides = {
    eq,
    neq,
    gt,
    gte,
    lt,
    lte,
    startOf: (date: Date, unit?: Unit) => new Date(startMs(date, unit)),
    inRange: (day: Date, min: Date, max: Date, unit: Unit = 'day') => {
      const at = startMs(day, unit);
      return at >= startMs(min, unit) && at <= startMs(max, unit);
    },
    getSlotDate: (date: Date, minutesFromMidnight: number, offset: number) => {
      const day = startMs(date, 'day');
      const minutes = minutesFromMidnight + offset;
      const key = `${day} ${minutes}`;
      let slot = slots.get(key);
      if (slot === undefined) {
        if (slots.size >= REMEMBERED_MAX) slots.clear();
        // Wall-clock minutes from midnight, as the Luxon localizer sets them (DST days too).
        slot = DateTime.fromMillis(day).set({ minute: minutes }).toJSDate();
        slots.set(key, slot);
      }
      // A copy: the component may change the Date it is given.
      return new Date(slot);
    },
    // Units of fixed length are a division; days and longer are Luxon's (wall-clock days).
    diff: (a: Date, b: Date, unit: Unit = 'day') => {
      const length = FIXED_MS[luxonUnit(unit) ?? ''];
      return length ? Math.floor((+b - +a) / length) : plainDiff(a, b, unit);
    },
    getTotalMin: (start: Date, end: Date) => Math.floor((+end - +start) / 60_000),
    getMinutesFromMidnight: (date: Date) => Math.round((+date - startMs(date, 'day')) / 60_000),
    continuesPrior: (start: Date, first: Date) => lt(start, first),
    continuesAfter: (_start: Date, end: Date, last: Date) => gte(end, last),
    sortEvents: ({ evtA, evtB }: { evtA: Span; evtB: Span }) =>
      startMs(evtA.start, 'day') - startMs(evtB.start, 'day') ||
      daySpan(evtB) - daySpan(evtA) ||
      Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
      +evtA.start - +evtB.start ||
      +evtA.end - +evtB.end,
    inEventRange: ({ event, range }: { event: Span; range: { start: Date; end: Date } }) => {
      const start = new Date(startMs(event.start, 'day'));
      const startsBeforeEnd = lte(start, range.end, 'day');
      const endsAfterStart = neq(start, event.end, 'minutes')
        ? gt(event.end, range.start, 'minutes')
        : gte(event.end, range.start, 'minutes');
      return startsBeforeEnd && endsAfterStart;
    },
    isSameDate: (a: Date, b: Date) => eq(a, b, 'day'),
    min: (a: Date, b: Date) => new Date(Math.min(+a, +b)),
    max: (a: Date, b: Date) => new Date(Math.max(+a, +b)),
  };
  Object.assign(localizer, overrides as unknown as Partial<DateLocalizer>);
  return { localizer, formats, wallTime };
}

interface Span {
  start: Date;
  end: Date;
  allDay?: boolean;
}

/** Days between start and end, fractional (Luxon's `diff().as('days')`: 24-hour days). */
const daySpan = (event: Span) => (+event.end - +event.start) / 86_400_000;
