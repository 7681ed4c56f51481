/**
 * A start or end as the diary's calls take it: an instant with its offset
 * (2026-03-09T10:00:00+00:00, …Z), or a wall time in the clinic's zone without one
 * (2026-03-09T10:00), which is what a click on the diary's grid means. The wall time is read by
 * the one reader the screens and imports use (shared/wall-time.ts): a time the clocks skip is
 * refused by name; one they pass twice is its first occurrence — send an offset for the second.
 */
import { isoInstant, ISO_INSTANT_TEXT } from '../../shared/iso-date';
import { readWallTime } from '../../shared/wall-time';
import { badRequest } from '../http/errors';

/** The instant `text` names, in UTC ISO form; `field`/`label` name it in a refusal. */
export function instantOf(text: string, zone: string, field: string, label: string): string {
  const wall = readWallTime(text, zone);
  if (wall.kind === 'gap') throw badRequest(`${label}: ${wall.text}`, field);
  if (wall.kind === 'instant' || wall.kind === 'ambiguous') return wall.instant;
  const instant = isoInstant(text.trim());
  if (!instant) throw badRequest(`${label}: ${ISO_INSTANT_TEXT}`, field);
  return instant;
}
