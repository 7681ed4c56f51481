/**
 * The diary's server calls (src/server/diary/ and src/server/availability/), typed as the screen
 * reads them. Reads go through `callData` (quiet); writes through `call` with their messages left
 * to the screen, which shows a clash or an outside-hours warning where the drop happened.
 */
import type { AvailabilityReply } from '../../../shared/diary/availability';
import type { Envelope } from '../../../shared/envelope';
import type { AppointmentStatus } from '../../../shared/diary/statuses';
import { call, callData } from '../../api/client';

export interface DiaryAppointment {
  appointment_id: number;
  appointment_name: string;
  appointment_patient_id: number;
  appointment_patient_id_label?: string;
  appointment_practitioner_id: number;
  appointment_practitioner_id_label?: string;
  appointment_type_id: number | null;
  appointment_type_id_label?: string;
  appointment_location_id: number | null;
  appointment_location_id_label?: string;
  appointment_room_id: number | null;
  appointment_room_id_label?: string;
  appointment_start: string;
  appointment_end: string;
  appointment_status: AppointmentStatus;
  appointment_notes?: string | null;
  appointment_cancel_reason?: string | null;
  appointment_override_reason?: string | null;
  appointment_source?: string;
  appointment_series_id?: number | null;
  _version?: number;
}

export interface RangeFilters {
  practitioner_ids?: number[];
  location_id?: number | null;
  type_id?: number | null;
}

export interface MoveRequest {
  appointment_id: number;
  start: string;
  end: string;
  practitioner_id?: number;
  room_id?: number | null;
  override_reason?: string;
}

export interface BookRequest {
  patient_id: number;
  practitioner_id: number;
  appointment_type_id: number | null;
  start: string;
  end: string;
  location_id?: number | null;
  room_id?: number | null;
  notes?: string;
  override_reason?: string;
}

/**
 * What a write's answer means to the screen: saved; a warning staff may override with a reason
 * (outside hours, inside a break); or refused (a clash, anything else) with the server's text.
 */
export type WriteOutcome =
  | { kind: 'saved'; data: unknown }
  | { kind: 'warning'; text: string }
  | { kind: 'refused'; text: string };

export function outcomeOf(envelope: Envelope): WriteOutcome {
  if (envelope.result) return { kind: 'saved', data: envelope.data };
  const text = envelope.messages.map((m) => m.text).join(' ') || 'The diary refused the change.';
  const data = envelope.data as { needs_override?: boolean } | null;
  const warning = data?.needs_override === true || envelope.messages.some((m) => m.type === 'w');
  return warning ? { kind: 'warning', text } : { kind: 'refused', text };
}

const write = async (path: string, payload: object): Promise<WriteOutcome> =>
  outcomeOf(await call(path, { ...payload }, { silent: true }));

export const diaryApi = {
  range: (from: string, to: string, filters: RangeFilters, signal?: AbortSignal) =>
    callData<{ appointments: DiaryAppointment[] } | DiaryAppointment[]>(
      'diary/get_range',
      { from, to, ...filters },
      { quiet: true, signal },
    ).then((answer) => (Array.isArray(answer) ? answer : answer.appointments)),
  /** Working time per practitioner over clinic days `from`..`to` (both included). */
  availability: (from: string, to: string, practitionerIds: readonly number[] = []) =>
    callData<AvailabilityReply>('diary/get_availability', {
      from,
      to,
      ...(practitionerIds.length ? { practitioner_ids: practitionerIds } : {}),
    }),
  patientAppointments: (patientId: number) =>
    callData<{ next: DiaryAppointment[]; past: DiaryAppointment[] }>(
      'diary/get_patient_appointments',
      { patient_id: patientId },
    ),
  move: (request: MoveRequest) => write('diary/move', request),
  book: (request: BookRequest) => write('diary/book', request),
  cancel: (appointmentId: number, reason: string) =>
    write('diary/cancel', { appointment_id: appointmentId, reason }),
  setStatus: (appointmentId: number, status: AppointmentStatus) =>
    write('diary/set_status', { appointment_id: appointmentId, status }),
};
