/**
 * A practitioner's private calendar feed (iCalendar, RFC 5545) for Google, Apple or Outlook: its
 * address holds a secret token, stored only as a digest, shown once when made and renewed at will
 * (src/server/calendar-feeds/). Shared by the server, the My details panel and the tests.
 */
export const CALENDAR_FEED_CALLS = {
  get: 'calendar_feeds/get',
  renew: 'calendar_feeds/renew',
} as const;

/** GET {FEED_PATH}/{company slug}/{token}.ics */
export const FEED_PATH = '/feeds';

/** The feed holds appointments from this many days back to this many ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export interface CalendarFeedState {
  user_id: number;
  /** When the current address was made; null: the user has none. */
  created_at: string | null;
}

/** What `renew` answers: the new address, shown this once (only its digest is kept). */
export interface RenewedFeed extends CalendarFeedState {
  url: string;
}

/** "J.D.": a patient's initials, all a feed shows of them. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((name) => (Array.from(name.trim())[0] ?? '').toUpperCase())
    .filter(Boolean)
    .map((initial) => `${initial}.`)
    .join('');
}
