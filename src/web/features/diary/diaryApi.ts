/**
 * The diary's server calls (src/server/diary/ and src/server/availability/), typed by their
 * shared definitions. Reads go through `callData` (quiet); writes through `call` with their
 * messages left to the screen, which shows a clash or an outside-hours warning where it happened.
 */
import type { AvailabilityReply } from '../../../shared/diary/availability';
import type {
  DiaryAppointment as ServerAppointment,
  DiaryRange,
  PatientAppointments,
  SeriesScope,
} from '../../../shared/diary/calls';
import type { AppointmentStatus } from '../../../shared/diary/statuses';
import type { Envelope } from '../../../shared/envelope';
import { call, callData } from '../../api/client';

/** An appointment as the diary shows it: the server's, with its practitioner's name. */
export interface DiaryAppointment extends ServerAppointment {
  practitioner_name?: string;
}

export interface RangeFilters {
  practitioner_ids?: number[];
  location_id?: number;
  appointment_type_id?: number;
}

export interface RangeAnswer {
  appointments: DiaryAppointment[];
  rooms: DiaryRange['rooms'];
}

export interface MoveRequest {
  appointment_id: number;
  start: string;
  end: string;
  practitioner_id?: number;
  room_id?: number | null;
  /** The version the diary read: a change by someone else since is refused (409). */
  row_version?: number;
  override_reason?: string;
  /** An appointment of a series: which of them move by the same time. */
  scope?: SeriesScope;
}

/** How a booked series repeats (the server's `recurrence`): until a clinic day or N times. */
export interface Recurrence {
  every_weeks: number;
  until?: string;
  count?: number;
}

interface BookRequest {
  patient_id: number;
  practitioner_id: number;
  type_id: number | null;
  start: string;
  end: string;
  room_id?: number | null;
  notes?: string;
  override_reason?: string;
}

/**
 * What a write's answer means to the screen: saved; a warning staff may override with a reason
 * (outside hours, inside a break: the server's 'w' refusal); or refused (a clash, anything else)
 * with the server's text.
 */
export type WriteOutcome =
  | { kind: 'saved'; data: unknown }
  | { kind: 'warning'; text: string }
  | { kind: 'refused'; text: string };

function outcomeOf(envelope: Envelope): WriteOutcome {
  if (envelope.result) return { kind: 'saved', data: envelope.data };
  const text = envelope.messages.map((m) => m.text).join(' ') || 'The diary refused the change.';
  return envelope.messages.some((m) => m.type === 'w')
    ? { kind: 'warning', text }
    : { kind: 'refused', text };
}

const write = async (path: string, payload: object): Promise<WriteOutcome> =>
  outcomeOf(await call(path, { ...payload }, { silent: true }));

const named = (range: DiaryRange): RangeAnswer => {
  const names = new Map(range.practitioners.map((p) => [p.user_id, p.name]));
  return {
    rooms: range.rooms,
    appointments: range.appointments.map((a) => ({
      ...a,
      practitioner_name: names.get(a.practitioner_id),
    })),
  };
};

export const diaryApi = {
  /** Clinic days `from`..`to`, both included. */
  range: (from: string, to: string, filters: RangeFilters, signal?: AbortSignal) =>
    callData<DiaryRange>('diary/get_range', { from, to, ...filters }, { quiet: true, signal }).then(
      named,
    ),
  /** Working time per practitioner over clinic days `from`..`to` (both included). */
  availability: (from: string, to: string, practitionerIds: readonly number[] = []) =>
    callData<AvailabilityReply>('diary/get_availability', {
      from,
      to,
      ...(practitionerIds.length ? { practitioner_ids: practitionerIds } : {}),
    }),
  patientAppointments: (patientId: number) =>
    callData<PatientAppointments>('diary/get_patient_appointments', { patient_id: patientId }),
  move: (request: MoveRequest) => write('diary/move', request),
  /** One appointment, through the generic insert and its diary checks (src/server/diary/). */
  book: (r: BookRequest) =>
    write('appointments/insert', {
      appointment_patient_id: r.patient_id,
      appointment_practitioner_id: r.practitioner_id,
      ...(r.type_id ? { appointment_type_id: r.type_id } : {}),
      appointment_start: r.start,
      appointment_end: r.end,
      ...(r.room_id ? { appointment_room_id: r.room_id } : {}),
      ...(r.notes ? { appointment_notes: r.notes } : {}),
      ...(r.override_reason ? { appointment_override_reason: r.override_reason } : {}),
    }),
  /** A repeating appointment (`diary/book_series`): every N weeks, until a day or N times. */
  bookSeries: (r: BookRequest, recurrence: Recurrence) =>
    write('diary/book_series', {
      appointment_patient_id: r.patient_id,
      appointment_practitioner_id: r.practitioner_id,
      ...(r.type_id ? { appointment_type_id: r.type_id } : {}),
      ...(r.room_id ? { appointment_room_id: r.room_id } : {}),
      start: r.start,
      end: r.end,
      ...(r.notes ? { appointment_notes: r.notes } : {}),
      ...(r.override_reason ? { override_reason: r.override_reason } : {}),
      recurrence,
    }),
  cancel: (appointmentId: number, reason: string, scope?: SeriesScope) =>
    write('diary/cancel', { appointment_id: appointmentId, reason, ...(scope ? { scope } : {}) }),
  setStatus: (appointmentId: number, status: AppointmentStatus) =>
    write('diary/set_status', { appointment_id: appointmentId, status }),
};

/**
 * A dropped appointment shown at its new place before the server has it: the move asked for,
 * over the row version it was dragged from. Once the shown range holds a later version (the
 * saved row, or a fresh read) the row speaks for itself and the move is no longer applied.
 */
export interface ShownMove {
  request: MoveRequest;
  fromVersion: number;
}
