/**
 * What the diary's own calls (./routes.ts) take, checked before their handlers run. On the
 * server, not in src/shared/diary/calls.ts: the diary screen imports that file, and schemas built
 * there would put zod's object code into the start-up code of every signed-in page.
 */
import { z } from 'zod';
import { SERIES_COUNT_MAX, SERIES_SCOPES } from '../../shared/diary/calls';
import { isIsoDate, ISO_DATE_TEXT } from '../../shared/iso-date';

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

const scope = z.enum(SERIES_SCOPES, { error: "Must be 'this', 'following' or 'all'." });

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
