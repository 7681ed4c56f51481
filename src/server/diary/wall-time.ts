/**
 * A start or end as the diary's calls take it: an instant with its offset
 * (2026-03-09T10:00:00+00:00, …Z), or a wall time in the clinic's zone without one
 * (2026-03-09T10:00), which is what a click on the diary's grid means. A wall time the clocks skip
 * (Europe/London 2026-03-29 01:30) is refused by name; one they pass twice (2026-10-25 01:30) is
 * its first occurrence — send an offset to mean the second.
 */
import { DateTime } from 'luxon';
import { isoInstant, ISO_INSTANT_TEXT } from '../../shared/iso-date';
import { badRequest } from '../http/errors';
import { dayText } from './format';

const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::00)?$/;

/** The instant `text` names, in UTC ISO form; `field`/`label` name it in a refusal. */
export function instantOf(text: string, zone: string, field: string, label: string): string {
  const wall = WALL.exec(text.trim());
  if (!wall) {
    const instant = isoInstant(text.trim());
    if (!instant) throw badRequest(`${label}: ${ISO_INSTANT_TEXT}`, field);
    return instant;
  }
  const at = DateTime.fromISO(`${wall[1]}T${wall[2]}`, { zone }).setLocale('en-GB');
  if (!at.isValid) throw badRequest(`${label}: ${ISO_INSTANT_TEXT}`, field);
  // Luxon moves a skipped wall time forward: the wall time it answers then differs.
  if (at.toFormat("yyyy-MM-dd'T'HH:mm") !== `${wall[1]}T${wall[2]}`) {
    throw badRequest(
      `${label}: ${wall[2]} on ${dayText(at)} does not exist in ${zone} — the clocks go ` +
        `forward that night. Choose a time before or after the change.`,
      field,
    );
  }
  return at.toUTC().toISO() ?? '';
}
