/**
 * An instant (an `instant()` field: timestamptz) as the clinic reads it: its wall time in the
 * clinic's IANA time zone. Calls carry instants as ISO 8601 with an offset (the entity calls
 * answer them in UTC, …Z); screens, formatted exports and the audit trail show them in the
 * clinic's zone, DD/MM/YYYY HH:mm. Intl only (no Luxon): list rows format many of them, and the
 * list's chunk stays small. Reading a wall time back into an instant is ./wall-time.ts.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(zone, format);
  }
  return format;
}

const timeOf = (iso: unknown): number | null => {
  const time =
    typeof iso === 'string' ? Date.parse(iso) : iso instanceof Date ? iso.getTime() : NaN;
  return Number.isNaN(time) ? null : time;
};

function wallAt(time: number, zone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(time)) parts[part.type] = part.value;
  const { year, month, day, hour, minute, second } = parts;
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** The wall time of an instant in `zone` as YYYY-MM-DD HH:mm:ss; null when `iso` is not one. */
export function wallTimeOf(iso: unknown, zone: string): string | null {
  const time = timeOf(iso);
  return time === null ? null : wallAt(time, zone);
}

/**
 * An instant as ISO 8601 with the offset `zone` had then: 2026-07-01T09:00:00.000Z in
 * Europe/London → 2026-07-01T10:00:00+01:00 (what a raw export writes); '' when not an instant.
 */
export function isoInZone(iso: unknown, zone: string): string {
  const time = timeOf(iso);
  if (time === null) return '';
  const wall = wallAt(time, zone);
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  const minutes = Math.round((asUtc - Math.floor(time / 1000) * 1000) / 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return `${wall.replace(' ', 'T')}${offset}`;
}

/** 2026-03-09T09:00:00.000Z in Europe/Paris → 09/03/2026 10:00; '' when not an instant. */
export function showInstant(iso: unknown, zone: string): string {
  const wall = wallTimeOf(iso, zone);
  if (wall === null) return '';
  return `${wall.slice(8, 10)}/${wall.slice(5, 7)}/${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
}
