/**
 * How the diary writes times in its labels and messages, always in the clinic's zone:
 * "Tue 9 Mar", "10:00", "10:00–10:45 on Tue 9 Mar", "Initial consultation · Tue 9 Mar 10:00".
 */
import { DateTime } from 'luxon';

/** An instant as the database answers it (a Date) or as a call carries it (ISO 8601). */
export type InstantValue = Date | string;

export function inZone(value: InstantValue, zone: string): DateTime {
  const at =
    value instanceof Date
      ? DateTime.fromJSDate(value, { zone })
      : DateTime.fromISO(value, { zone, setZone: false });
  return at.setLocale('en-GB');
}

export const dayText = (at: DateTime): string => at.toFormat('ccc d LLL');
export const timeText = (at: DateTime): string => at.toFormat('HH:mm');

/** "10:00–10:45 on Tue 9 Mar" (the end's day when it ends on another one). */
export function spanText(start: InstantValue, end: InstantValue, zone: string): string {
  const [from, to] = [inZone(start, zone), inZone(end, zone)];
  const sameDay = from.hasSame(to, 'day');
  return sameDay
    ? `${timeText(from)}–${timeText(to)} on ${dayText(from)}`
    : `${dayText(from)} ${timeText(from)}–${dayText(to)} ${timeText(to)}`;
}

/** The appointment's label, written by the server: "Initial consultation · Tue 9 Mar 10:00". */
export function appointmentName(typeName: string | null, start: InstantValue, zone: string) {
  const at = inZone(start, zone);
  return `${typeName || 'Appointment'} · ${dayText(at)} ${timeText(at)}`;
}

export const toUtcIso = (value: InstantValue): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();
