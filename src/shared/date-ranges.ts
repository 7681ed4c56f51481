/**
 * Date filter ranges. A date filter's value is one day (2026-11-24) or a range written
 * `from..to` (both ends included); either end may be left out (`2026-11-01..` from that day on,
 * `..2026-11-30` up to it). The web offers named ranges (today, this week, …) computed in the
 * user's own calendar, so the server only ever sees dates.
 */
import { isIsoDate, todayIso } from './iso-date';

export interface DateRange {
  from: string | null;
  to: string | null;
}

const SEPARATOR = '..';

/** A range value's ends; null when the value is not a range or an end is not a real date. */
export function parseDateRange(value: string): DateRange | null {
  const at = value.indexOf(SEPARATOR);
  if (at < 0) return null;
  const [from, to] = [value.slice(0, at).trim(), value.slice(at + SEPARATOR.length).trim()];
  if ((from === '' && to === '') || to.includes(SEPARATOR)) return null;
  const end = (text: string) => (text === '' ? null : isIsoDate(text) ? text : undefined);
  const [start, finish] = [end(from), end(to)];
  return start === undefined || finish === undefined ? null : { from: start, to: finish };
}

/** The filter value of a range: '' when both ends are empty (no filter). */
export function dateRangeValue({ from, to }: DateRange): string {
  return from === null && to === null ? '' : `${from ?? ''}${SEPARATOR}${to ?? ''}`;
}

export const RANGE_PRESETS = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  year: 'This year',
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;

const dayOf = (year: number, month: number, day: number) => todayIso(new Date(year, month, day));

/** A named range around `now` in the local calendar; weeks run Monday to Sunday. */
export function presetRange(preset: RangePreset, now: Date = new Date()): DateRange {
  const [year, month, day] = [now.getFullYear(), now.getMonth(), now.getDate()];
  switch (preset) {
    case 'today':
      return { from: todayIso(now), to: todayIso(now) };
    case 'week': {
      const monday = day - ((now.getDay() + 6) % 7);
      return { from: dayOf(year, month, monday), to: dayOf(year, month, monday + 6) };
    }
    case 'month':
      return { from: dayOf(year, month, 1), to: dayOf(year, month + 1, 0) };
    case 'year':
      return { from: dayOf(year, 0, 1), to: dayOf(year, 11, 31) };
  }
}

/** The preset a range equals today, if any (so the menu shows it chosen). */
export function presetOf(range: DateRange, now: Date = new Date()): RangePreset | null {
  const names = Object.keys(RANGE_PRESETS) as RangePreset[];
  return (
    names.find((name) => {
      const preset = presetRange(name, now);
      return preset.from === range.from && preset.to === range.to;
    }) ?? null
  );
}
