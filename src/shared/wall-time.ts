/**
 * A wall time in the clinic's time zone read as an instant (Luxon does the zone arithmetic): what
 * the editor of an instant field, an imported cell without an offset and the diary's grid mean.
 * Two days a year the clocks make a wall time ambiguous: one they skip (Europe/London 2026-03-29
 * 01:30) names no instant and is refused; one they pass twice (2026-10-25 01:30) names two, and the
 * first is taken, saying so — an offset (ISO 8601) names the second.
 */
import { DateTime } from 'luxon';

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

type WallReading =
  | { kind: 'instant'; instant: string }
  /** The clocks pass this wall time twice: `instant` is the first, `later` the second. */
  | { kind: 'ambiguous'; instant: string; later: string; text: string }
  /** The clocks skip this wall time: no instant. */
  | { kind: 'gap'; text: string }
  | { kind: 'invalid' };

const utc = (at: DateTime): string => at.toUTC().toISO() ?? '';
const shownDay = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** `YYYY-MM-DD HH:mm[:ss]` (or with T) in `zone` → the instant it names, in UTC ISO (…Z). */
export function readWallTime(wall: string, zone: string): WallReading {
  const m = WALL.exec(wall.trim());
  if (!m) return { kind: 'invalid' };
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0));
  const at = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
  if (!at.isValid) return { kind: 'invalid' };
  const written = `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}`;
  const when = `${m[4]}:${m[5]} on ${shownDay(written)}`;
  // Luxon moves a skipped wall time forward by the gap: the wall time it answers then differs.
  if (at.toFormat('yyyy-MM-dd HH:mm') !== written) {
    return {
      kind: 'gap',
      text: `${when} does not exist in ${zone}: the clocks go forward then. Choose a time before or after the change.`,
    };
  }
  const both = at.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  const [first, second_] = [both[0] ?? at, both[1]];
  if (second_ && second_.toMillis() !== first.toMillis()) {
    return {
      kind: 'ambiguous',
      instant: utc(first),
      later: utc(second_),
      text: `${when} happens twice in ${zone} (the clocks go back): the first, at UTC${first.toFormat('ZZ')}, was taken. Write the offset (UTC${second_.toFormat('ZZ')}) in ISO 8601 for the second.`,
    };
  }
  return { kind: 'instant', instant: utc(at) };
}
