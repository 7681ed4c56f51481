/**
 * Online booking, public and without a login: the booking calls' names, texts and answers, shared
 * by the server (src/server/booking/), the page (src/web/features/booking/) and the tests. What
 * the calls take is checked by the server (src/server/booking/input.ts). A clinic's own website
 * may make the same calls (docs/api.md, "Public booking calls").
 */

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
