/**
 * Online booking, public and without a login: what the booking calls take and answer, shared by
 * the server (src/server/booking/), the page (src/web/features/booking/) and the tests. A clinic's
 * own website may make the same calls (docs/api.md, "Public booking calls").
 */
import { z } from 'zod';
import { isIsoDate, ISO_DATE_TEXT, ISO_INSTANT_TEXT, isoInstant } from './iso-date';
import { maxLengthText } from './limits';

export const BOOKING_CALLS = {
  getOptions: 'booking/get_options',
  getSlots: 'booking/get_slots',
  book: 'booking/book',
  getBooking: 'booking/get_booking',
  cancel: 'booking/cancel',
  reschedule: 'booking/reschedule',
} as const;

/** The most days one `booking/get_slots` covers (a month view asks for one month). */
export const SLOT_RANGE_MAX_DAYS = 31;
/** The page the manage link opens, on the clinic's address. */
export const MANAGE_PATH = '/book/manage';

export const BOOKING_CLOSED_TEXT = 'Online booking is closed at this clinic.';
export const NOT_OFFERED_TEXT = 'That time is not offered.';
export const TAKEN_TEXT = 'That time has just been taken; please choose another.';
export const MANAGE_LINK_INVALID_TEXT =
  'This link is not valid or has expired. Please use the link in your latest e-mail, or call the clinic.';

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

export interface BookableType {
  appointment_type_id: number;
  name: string;
  duration_minutes: number;
  /** In the clinic's currency (`currency`), major units. */
  price: number;
  description: string;
  /** Who offers it online. */
  practitioner_ids: number[];
}

export interface BookingOptions {
  clinic_name: string;
  appointment_types: BookableType[];
  practitioners: { user_id: number; name: string }[];
  booking_intro: string;
  cancellation_policy: string;
  /** IANA name: every date and time of the booking calls is in it. */
  time_zone: string;
  currency: string;
  /** True when `booking/book` from this address needs a solved captcha (`altcha`). */
  captcha_required: boolean;
}

export interface Slot {
  /** ISO 8601 with the clinic's offset. */
  start: string;
  practitioner_id: number;
}

export interface Booked {
  reference: string;
  manage_token: string;
  start: string;
  end: string;
}

export interface BookingView {
  reference: string;
  appointment_type_id: number;
  type_name: string;
  practitioner_id: number;
  practitioner_name: string;
  start: string;
  end: string;
  status: 'booked' | 'cancelled' | 'passed';
  /** True while cancelling or moving online is allowed (outside the type's notice). */
  can_change: boolean;
  /** The last moment it may be changed online. */
  change_until: string;
  time_zone: string;
  clinic_name: string;
  clinic_phone: string;
  cancellation_policy: string;
}

/** The reference a patient quotes: the appointment's number in the clinic, readable aloud. */
export const bookingReference = (appointmentId: number): string =>
  `B-${String(appointmentId).padStart(5, '0')}`;
