/**
 * The day and week views' columns (pure): practitioners or rooms, narrowed by the practitioner
 * and location filters, and on a phone to the one column chosen.
 */
import type { CalendarColumn } from './calendarEvents';
import type { Practitioner } from './useDiaryReference';

interface Room {
  id: number;
  name: string;
  siteId: number | null;
}
import type { ColumnsBy } from './useDiaryState';

interface Input {
  columnsBy: ColumnsBy;
  practitioners: readonly Practitioner[];
  rooms: readonly Room[];
  practitionerId: number | null;
  locationId: number | null;
  /** On a phone: the chosen column (null = the first); undefined shows them all. */
  only?: number | null;
}

export function calendarColumns(input: Input): { all: CalendarColumn[]; shown: CalendarColumn[] } {
  const all =
    input.columnsBy === 'room'
      ? input.rooms
          .filter(
            (r) => !input.locationId || r.siteId === input.locationId || r.id === input.locationId,
          )
          .map((r) => ({ id: r.id, title: r.name }))
      : input.practitioners
          .filter((p) => !input.practitionerId || p.id === input.practitionerId)
          .map((p) => ({ id: p.id, title: p.name }));
  if (input.only === undefined) return { all, shown: all };
  const only = all.find((c) => c.id === input.only) ?? all[0];
  return { all, shown: only ? [only] : [] };
}
