/**
 * Password reset by mail. The request always answers the same, whether or not the address is an
 * account's (no enumeration), and the mail leaves in the background so the time does not tell
 * either. The link carries 256 random bits, stored only as a digest, valid once for one hour.
 */
import { sql } from 'kysely';
import { normaliseEmail } from '../../shared/users';
import type { Tx } from '../db/tenancy';
import { badRequest } from '../http/errors';
import type { CallContext, CallResult } from '../http/calls';
import { captchaRequired, captchaSolved } from './captcha-gate';
import { setPasswordOf } from './passwords';
import { resetMail } from './reset-mail';
import { digest, newSecret } from './sessions';
import {
  accountSubject,
  clearAttempts,
  countAttempts,
  lockedSubjects,
  LOGIN_RULE,
  recordAttempt,
  RESET_RULE,
  tooManyAttempts,
} from './throttle';

const RESET_REQUESTED_TEXT =
  'If that address belongs to an account, a link to reset the password is on its way.';
export const RESET_LINK_INVALID_TEXT =
  'This reset link has expired or has already been used. Please ask for a new one.';
const PASSWORD_RESET_TEXT = 'Your password has been changed. You can log in with it now.';
/** Mails per account and requests per address, per hour. */
const RESET_ACCOUNT_LIMIT = 3;
const RESET_ADDRESS_LIMIT = 10;

export async function requestPasswordReset(
  ctx: CallContext,
  input: { user_email: string; altcha?: string | undefined },
): Promise<CallResult> {
  if (!(await captchaSolved(ctx, input.altcha))) return captchaRequired();
  const { trx, caller } = ctx;
  const companyId = caller.company.company_id;
  const email = normaliseEmail(input.user_email);
  const subjects = await lockedSubjects(trx, companyId, email, caller.ip);
  const address = await countAttempts(trx, companyId, RESET_RULE, subjects[1], RESET_ADDRESS_LIMIT);
  if (address.reached(RESET_ADDRESS_LIMIT)) {
    throw tooManyAttempts(address.secondsUntilBelow(RESET_ADDRESS_LIMIT));
  }
  const account = await countAttempts(trx, companyId, RESET_RULE, subjects[0], RESET_ACCOUNT_LIMIT);
  await recordAttempt(trx, companyId, RESET_RULE, subjects);
  // Over the account's limit nothing is sent, and the reply stays the same.
  if (!account.reached(RESET_ACCOUNT_LIMIT)) await mailResetLink(ctx, email);
  return { messages: [{ type: 's', text: RESET_REQUESTED_TEXT }] };
}

/** Mails a reset link to the enabled account of that address (also sent by an admin). */
export async function mailResetLink(ctx: CallContext, email: string): Promise<void> {
  const { trx, caller, services } = ctx;
  const user = await trx
    .selectFrom('users')
    .select(['user_id', 'user_email', 'user_first_name'])
    .where('company_id', '=', caller.company.company_id)
    .where('user_email', '=', email)
    .where('user_enabled', '=', 1)
    .executeTakeFirst();
  if (!user) return;
  const token = newSecret();
  await trx
    .insertInto('password_resets')
    .values({
      company_id: caller.company.company_id,
      user_id: user.user_id,
      token_hash: digest(token),
      expires_at: sql<Date>`now() + interval '1 hour'`,
    })
    .execute();
  const mail = resetMail({
    config: services.config,
    to: user.user_email,
    firstName: user.user_first_name,
    clinic: caller.company,
    token,
  });
  void services.mailer.send(mail).catch((error: unknown) => {
    services.log.error({ err: error }, 'password reset mail could not be sent');
  });
}

/** Ends every outstanding link of the user (after a reset, and when the user is disabled). */
export async function revokeResetLinks(trx: Tx, companyId: number, userId: number): Promise<void> {
  await trx
    .updateTable('password_resets')
    .set({ used_at: sql`now()` })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function resetPassword(
  ctx: CallContext,
  input: { token: string; password: string },
): Promise<CallResult> {
  const { trx, caller, services } = ctx;
  const companyId = caller.company.company_id;
  // Claimed atomically, so one link resets once even when sent twice at the same moment.
  const claim = trx
    .updateTable('password_resets as r')
    .from('users as u')
    .set({ used_at: sql`now()` })
    .whereRef('u.company_id', '=', 'r.company_id')
    .whereRef('u.user_id', '=', 'r.user_id')
    .where('r.company_id', '=', companyId)
    .where('r.token_hash', '=', digest(input.token))
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', sql<Date>`now()`)
    .where('u.user_enabled', '=', 1)
    .returning(['r.user_id', 'u.user_email']);
  const reset = await claim.executeTakeFirst();
  if (!reset) throw badRequest(RESET_LINK_INVALID_TEXT);
  // A broken rule throws, which rolls the claim back: the link still works for a better password.
  await setPasswordOf(trx, companyId, reset.user_id, input.password);
  await revokeResetLinks(trx, companyId, reset.user_id);
  await services.sessions.revokeAllOf(trx, reset.user_id);
  await clearAttempts(trx, companyId, LOGIN_RULE, accountSubject(reset.user_email));
  await ctx.audit({
    action: 'reset_password',
    entity: 'users',
    entity_id: reset.user_id,
    user_id: reset.user_id,
  });
  return { messages: [{ type: 's', text: PASSWORD_RESET_TEXT }] };
}
