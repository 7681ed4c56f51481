/**
 * Readable labels of working hours and exceptions ("Tue 09:00–17:00", "Day off 24–26 Dec"): the
 * server writes them into working_hour_name / availability_exception_name when left empty, so
 * references, searches and messages read well. Days are YYYY-MM-DD clinic days.
 */
import { AVAILABILITY_EXCEPTION_KIND_OPTIONS } from './statuses';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAYS_PLURAL = [
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** ISO weekday (1 = Monday) of a YYYY-MM-DD day. */
function isoWeekday(day: string): number {
  const [y, m, d] = parts(day);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

const weekdayShort = (weekday: number) => WEEKDAYS[weekday - 1] ?? '';
export const weekdaysPlural = (weekday: number) => WEEKDAYS_PLURAL[weekday - 1] ?? '';

/** "Thu 24 Dec" */
export function shortDay(day: string): string {
  const [, m, d] = parts(day);
  return `${weekdayShort(isoWeekday(day))} ${d} ${MONTHS[m - 1]}`;
}

/** "24 Dec", "24–26 Dec", "30 Dec – 2 Jan" */
export function dayRange(from: string, until: string): string {
  const [fy, fm, fd] = parts(from);
  const [uy, um, ud] = parts(until);
  if (from === until) return `${fd} ${MONTHS[fm - 1]}`;
  if (fy === uy && fm === um) return `${fd}–${ud} ${MONTHS[um - 1]}`;
  return `${fd} ${MONTHS[fm - 1]} – ${ud} ${MONTHS[um - 1]}`;
}

export interface WorkingHourLabelled {
  working_hour_weekday: string;
  working_hour_start: string;
  working_hour_end: string;
  working_hour_every_weeks?: number | null;
}

/** "Tue 09:00–17:00", "Tue 09:00–17:00 every 2 weeks" */
export function workingHourLabel(row: WorkingHourLabelled): string {
  const every = row.working_hour_every_weeks ?? 1;
  const label = `${weekdayShort(Number(row.working_hour_weekday))} ${row.working_hour_start}–${row.working_hour_end}`;
  return every > 1 ? `${label} every ${every} weeks` : label;
}

export interface ExceptionLabelled {
  availability_exception_kind: string;
  availability_exception_from: string;
  availability_exception_until: string;
  availability_exception_start?: string | null;
  availability_exception_end?: string | null;
}

/** "Day off 24–26 Dec", "Break 3 Mar 13:00–14:00" */
export function exceptionLabel(row: ExceptionLabelled): string {
  const kind =
    AVAILABILITY_EXCEPTION_KIND_OPTIONS.find((o) => o.value === row.availability_exception_kind)
      ?.label ?? row.availability_exception_kind;
  const days = dayRange(row.availability_exception_from, row.availability_exception_until);
  const [start, end] = [row.availability_exception_start, row.availability_exception_end];
  return start && end ? `${kind} ${days} ${start}–${end}` : `${kind} ${days}`;
}
