/**
 * The diary's own calls (`diary/…`): their limits and answers, shared by the server
 * (src/server/diary/routes.ts) and the diary screen; the server checks their payloads
 * (src/server/diary/input.ts). A start or end is an instant with its offset
 * (2026-03-09T10:00:00+00:00) or a wall time in the clinic's zone (2026-03-09T10:00); the server
 * refuses a wall time the clocks skip. Days (`from`, `to`, `until`) are clinic days, YYYY-MM-DD.
 */
import type { APPOINTMENT_STATUS_OPTIONS } from './statuses';

/** Which appointments of a series a move or a cancellation changes. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** At most this many days in one diary read (a month view and its edges). */
export const DIARY_RANGE_DAYS_MAX = 42;

/** A series repeats at most this many times (count, RFC 5545 RRULE). */
export const SERIES_COUNT_MAX = 104;

type DiaryStatus = (typeof APPOINTMENT_STATUS_OPTIONS)[number]['value'];

/** One appointment as the diary draws it. Instants in ISO 8601 with the clinic's offset. */
export interface DiaryAppointment {
  appointment_id: number;
  appointment_name: string;
  patient_id: number;
  patient_name: string;
  practitioner_id: number;
  type_id: number | null;
  type_name: string | null;
  type_colour: string | null;
  location_id: number | null;
  room_id: number | null;
  room_name: string | null;
  start: string;
  end: string;
  status: DiaryStatus;
  series_id: number | null;
  override_reason: string;
  notes: string;
  row_version: number;
}

export interface DiaryRange {
  zone: string;
  practitioners: Array<{ user_id: number; name: string; colour: string }>;
  rooms: Array<{ location_id: number; name: string; site_id: number | null }>;
  appointments: DiaryAppointment[];
}

export interface PatientAppointments {
  next: DiaryAppointment[];
  past: DiaryAppointment[];
}
