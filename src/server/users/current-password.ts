/**
 * The current password a signed-in user re-enters before changing how they sign in (their e-mail,
 * their password). It is checked as a login checks it — the same Argon2 verify, the same failure
 * counts per account and per address, the same growing wait — so that a session left open is
 * neither a way to take the account nor a way to guess its password faster than the login page.
 */
import { WRONG_CURRENT_PASSWORD_TEXT } from '../../shared/users';
import type { CallContext, CallResult } from '../http/calls';
import { loginThrottleOf } from '../auth/login';
import { verifyPassword } from '../auth/passwords';
import {
  clearAttempts,
  LOGIN_RULE,
  lockedSubjects,
  recordAttempt,
  waitInWords,
} from '../auth/throttle';

const waitText = (seconds: number) =>
  `Too many wrong passwords. Please try again in ${waitInWords(seconds)}.`;

const refused = (status: number, text: string, retryAfter?: number): CallResult => ({
  result: false,
  status,
  ...(retryAfter === undefined ? {} : { retryAfter }),
  messages: [{ type: 'e', text }],
});

/**
 * Null when `password` is the caller's own; else the refusal to answer with. The refusal is
 * returned, not thrown: a counted failure must be committed.
 */
export async function checkCurrentPassword(
  ctx: CallContext,
  password: string | undefined,
  missingText: string,
): Promise<CallResult | null> {
  if (!password) return refused(400, missingText);
  const companyId = ctx.caller.company.company_id;
  const account = await ctx.trx
    .selectFrom('users')
    .select(['user_email', 'user_password_hash'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', ctx.user.user_id)
    .executeTakeFirstOrThrow();
  // Parallel guesses are counted one after the other, as at the login.
  const subjects = await lockedSubjects(ctx.trx, companyId, account.user_email, ctx.caller.ip);
  const throttle = await loginThrottleOf(ctx, subjects);
  if (throttle.retry_after > 0)
    return refused(429, waitText(throttle.retry_after), throttle.retry_after);
  if (!(await verifyPassword(account.user_password_hash, password))) {
    await recordAttempt(ctx.trx, companyId, LOGIN_RULE, subjects);
    return refused(400, WRONG_CURRENT_PASSWORD_TEXT);
  }
  await clearAttempts(ctx.trx, companyId, LOGIN_RULE, subjects[0]);
  return null;
}
