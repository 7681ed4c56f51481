/**
 * The availability engine: each practitioner's working time, as instants, per clinic day and
 * location, from the weekly rules (working_hours) and their exceptions (availability_exceptions).
 * Pure: the rows come in, intervals go out; nothing is stored.
 *
 * A day is worked out in wall minutes, then turned into instants in the clinic's zone
 * (./zone-clock.ts, which holds the DST rule):
 *   ((weekly rules − days off and holidays) ∪ extra hours) − breaks
 * Extra hours win over a day off or a clinic holiday (a practitioner who works on a bank holiday
 * adds extra hours that day); a break cuts into any hours, extra ones too. An exception without a
 * practitioner applies to everyone; one without a location to every location.
 */
import {
  dayNumber,
  isoDateOf,
  minutesOf,
  weekdayOf,
  ZoneClock,
  type DayNumber,
} from './zone-clock';

export type ExceptionKind = 'day_off' | 'holiday' | 'extra_hours' | 'break';

/** A working_hours row, as the engine needs it. */
export interface WeeklyRule {
  user_id: number;
  location_id: number | null;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** 'HH:mm' wall time; end may be 24:00. */
  start: string;
  end: string;
  every_weeks: number;
  valid_from: string | null;
  valid_until: string | null;
}

/** An availability_exceptions row. */
export interface AvailabilityException {
  kind: ExceptionKind;
  /** null: the whole clinic. */
  user_id: number | null;
  location_id: number | null;
  from: string;
  until: string;
  /** 'HH:mm', or '' for the whole day. */
  start: string;
  end: string;
  /** The row's label, for messages ("Day off 24–26 Dec"). */
  name: string;
}

/** A stretch of work, half-open [start, end), in epoch milliseconds. */
export interface WorkingInterval {
  practitioner_id: number;
  location_id: number | null;
  day: string;
  start: number;
  end: number;
}

/** Time the weekly rules give that an exception takes away (for "inside X's break 13:00–14:00"). */
interface ClosedInterval {
  practitioner_id: number;
  day: string;
  kind: 'day_off' | 'holiday' | 'break';
  /** An exception of no one practitioner: the clinic is closed. */
  whole_clinic: boolean;
  /** Wall times of the exception itself on that day. */
  wall_start: string;
  wall_end: string;
  name: string;
  start: number;
  end: number;
}

