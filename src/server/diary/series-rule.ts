/**
 * A series' rule as RFC 5545 text (`DTSTART;TZID=Europe/London:20260323T090000` and
 * `RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=6`), kept on the series' first appointment, and its
 * occurrences as wall times in the clinic's zone. The rule is expanded on "floating" dates (the
 * wall time written as if UTC) and each wall time is then placed in the zone: a 09:00 series stays
 * at 09:00 across a DST change. (rrule's own TZID expansion depends on the host's zone.)
 */
import { DateTime } from 'luxon';
import rrule, { type Options } from 'rrule';
import { SERIES_COUNT_MAX } from '../../shared/diary/calls';
import { badRequest } from '../http/errors';

// rrule ships CommonJS to Node (its ESM build is for bundlers): named exports come from its default.
const { RRule } = rrule;
type RRule = InstanceType<typeof RRule>;

/** A wall time in the zone as rrule's floating date. */
const floating = (wall: DateTime): Date =>
  new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute));

interface Repeat {
  every_weeks: number;
  until?: string;
  count?: number;
}

export function ruleOf(start: DateTime, repeat: Repeat): RRule {
  const options: Partial<Options> = {
    freq: RRule.WEEKLY,
    interval: repeat.every_weeks,
    dtstart: floating(start),
    tzid: start.zoneName,
  };
  if (repeat.count !== undefined) options.count = repeat.count;
  if (repeat.until !== undefined) {
    const [y, m, d] = repeat.until.split('-').map(Number) as [number, number, number];
    options.until = new Date(Date.UTC(y, m - 1, d, 23, 59, 59));
  }
  return new RRule(options);
}

/** A rule's text with its start moved (a series moved) and, when given, a new count. */
export function rebased(text: string, start: DateTime, count?: number): string {
  const parsed = RRule.fromString(text).origOptions;
  const options: Partial<Options> = { ...parsed, dtstart: floating(start), tzid: start.zoneName };
  if (count !== undefined) {
    options.count = count;
    delete options.until;
  }
  return new RRule(options).toString();
}

/** A rule ending the day before `day` (a series split where "this and following" moved). */
export function endedBefore(text: string, day: DateTime): string {
  const parsed = RRule.fromString(text).origOptions;
  const last = day.minus({ days: 1 });
  const options: Partial<Options> = {
    ...parsed,
    until: new Date(Date.UTC(last.year, last.month - 1, last.day, 23, 59, 59)),
  };
  delete options.count;
  return new RRule(options).toString();
}

/**
 * Each occurrence's wall start in the zone (Luxon DateTimes), the first being `start`. More than
 * SERIES_COUNT_MAX is refused.
 */
export function occurrences(rule: RRule, zone: string): DateTime[] {
  const floatingRule = new RRule({ ...rule.origOptions, tzid: null });
  const dates = floatingRule.all((_, i) => i <= SERIES_COUNT_MAX);
  if (dates.length > SERIES_COUNT_MAX)
    throw badRequest(
      `Recurrence: a series has at most ${SERIES_COUNT_MAX} appointments; choose an earlier until.`,
      'recurrence',
    );
  return dates.map((date) =>
    DateTime.fromObject(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: date.getUTCHours(),
        minute: date.getUTCMinutes(),
      },
      { zone },
    ).setLocale('en-GB'),
  );
}
