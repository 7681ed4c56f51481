/**
 * Booking throttle: the captcha is asked for as login asks for it — not at first, so that a
 * patient booking once never sees it, but from the third booking (or move) an address makes
 * within an hour. Bookings are
 * counted in auth_attempts (kind 'booking'), in the booking's own transaction: a refused booking
 * counts for nothing, and every server of the deployment sees the same count.
 */
import { captchaRequired, captchaSolved } from '../auth/captcha-gate';
import { addressSubject, countAttempts, lockedSubjects, recordAttempt } from '../auth/throttle';
import type { CallContext } from '../http/calls';
import { ApiError } from '../http/errors';

const BOOKING_RULE = { kind: 'booking', windowSeconds: 60 * 60 } as const;
/** Bookings an address may make in an hour before the captcha is asked for. */
const BOOKINGS_BEFORE_CAPTCHA = 2;

/** True when the next booking from this caller's address needs a solved captcha. */
export async function captchaDue(ctx: CallContext): Promise<boolean> {
  const count = await countAttempts(
    ctx.trx,
    ctx.caller.company.company_id,
    BOOKING_RULE,
    addressSubject(ctx.caller.ip),
    BOOKINGS_BEFORE_CAPTCHA,
  );
  return count.reached(BOOKINGS_BEFORE_CAPTCHA);
}

/**
 * Passes when the address may book now: under its count, or with a solved captcha. The address
 * is locked until the booking commits, so a burst of parallel bookings is counted one by one.
 * Answers the address's subject, for `countBooking`.
 */
export async function checkBookingThrottle(
  ctx: CallContext,
  email: string,
  altcha: string | undefined,
): Promise<string> {
  const [, address] = await lockedSubjects(
    ctx.trx,
    ctx.caller.company.company_id,
    email,
    ctx.caller.ip,
  );
  if ((await captchaDue(ctx)) && !(await captchaSolved(ctx, altcha))) {
    const refusal = captchaRequired();
    throw new ApiError(400, refusal.messages?.[0]?.text ?? '', {
      data: refusal.data,
      field: 'altcha',
    });
  }
  return address;
}

/** Counts a booking made from the address (in the booking's transaction). */
export const countBooking = (ctx: CallContext, address: string): Promise<void> =>
  recordAttempt(ctx.trx, ctx.caller.company.company_id, BOOKING_RULE, [address]);
