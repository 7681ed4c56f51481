/**
 * Times as the patient reads them: always in the clinic's zone (the booking calls' starts carry
 * its offset), whatever the zone of the patient's own device.
 */
const format = (zone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...options });

/** "09:30" */
export const timeIn = (iso: string, zone: string): string =>
  format(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "Tuesday 9 March 2027" */
export const dayIn = (iso: string, zone: string): string =>
  format(zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );

/** "Tuesday 9 March 2027 at 09:30 (Europe/London)" */
export const whenIn = (iso: string, zone: string): string =>
  `${dayIn(iso, zone)} at ${timeIn(iso, zone)} (${zone})`;

/** The clinic day a start falls on: its own date, since it is written with the clinic's offset. */
export const dayOf = (iso: string): string => iso.slice(0, 10);

/** YYYY-MM-DD of the first and last day of the month `day` is in. */
export function monthOf(day: string): { first: string; last: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Today in the clinic's zone, YYYY-MM-DD (the en-CA calendar writes dates so). */
export const todayIn = (zone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
