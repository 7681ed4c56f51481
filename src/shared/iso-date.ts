/**
 * Dates travel and are stored as YYYY-MM-DD (SPEC §5); the date filter mask is the same. A value
 * of the right shape can still be impossible (2023-02-30), so the calendar is checked too.
 */
export const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ISO_DATE_TEXT = 'Must be a real date in the form YYYY-MM-DD.';

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today in the server's or browser's local calendar, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
