/**
 * Passwords changed from inside the application: by the user (old password first, checked and
 * throttled as a login: ./current-password.ts) or by an admin
 * for another user. Either way the password rules of `src/shared/password.ts` apply and the user's
 * other sessions end.
 */
import type { CallContext, CallResult } from '../http/calls';
import { badRequest, notFound } from '../http/errors';
import { mailResetLink } from '../auth/password-reset';
import { setPasswordOf } from '../auth/passwords';
import { assertMayManageUsers } from './admin-boundary';
import { checkCurrentPassword } from './current-password';

const OLD_PASSWORD_MISSING_TEXT = 'Enter your current password to change it.';
const PASSWORD_CHANGED_TEXT = 'The password has been changed.';
export const noSuchUserText = (userId: number) => `There is no user with the id ${userId}.`;
const resetSentText = (email: string) => `A link to reset the password has been sent to ${email}.`;
const RESET_DISABLED_TEXT =
  'This user is disabled: enable the account before sending a reset link.';

export async function changeMyPassword(
  ctx: CallContext,
  input: { old_password: string; new_password: string },
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  const { user_id: userId, userlogin_id: current } = ctx.user;
  const refusal = await checkCurrentPassword(ctx, input.old_password, OLD_PASSWORD_MISSING_TEXT);
  if (refusal) return refusal;
  await setPasswordOf(ctx.trx, companyId, userId, input.new_password);
  await ctx.services.sessions.revokeAllOf(ctx.trx, userId, current);
  await ctx.audit({ action: 'change_password', entity: 'users', entity_id: userId });
  return { messages: [{ type: 's', text: PASSWORD_CHANGED_TEXT }] };
}

/**
 * A user of the caller's company the caller may manage (the admin boundary); another company's
 * is invisible here (scope and RLS).
 */
async function findUser(ctx: CallContext, userId: number) {
  const user = await ctx.trx
    .selectFrom('users')
    .select(['user_id', 'user_email', 'user_enabled'])
    .where('company_id', '=', ctx.caller.company.company_id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound(noSuchUserText(userId));
  await assertMayManageUsers(ctx, [user.user_id]);
  return user;
}

export async function setUserPassword(
  ctx: CallContext,
  input: { user_id: number; password: string },
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  const target = await findUser(ctx, input.user_id);
  await setPasswordOf(ctx.trx, companyId, target.user_id, input.password);
  // An admin setting their own password keeps the session they did it from.
  await ctx.services.sessions.revokeAllOf(ctx.trx, target.user_id, ctx.user.userlogin_id);
  await ctx.audit({ action: 'set_password', entity: 'users', entity_id: target.user_id });
  return { messages: [{ type: 's', text: PASSWORD_CHANGED_TEXT }] };
}

/** An admin sends the user the same single-use reset link they could ask for themselves. */
export async function sendPasswordReset(
  ctx: CallContext,
  input: { user_id: number },
): Promise<CallResult> {
  const target = await findUser(ctx, input.user_id);
  if (target.user_enabled !== 1) throw badRequest(RESET_DISABLED_TEXT);
  await mailResetLink(ctx, target.user_email);
  await ctx.audit({ action: 'send_password_reset', entity: 'users', entity_id: target.user_id });
  return { messages: [{ type: 's', text: resetSentText(target.user_email) }] };
}
