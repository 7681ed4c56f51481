/**
 * A date filter's two ends as the user sees them: written as the clinic writes dates
 * (DD/MM/YYYY, the date fields' format) or as stored (YYYY-MM-DD), sent as one day when both
 * ends are the same day and as a `from..to` range otherwise (shared/date-ranges).
 */
import { dateRangeValue, parseDateRange, type DateRange } from '../../../shared/date-ranges';
import { isIsoDate, notARealDateText } from '../../../shared/iso-date';
import { displayDate, storedDate } from './format';

export const NOT_A_DAY_TEXT = notARealDateText();

/** A typed end: the stored day, null when empty, undefined when it is not a real date. */
export function typedDay(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  if (isIsoDate(value)) return value;
  const stored = storedDate(value);
  return stored !== null && !stored.includes(' ') ? stored : undefined;
}

/** The ends a filter value stands for: one day is a range from it to itself. */
export function rangeOfValue(value: string): DateRange {
  if (isIsoDate(value)) return { from: value, to: value };
  return parseDateRange(value) ?? { from: null, to: null };
}

export function valueOfRange(range: DateRange): string {
  return range.from !== null && range.from === range.to ? range.from : dateRangeValue(range);
}

export const shownDay = (day: string | null): string => (day === null ? '' : displayDate(day));
