/**
 * The diary's appointments as the calendar component's events and columns (pure), and their
 * colour: the type's colour, or a colour per status.
 */
import type { AppointmentStatus } from '../../../shared/diary/statuses';
import type { DiaryAppointment } from './diaryApi';
import { toDate } from './diaryTime';
import type { AppointmentType } from './useDiaryReference';
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

export const patientOf = (a: DiaryAppointment) =>
  a.appointment_patient_id_label ?? `Patient #${a.appointment_patient_id}`;

export function toEvents(rows: readonly DiaryAppointment[], columnsBy: ColumnsBy): CalendarEvent[] {
  return rows.map((a) => ({
    id: a.appointment_id,
    title: [patientOf(a), a.appointment_type_id_label].filter(Boolean).join(' · '),
    start: toDate(a.appointment_start),
    end: toDate(a.appointment_end),
    resourceId: columnsBy === 'room' ? a.appointment_room_id : a.appointment_practitioner_id,
    appointment: a,
  }));
}

/** The event's colour as CSS: a hex type colour, or a status's palette colour. */
export function colourOf(
  a: DiaryAppointment,
  colourBy: ColourBy,
  types: ReadonlyMap<number, AppointmentType>,
): string {
  if (colourBy === 'status') {
    return `var(--mantine-color-${STATUS_COLOURS[a.appointment_status] ?? 'blue'}-filled)`;
  }
  const type = a.appointment_type_id === null ? undefined : types.get(a.appointment_type_id);
  return type?.colour ?? 'var(--mantine-color-blue-filled)';
}
