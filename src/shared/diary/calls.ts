/**
 * The diary's own calls (`diary/…`): payloads and answers, shared by the server
 * (src/server/diary/routes.ts) and the diary screen. A start or end is an instant with its offset
 * (2026-03-09T10:00:00+00:00) or a wall time in the clinic's zone (2026-03-09T10:00); the server
 * refuses a wall time the clocks skip. Days (`from`, `to`, `until`) are clinic days, YYYY-MM-DD.
 */
import { z } from 'zod';
import { isIsoDate, ISO_DATE_TEXT } from '../iso-date';
import type { APPOINTMENT_STATUS_OPTIONS } from './statuses';

const id = z
  .number({ error: 'Must be an id (a whole number).' })
  .int('Must be an id (a whole number).')
  .positive('Must be an id.')
  .max(Number.MAX_SAFE_INTEGER);
const day = z.string().max(10).refine(isIsoDate, ISO_DATE_TEXT);
const when = z
  .string()
  .trim()
  .min(1, 'Can not be empty.')
  .max(40, 'Must be at most 40 characters.');
const reason = z
  .string()
  .trim()
  .min(1, 'Can not be empty.')
  .max(500, 'Must be at most 500 characters.');

/** Which appointments of a series a move or a cancellation changes. */
const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
const scope = z.enum(SERIES_SCOPES, { error: "Must be 'this', 'following' or 'all'." });

/** At most this many days in one diary read (a month view and its edges). */
export const DIARY_RANGE_DAYS_MAX = 42;

export const getRangeSchema = z.strictObject({
  from: day,
  to: day,
  practitioner_ids: z.array(id).max(200).optional(),
  location_id: id.optional(),
  appointment_type_id: id.optional(),
  include_cancelled: z.boolean().optional(),
});

export const moveSchema = z.strictObject({
  appointment_id: id,
  start: when,
  end: when.optional(),
  practitioner_id: id.optional(),
  /** null takes the appointment out of its room. */
  room_id: id.nullable().optional(),
  row_version: z.number().int().optional(),
  override_reason: reason.optional(),
  scope: scope.optional(),
});

export const cancelSchema = z.strictObject({
  appointment_id: id,
  reason,
  scope: scope.optional(),
});

/** One click on today's list or the diary: arrived, completed, no-show (or back to booked). */
const SETTABLE_STATUSES = ['booked', 'confirmed', 'arrived', 'completed', 'no_show'] as const;
export const setStatusSchema = z.strictObject({
  appointment_id: id,
  status: z.enum(SETTABLE_STATUSES, {
    error: `Must be one of ${SETTABLE_STATUSES.join(', ')}; cancel with diary/cancel.`,
  }),
});

export const patientAppointmentsSchema = z.strictObject({ patient_id: id });

/** How a series repeats: every N weeks, until a clinic day or N times (RFC 5545 RRULE). */
export const SERIES_COUNT_MAX = 104;
const recurrenceSchema = z
  .strictObject({
    every_weeks: z.number().int().min(1, 'Must be at least 1.').max(52, 'Must be at most 52.'),
    until: day.optional(),
    count: z.number().int().min(2, 'Must be at least 2.').max(SERIES_COUNT_MAX).optional(),
  })
  .refine((r) => (r.until === undefined) !== (r.count === undefined), {
    message: 'Give either until (a day) or count (how many times), not both.',
  });

export const bookSeriesSchema = z.strictObject({
  appointment_patient_id: id,
  appointment_practitioner_id: id,
  appointment_type_id: id.optional(),
  appointment_location_id: id.optional(),
  appointment_room_id: id.optional(),
  start: when,
  end: when.optional(),
  appointment_notes: z.string().max(5000).optional(),
  override_reason: reason.optional(),
  recurrence: recurrenceSchema,
});

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
