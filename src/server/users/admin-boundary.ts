/**
 * The admin boundary: only members of the administrators group (group 1) may change,
 * disable, delete or set the password of a member of that group. Else a user holding
 * users/update or users/set_password could take over an admin's account (new e-mail, then the
 * reset link; or a new password) and so become an admin. Every call that acts on another user's
 * account asks here: one rule, one home.
 */
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { ADMIN_ONLY_TARGET_TEXT } from '../../shared/users';
import type { CallContext } from '../http/calls';
import { forbidden } from '../http/errors';

/** Refuses a non-admin acting on any of `userIds` when one of them is an administrator. */
export async function assertMayManageUsers(
  ctx: CallContext,
  userIds: readonly number[],
): Promise<void> {
  if (ctx.user.is_admin || userIds.length === 0) return;
  const admin = await ctx.trx
    .selectFrom('user_groups')
    .select('user_id')
    .where('company_id', '=', ctx.caller.company.company_id)
    .where('group_id', '=', ADMIN_GROUP_ID)
    .where('user_id', 'in', [...userIds])
    .executeTakeFirst();
  if (admin) throw forbidden(ADMIN_ONLY_TARGET_TEXT);
}
