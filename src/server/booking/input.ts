/**
 * What the public booking calls (./routes.ts) take, checked before their handlers run. On the
 * server, not in src/shared/booking.ts: the booking page imports that file, and schemas built
 * there would put zod's object code into the start-up code of every signed-in page.
 */
import { z } from 'zod';
import { isIsoDate, ISO_DATE_TEXT, ISO_INSTANT_TEXT, isoInstant } from '../../shared/iso-date';
import { maxLengthText } from '../../shared/limits';

const ALTCHA_MAX_LENGTH = 4_000;
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = (max: number) =>
  z.string().trim().min(1, 'Please fill this in.').max(max, maxLengthText(max));
const isoDay = z.string().refine(isIsoDate, ISO_DATE_TEXT);
/** An instant with its offset, as every start on the wire is. */
const instant = z
  .string()
  .max(40)
  .refine((v) => isoInstant(v) !== null, ISO_INSTANT_TEXT);
const manageToken = z.string().min(1).max(300);

export const bookingInputs = {
  getOptions: z.object({}).strict(),
  getSlots: z
    .object({
      appointment_type_id: id,
      practitioner_id: id.optional(),
      from: isoDay,
      to: isoDay,
    })
    .strict(),
  book: z
    .object({
      appointment_type_id: id,
      practitioner_id: id,
      start: instant,
      first_name: text(100),
      last_name: text(100),
      email: text(255).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Must be an e-mail address.'),
      phone: text(40).regex(/^[0-9+()\-.\s]{5,40}$/, 'Must be a phone number.'),
      date_of_birth: isoDay,
      altcha: z.string().max(ALTCHA_MAX_LENGTH).optional(),
    })
    .strict(),
  getBooking: z.object({ manage_token: manageToken }).strict(),
  cancel: z.object({ manage_token: manageToken }).strict(),
  reschedule: z
    .object({
      manage_token: manageToken,
      start: instant,
      altcha: z.string().max(ALTCHA_MAX_LENGTH).optional(),
    })
    .strict(),
};

export type SlotsInput = z.infer<typeof bookingInputs.getSlots>;
export type BookInput = z.infer<typeof bookingInputs.book>;
export type RescheduleInput = z.infer<typeof bookingInputs.reschedule>;
