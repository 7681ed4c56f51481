/**
 * Whether an appointment's time [start, end) lies inside its practitioner's working hours, and
 * if not, why, in words staff can act on (the appointments service warns and asks for a reason
 * to override): "Ada Admin does not work on Sundays", "inside Ada Admin's break 13:00–14:00".
 */
import { shortDay, weekdaysPlural } from '../../shared/diary/availability-labels';
import { isoDateOf, weekdayOf, ZoneClock } from './zone-clock';
import type { Availability } from './working-intervals';

interface NamedPractitioner {
  user_id: number;
  name: string;
}

/** Times are epoch milliseconds or ISO 8601 instants. */
type When = number | string;
const ms = (when: When) => (typeof when === 'number' ? when : Date.parse(when));

/**
 * Null when [start, end) lies inside one of the practitioner's working intervals; else the
 * reason. `availability` must cover the clinic day of `start` (readAvailability for that day).
 */
export function outsideHoursReason(
  availability: Availability,
  practitioner: NamedPractitioner,
  start: When,
  end: When,
): string | null {
  const [from, until] = [ms(start), ms(end)];
  const clock = new ZoneClock(availability.zone);
  const day = clock.dayOf(from);
  const iso = isoDateOf(day);
  const who = practitioner.name;
  const working = availability.working.filter(
    (w) => w.practitioner_id === practitioner.user_id && w.day === iso,
  );
  if (working.some((w) => w.start <= from && until <= w.end)) return null;

  const closed = availability.closed.filter(
    (c) =>
      c.practitioner_id === practitioner.user_id &&
      c.day === iso &&
      c.start < until &&
      from < c.end,
  );
  const piece = closed.find((c) => c.kind === 'break') ?? closed[0];
  if (piece) {
    const allDay = piece.wall_start === '00:00' && piece.wall_end === '24:00';
    const times = `${piece.wall_start}–${piece.wall_end}`;
    if (piece.kind === 'break') return `inside ${who}'s break ${times}`;
    if (piece.kind === 'holiday' && piece.whole_clinic)
      return allDay
        ? `the clinic is closed on ${shortDay(iso)}`
        : `the clinic is closed ${times} on ${shortDay(iso)}`;
    return allDay
      ? `${who} has a day off on ${shortDay(iso)}`
      : `inside ${who}'s time off ${times} on ${shortDay(iso)}`;
  }
  if (working.length === 0) return `${who} does not work on ${weekdaysPlural(weekdayOf(day))}`;
  const hours = working
    .map((w) => `${clock.iso(w.start, day).slice(11, 16)}–${wallEnd(clock, w.end, day)}`)
    .join(', ');
  return `outside ${who}'s hours on ${shortDay(iso)} (${hours})`;
}

/** A stretch ending at the next midnight reads 24:00, not 00:00. */
function wallEnd(clock: ZoneClock, end: number, day: number): string {
  const minutes = clock.wallMinutes(end, day);
  return minutes >= 1440 ? '24:00' : clock.iso(end, day).slice(11, 16);
}

export const isWithinWorkingHours = (
  availability: Availability,
  practitioner: NamedPractitioner,
  start: When,
  end: When,
): boolean => outsideHoursReason(availability, practitioner, start, end) === null;
