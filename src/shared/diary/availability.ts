/**
 * `diary/get_availability`: each practitioner's working time over a range of clinic days, for the
 * diary screen to shade the time they do not work. Intervals are instants with the clinic's
 * offset; a practitioner who works nowhere in the range has an empty list.
 */
import { z } from 'zod';
import { ISO_DATE_TEXT, isIsoDate } from '../iso-date';

/** The longest range one call reads: a month view with the days around it. */
const AVAILABILITY_DAYS_MAX = 62;
const AVAILABILITY_PRACTITIONERS_MAX = 200;

const day = z
  .string({ error: ISO_DATE_TEXT })
  .max(10, ISO_DATE_TEXT)
  .refine(isIsoDate, ISO_DATE_TEXT);
const id = z
  .number({ error: 'Must be an id (a whole number).' })
  .int('Must be an id (a whole number).')
  .positive('Must be an id.')
  .max(Number.MAX_SAFE_INTEGER);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

export const getAvailabilitySchema = z
  .strictObject({
    from: day,
    to: day,
    practitioner_ids: z
      .array(id)
      .max(AVAILABILITY_PRACTITIONERS_MAX, `At most ${AVAILABILITY_PRACTITIONERS_MAX} ids.`)
      .optional(),
  })
  .superRefine((v, issues) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
    const days = daysBetween(v.from, v.to);
    if (days < 0)
      issues.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before "from".' });
    else if (days >= AVAILABILITY_DAYS_MAX)
      issues.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${AVAILABILITY_DAYS_MAX} days can be read at once.`,
      });
  });

export type GetAvailabilityInput = z.infer<typeof getAvailabilitySchema>;

interface AvailabilityInterval {
  /** ISO 8601 with the clinic's offset. */
  start: string;
  end: string;
  /** The clinic day, YYYY-MM-DD. */
  day: string;
  location_id: number | null;
}

export interface PractitionerAvailability {
  user_id: number;
  name: string;
  colour: string;
  intervals: AvailabilityInterval[];
}

export interface AvailabilityReply {
  /** The clinic's IANA zone the days were read in. */
  zone: string;
  practitioners: PractitionerAvailability[];
}
