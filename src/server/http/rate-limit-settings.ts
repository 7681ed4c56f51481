/**
 * RATE_LIMITS as configuration reads it: the calls limited and their default calls per minute per
 * address. Apart from the limiter (rate-limits.ts) so that the configuration does not import the
 * HTTP layer that depends on it.
 */
export type RateLimits = Readonly<Record<string, number>>;

/** Calls per minute per address: well above what a clinic behind one NAT address makes. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  'captcha/challenge': 60,
  'users/login': 120,
  'users/login_status': 300,
  'users/request_password_reset': 60,
  'users/reset_password': 60,
  'modules/get_public_settings': 600,
  'modules/fetch_public_settings': 600,
  // The public booking page: browsing days is cheap, booking and changing are rare for a person.
  'booking/get_options': 300,
  'booking/get_slots': 300,
  'booking/book': 30,
  'booking/get_booking': 120,
  'booking/cancel': 30,
  'booking/reschedule': 30,
  'booking/get_offer': 120,
  'booking/accept_offer': 30,
  // GET /feeds/…: calendar services (Google's, say) fetch many clinics' feeds from few addresses.
  'calendar_feeds/feed': 600,
};

export const formatRateLimits = (limits: RateLimits): string =>
  Object.entries(limits)
    .map(([path, max]) => `${path}=${max}`)
    .join(',');

/**
 * RATE_LIMITS: `off`, or `call=perMinute` pairs separated by commas; the calls not named keep
 * their default. Throws a message naming the wrong part.
 */
export function parseRateLimits(text: string): RateLimits {
  if (text.trim() === 'off') return {};
  const limits: Record<string, number> = { ...DEFAULT_RATE_LIMITS };
  for (const part of text.split(',').filter((p) => p.trim())) {
    const [path = '', max = ''] = part.split('=').map((s) => s.trim());
    if (!(path in DEFAULT_RATE_LIMITS))
      throw new Error(`names "${path}", which is not one of ${Object.keys(limits).join(', ')}`);
    if (!/^\d+$/.test(max) || Number(max) < 1)
      throw new Error(`sets "${path}" to "${max}", which is not a whole number from 1`);
    limits[path] = Number(max);
  }
  return limits;
}
