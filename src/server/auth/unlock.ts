/**
 * `users/unlock`: the idle lock screen asks for the signed-in user's password again. The session
 * stays as it is; only the password is checked, counted with the sign-ins of that account and
 * address (a wrong password here is a failed sign-in). There is no captcha on the lock screen:
 * once the sign-in throttle asks for one, the lock screen waits, or the user signs out and in again.
 */
import { normaliseEmail } from '../../shared/users';
import type { CallContext, CallResult } from '../http/calls';
import { loginThrottleOf } from './login';
import { verifyPassword } from './passwords';
import { clearAttempts, lockedSubjects, LOGIN_RULE, recordAttempt, waitInWords } from './throttle';

const WRONG_PASSWORD_TEXT = 'That is not your password. The screen stays locked.';

export const unlockWaitText = (seconds: number) =>
  `Too many wrong passwords. Try again in ${waitInWords(seconds)}, or sign out and sign in again.`;

export async function unlock(ctx: CallContext, input: { password: string }): Promise<CallResult> {
  const { trx, caller, user } = ctx;
  const companyId = caller.company.company_id;
  const email = normaliseEmail(user.profile.user_email);
  const subjects = await lockedSubjects(trx, companyId, email, caller.ip);
  const throttle = await loginThrottleOf(ctx, subjects);
  if (throttle.captcha_required) {
    return {
      result: false,
      status: 429,
      retryAfter: throttle.retry_after,
      messages: [{ type: 'w', text: unlockWaitText(throttle.retry_after) }],
    };
  }
  const row = await trx
    .selectFrom('users')
    .select('user_password_hash')
    .where('company_id', '=', companyId)
    .where('user_id', '=', user.user_id)
    .executeTakeFirst();
  if (!(await verifyPassword(row?.user_password_hash, input.password))) {
    // Returned, not thrown: the failure must be committed to count.
    // Counted like a failed sign-in (and, like one, not an audit entry: a refusal changes nothing).
    await recordAttempt(trx, companyId, LOGIN_RULE, subjects);
    return { result: false, status: 403, messages: [{ type: 'e', text: WRONG_PASSWORD_TEXT }] };
  }
  await clearAttempts(trx, companyId, LOGIN_RULE, subjects[0]);
  await ctx.audit({ action: 'unlock', entity: 'users', entity_id: user.user_id });
  return { messages: [{ type: 's', text: 'Unlocked.' }] };
}
