/**
 * A start as a booking call takes it: an instant with its offset. The wall time it is written in
 * must be one the clinic's clocks show: 01:30+01:00 on 29 March 2026 in Europe/London names a
 * time that never happens there (the clocks jump from 01:00 GMT to 02:00 BST), and is refused by
 * name rather than quietly read as 00:30 GMT.
 */
import { DateTime } from 'luxon';
import { isoInstant, ISO_INSTANT_TEXT } from '../../shared/iso-date';
import { readWallTime } from '../../shared/wall-time';
import { badRequest } from '../http/errors';

const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/;

export function startOf(text: string, zone: string, field = 'start'): Date {
  const instant = isoInstant(text);
  const wall = WALL.exec(text);
  if (!instant || !wall) throw badRequest(`"${field}": ${ISO_INSTANT_TEXT}`, field);
  const written = `${wall[1]}T${wall[2]}`;
  const inClinic = DateTime.fromISO(instant, { zone });
  // Written in UTC (Z), or in the clinic's offset: an instant, whatever the wall clock says.
  if (!text.endsWith('Z') && inClinic.toFormat("yyyy-MM-dd'T'HH:mm") !== written) {
    // Another offset than the clinic's: fine for an instant, unless the clinic never shows it.
    const there = readWallTime(written, zone);
    if (there.kind === 'gap') throw badRequest(`"${field}": ${there.text}`, field);
  }
  return new Date(instant);
}