interface AvailabilityInput {
  zone: string;
  /** Clinic days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  practitionerIds: readonly number[];
  rules: readonly WeeklyRule[];
  exceptions: readonly AvailabilityException[];
}

export interface Availability {
  zone: string;
  working: WorkingInterval[];
  closed: ClosedInterval[];
}

/** Wall minutes [start, end) of one day. */
type Span = [number, number];

const ALL_DAY: Span = [0, 1440];

/** Sorted, non-overlapping spans; touching spans join (09–13 and 13–17 are one stretch). */
function union(spans: readonly Span[]): Span[] {
  const sorted = spans.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Span[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function subtract(spans: readonly Span[], cuts: readonly Span[]): Span[] {
  let rest = union(spans);
  for (const [cs, ce] of union(cuts)) {
    rest = rest.flatMap(([s, e]): Span[] => {
      if (ce <= s || cs >= e) return [[s, e]];
      return [...(cs > s ? [[s, cs] as Span] : []), ...(ce < e ? [[ce, e] as Span] : [])];
    });
  }
  return rest;
}

const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];

/**
 * Whether a rule applies on `day`: its weekday, inside its dates, and for every N weeks the
 * week counted from the first day it applies (weeks start on Monday). A fortnightly rule with no
 * first day counts from the week of 1970-01-05 — the behaviour asks for a first day instead.
 */
export function ruleApplies(rule: WeeklyRule, day: DayNumber): boolean {
  if (weekdayOf(day) !== rule.weekday) return false;
  if (rule.valid_from && day < dayNumber(rule.valid_from)) return false;
  if (rule.valid_until && day > dayNumber(rule.valid_until)) return false;
  const every = Math.max(1, rule.every_weeks);
  if (every === 1) return true;
  const anchor = rule.valid_from ? dayNumber(rule.valid_from) : 4; // 1970-01-05, a Monday
  const mondayOf = (d: DayNumber) => d - (weekdayOf(d) - 1);
  const weeks = Math.round((mondayOf(day) - mondayOf(anchor)) / 7);
  return weeks % every === 0;
}

/** Its times on each of its days: a missing start is the day's start, a missing end its end. */
const spanOf = (e: AvailabilityException): Span => [
  e.start ? minutesOf(e.start) : ALL_DAY[0],
  e.end ? minutesOf(e.end) : ALL_DAY[1],
];

const exceptionOn = (e: AvailabilityException, day: DayNumber, user: number) =>
  (e.user_id === null || e.user_id === user) &&
  day >= dayNumber(e.from) &&
  day <= dayNumber(e.until);

const atLocation = (e: AvailabilityException, location: number | null) =>
  e.location_id === null || e.location_id === location;

/** One practitioner's day: spans per location, and what exceptions took away. */
function practitionerDay(
  user: number,
  day: DayNumber,
  rules: readonly WeeklyRule[],
  exceptions: readonly AvailabilityException[],
) {
  const todays = exceptions.filter((e) => exceptionOn(e, day, user));
  const byLocation = new Map<number | null, Span[]>();
  const add = (location: number | null, span: Span) =>
    byLocation.set(location, [...(byLocation.get(location) ?? []), span]);
  for (const rule of rules)
    if (rule.user_id === user && ruleApplies(rule, day))
      add(rule.location_id, [minutesOf(rule.start), minutesOf(rule.end)]);

  // Each exception once, even when it closes hours at several locations.
  const closed = new Set<AvailabilityException>();
  const offs = todays.filter((e) => e.kind === 'day_off' || e.kind === 'holiday');
  const breaks = todays.filter((e) => e.kind === 'break');
  const extras = todays.filter((e) => e.kind === 'extra_hours');
  const result = new Map<number | null, Span[]>();
  const locations = new Set([...byLocation.keys(), ...extras.map((e) => e.location_id)]);
  for (const location of locations) {
    const weekly = union(byLocation.get(location) ?? []);
    const offCuts = offs.filter((e) => atLocation(e, location));
    for (const e of [...offCuts, ...breaks.filter((b) => atLocation(b, location))])
      if (weekly.some((s) => overlaps(s, spanOf(e)))) closed.add(e);
    const worked = [
      ...subtract(weekly, offCuts.map(spanOf)),
      ...extras.filter((e) => e.location_id === location).map(spanOf),
    ];
    const spans = subtract(worked, breaks.filter((e) => atLocation(e, location)).map(spanOf));
    if (spans.length) result.set(location, spans);
  }
  return { spans: result, closed };
}

/** Every practitioner's working intervals (and closed pieces) over the days from…to. */
export function workingIntervals(input: AvailabilityInput): Availability {
  const clock = new ZoneClock(input.zone);
  const working: WorkingInterval[] = [];
  const closed: ClosedInterval[] = [];
  const first = dayNumber(input.from);
  const last = dayNumber(input.to);
  const rulesOf = new Map<number, WeeklyRule[]>();
  for (const rule of input.rules)
    rulesOf.set(rule.user_id, [...(rulesOf.get(rule.user_id) ?? []), rule]);
  for (const user of input.practitionerIds) {
    const rules = rulesOf.get(user) ?? [];
    for (let day = first; day <= last; day++) {
      const iso = isoDateOf(day);
      const today = practitionerDay(user, day, rules, input.exceptions);
      for (const [location, spans] of today.spans) {
        for (const [s, e] of spans) {
          const start = clock.instant(day, s);
          const end = clock.instant(day, e);
          // A stretch wholly inside the missing hour lasts no real time.
          if (end > start)
            working.push({ practitioner_id: user, location_id: location, day: iso, start, end });
        }
      }
      for (const exception of today.closed) {
        const span = spanOf(exception);
        closed.push({
          practitioner_id: user,
          day: iso,
          kind: exception.kind as ClosedInterval['kind'],
          whole_clinic: exception.user_id === null,
          wall_start: exception.start || '00:00',
          wall_end: exception.end || '24:00',
          name: exception.name,
          start: clock.instant(day, span[0]),
          end: clock.instant(day, span[1]),
        });
      }
    }
  }
  working.sort((a, b) => a.practitioner_id - b.practitioner_id || a.start - b.start);
  return { zone: input.zone, working, closed };
}
