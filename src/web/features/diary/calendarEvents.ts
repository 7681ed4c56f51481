/**
 * The diary's appointments as the calendar component's events and columns (pure), and their
 * colour: the type's colour, or a colour per status.
 */
import type { AppointmentStatus } from '../../../shared/diary/statuses';
import type { DiaryAppointment, ShownMove } from './diaryApi';
import { toDate } from './diaryTime';
import type { ColourBy, ColumnsBy } from './useDiaryState';

export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  resourceId: number | null;
  appointment: DiaryAppointment;
}

export interface CalendarColumn {
  id: number;
  title: string;
}

/** Status colours: Mantine palette names, so that light and dark schemes both have a shade. */
export const STATUS_COLOURS: Readonly<Record<AppointmentStatus, string>> = {
  booked: 'blue',
  confirmed: 'indigo',
  arrived: 'teal',
  completed: 'gray',
  no_show: 'orange',
  cancelled: 'red',
  late_cancelled: 'red',
};

export const patientOf = (a: DiaryAppointment) => a.patient_name ?? `Patient #${a.patient_id}`;

/** `withPractitioner`: several practitioners share a day's column, so each event names its own. */
export function toEvents(
  rows: readonly DiaryAppointment[],
  columnsBy: ColumnsBy,
  withPractitioner = false,
): CalendarEvent[] {
  return rows.map((a) => ({
    id: a.appointment_id,
    title: [patientOf(a), a.type_name, withPractitioner ? a.practitioner_name : null]
      .filter(Boolean)
      .join(' · '),
    start: toDate(a.start),
    end: toDate(a.end),
    resourceId: columnsBy === 'room' ? a.room_id : a.practitioner_id,
    appointment: a,
  }));
}

/**
 * The rows with the moves not yet in them applied (dropped, not yet saved, or saved and not yet
 * read back): a move applies while its row is still the version it was dragged from.
 */
export function withMoves(
  rows: readonly DiaryAppointment[],
  moves: ReadonlyMap<number, ShownMove>,
): readonly DiaryAppointment[] {
  if (moves.size === 0) return rows;
  return rows.map((row) => {
    const move = moves.get(row.appointment_id);
    if (!move || row.row_version !== move.fromVersion) return row;
    const { start, end, practitioner_id, room_id } = move.request;
    return {
      ...row,
      start,
      end,
      ...(practitioner_id === undefined ? {} : { practitioner_id }),
      ...(room_id === undefined ? {} : { room_id }),
    };
  });
}

/** Whether the calendar would draw the two alike (its time, column, title, colour, status). */
export function drawnAlike(a: CalendarEvent, b: CalendarEvent): boolean {
  return (
    a.id === b.id &&
    a.title === b.title &&
    +a.start === +b.start &&
    +a.end === +b.end &&
    a.resourceId === b.resourceId &&
    a.appointment.status === b.appointment.status &&
    a.appointment.type_colour === b.appointment.type_colour &&
    a.appointment.series_id === b.appointment.series_id
  );
}

/** The event's colour as CSS: its type's colour, or its status's palette colour. */
export function colourOf(a: DiaryAppointment, colourBy: ColourBy): string {
  if (colourBy === 'status') {
    return `var(--mantine-color-${STATUS_COLOURS[a.status] ?? 'blue'}-filled)`;
  }
  return a.type_colour || 'var(--mantine-color-blue-filled)';
}
