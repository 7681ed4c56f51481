/**
 * The diary's calendar arithmetic, in the clinic's time zone (pure). A day, week or month is the
 * clinic's wall-clock day, week (Monday first, ISO) or month; instants go to the server as ISO
 * 8601 with their offset. Luxon does the zone work so that a DST day is 23 or 25 hours long.
 */
import { DateTime } from 'luxon';

export type DiaryView = 'day' | 'week' | 'month';
export const DIARY_VIEWS: readonly DiaryView[] = ['day', 'week', 'month'];

/** `YYYY-MM-DD` of today in `zone`. */
export const todayIn = (zone: string): string => DateTime.now().setZone(zone).toISODate() ?? '';

const dayStart = (date: string, zone: string) => DateTime.fromISO(date, { zone }).startOf('day');

/** The first and last instants the view shows (half-open: `to` is not shown), as ISO. */
export function viewRange(view: DiaryView, date: string, zone: string) {
  const day = dayStart(date, zone);
  let from = day;
  let to = day.plus({ days: 1 });
  if (view === 'week') {
    from = day.startOf('week');
    to = from.plus({ weeks: 1 });
  } else if (view === 'month') {
    // The month grid shows whole weeks around the month.
    from = day.startOf('month').startOf('week');
    to = day.endOf('month').endOf('week').plus({ milliseconds: 1 });
  }
  return { from: from.toISO() ?? '', to: to.toISO() ?? '' };
}

/** The date one view before (-1) or after (+1) `date`. */
export function stepDate(view: DiaryView, date: string, direction: -1 | 1): string {
  const unit = view === 'day' ? 'days' : view === 'week' ? 'weeks' : 'months';
  return (
    DateTime.fromISO(date)
      .plus({ [unit]: direction })
      .toISODate() ?? date
  );
}

/**
 * The instant as a JS Date (what the calendar component takes). The server's instants are ISO
 * 8601 with an offset, which Date reads itself (Luxon's parse was a tenth of a drop's redraw);
 * Luxon reads anything else.
 */
export function toDate(iso: string): Date {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) || !/(Z|[+-]\d\d:\d\d)$/.test(iso)
    ? DateTime.fromISO(iso).toJSDate()
    : new Date(ms);
}

/** A JS Date (an instant) as ISO 8601 with the clinic zone's offset. */
export const toIso = (date: Date, zone: string): string =>
  DateTime.fromJSDate(date).setZone(zone).toISO({ suppressMilliseconds: true }) ?? '';

/** The clinic day of an instant, `YYYY-MM-DD`. */
export const dayOf = (date: Date, zone: string): string =>
  DateTime.fromJSDate(date).setZone(zone).toISODate() ?? '';

/** '10:00–10:45' in the clinic's zone. */
export function timeSpan(start: string, end: string, zone: string): string {
  const at = (iso: string) => DateTime.fromISO(iso).setZone(zone).toFormat('HH:mm');
  return `${at(start)}–${at(end)}`;
}

/** 'Tue 9 Mar 2027, 10:00–10:45' in the clinic's zone. */
export function whenText(start: string, end: string, zone: string): string {
  const day = DateTime.fromISO(start).setZone(zone).toFormat('ccc d LLL yyyy');
  return `${day}, ${timeSpan(start, end, zone)}`;
}

/** The calendar's date as the clinic's midnight of `date`. */
export const dateOfDay = (date: string, zone: string): Date => dayStart(date, zone).toJSDate();

/** A title for the shown period: 'Tuesday 9 March 2027', 'Week of 8 March 2027', 'March 2027'. */
export function periodTitle(view: DiaryView, date: string): string {
  const day = DateTime.fromISO(date);
  if (view === 'day') return day.toFormat('cccc d LLLL yyyy');
  if (view === 'week') return `Week of ${day.startOf('week').toFormat('d LLLL yyyy')}`;
  return day.toFormat('LLLL yyyy');
}
