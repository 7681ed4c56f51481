/**
 * Waitlist offers, public: the link in an offer's mail opens OFFER_PATH, whose page shows the
 * offer (`booking/get_offer`) and books it (`booking/accept_offer`). Shared by the server
 * (src/server/waitlist/), the page (src/web/features/waitlist/) and the tests; the server checks
 * what the calls take (src/server/waitlist/routes.ts).
 */

export const WAITLIST_CALLS = {
  getOffer: 'booking/get_offer',
  acceptOffer: 'booking/accept_offer',
} as const;

/** The page the offer's link opens, on the clinic's address: ?token=…&company=… */
export const OFFER_PATH = '/book/offer';

/** An offer lasts this long, or until its time starts if that is sooner. */
export const OFFER_HOURS = 24;

export const OFFER_INVALID_TEXT =
  'This offer link is not valid. Please use the link in your latest e-mail, or call the clinic.';
export const OFFER_GONE_TEXT = 'Sorry, that time has gone.';
export const OFFER_EXPIRED_TEXT = 'Sorry, this offer has ended.';
export const OFFER_BOOKED_TEXT = 'Booked: the time is yours.';

export interface OfferView {
  status: 'offered' | 'accepted' | 'gone' | 'expired';
  type_name: string;
  practitioner_name: string;
  /** ISO 8601 with the clinic's offset. */
  start: string;
  end: string;
  expires_at: string;
  clinic_name: string;
  time_zone: string;
}
