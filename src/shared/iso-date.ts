/**
 * Dates travel and are stored as YYYY-MM-DD; the date filter mask is the same. A value
 * of the right shape can still be impossible (2023-02-30), so the calendar is checked too.
 */
const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ISO_DATE_TEXT = 'Must be a real date in the form YYYY-MM-DD.';

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** How people write dates (the screens, imported files), and what to say when one is impossible. */
export const shownDateFormat = (timed = false) => (timed ? 'DD/MM/YYYY HH:mm' : 'DD/MM/YYYY');
export const notARealDateText = (timed = false) =>
  `Not a real date: write it as ${shownDateFormat(timed)}.`;

export const ISO_DATE_TIME_TEXT = 'Must be a real date and time in the form YYYY-MM-DD HH:mm.';
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 2024-03-01 09:30 or …T09:30:15 → '2024-03-01 09:30:15' (seconds kept, 00 when absent). */
export function isoDateTime(value: string): string | null {
  const match = ISO_DATE_TIME.exec(value);
  if (!match || !isIsoDate(match[1]!)) return null;
  const [hours, minutes, seconds] = [match[2]!, match[3]!, match[4] ?? '00'];
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return `${match[1]} ${hours}:${minutes}:${seconds}`;
}

export const ISO_INSTANT_TEXT =
  'Must be a date and time with its offset, in the form YYYY-MM-DDTHH:mm:ss+01:00 (or Z).';
const ISO_INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant as ISO 8601 with an offset (…T10:00+01:00, …T09:00:00Z) → the same instant written
 * in UTC (2026-03-09T09:00:00.000Z); null when it is not one, or names an impossible date or time.
 */
export function isoInstant(value: string): string | null {
  const match = ISO_INSTANT.exec(value);
  if (!match || !isIsoDate(match[1]!)) return null;
  if (Number(match[2]) > 23 || Number(match[3]) > 59 || Number(match[4] ?? 0) > 59) return null;
  const offset = match[5]!;
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 14 || Number(offset.slice(4)) > 59))
    return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Today in the server's or browser's local calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
