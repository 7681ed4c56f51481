/**
 * Passwords changed from inside the application: by the user (old password first) or by an admin
 * for another user. Either way the SPEC §5 rules apply and the user's other sessions end.
 */
import type { CallContext, CallResult } from '../http/calls';
import { badRequest, notFound } from '../http/errors';
import { setPasswordOf, verifyPassword } from '../auth/passwords';

export const WRONG_OLD_PASSWORD_TEXT = 'The current password is not correct.';
export const PASSWORD_CHANGED_TEXT = 'The password has been changed.';
export const noSuchUserText = (userId: number) => `There is no user with the id ${userId}.`;

export async function changeMyPassword(
  ctx: CallContext,
  input: { old_password: string; new_password: string },
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  const { user_id: userId, userlogin_id: current } = ctx.user;
  const account = await ctx.trx
    .selectFrom('users')
    .select('user_password_hash')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.user_password_hash, input.old_password))) {
    throw badRequest(WRONG_OLD_PASSWORD_TEXT);
  }
  await setPasswordOf(ctx.trx, companyId, userId, input.new_password);
  await ctx.services.sessions.revokeAllOf(ctx.trx, userId, current);
  await ctx.audit({ action: 'change_password', entity: 'users', entity_id: userId });
  return { messages: [{ type: 's', text: PASSWORD_CHANGED_TEXT }] };
}

export async function setUserPassword(
  ctx: CallContext,
  input: { user_id: number; password: string },
): Promise<CallResult> {
  const companyId = ctx.caller.company.company_id;
  // Another company's user is invisible here (scoped query and row-level security): "no user".
  const target = await ctx.trx
    .selectFrom('users')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', input.user_id)
    .executeTakeFirst();
  if (!target) throw notFound(noSuchUserText(input.user_id));
  await setPasswordOf(ctx.trx, companyId, target.user_id, input.password);
  // An admin setting their own password keeps the session they did it from.
  await ctx.services.sessions.revokeAllOf(ctx.trx, target.user_id, ctx.user.userlogin_id);
  await ctx.audit({ action: 'set_password', entity: 'users', entity_id: target.user_id });
  return { messages: [{ type: 's', text: PASSWORD_CHANGED_TEXT }] };
}
