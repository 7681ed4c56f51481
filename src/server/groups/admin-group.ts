/**
 * Group 1 is the administrators' own, like their accounts (the admin boundary, see
 * src/server/users/admin-boundary.ts): a non-admin holding groups/update or
 * groups/sync_group_privileges may change other groups, never this one. Its membership is refused
 * to non-admins already, since group membership is an admin-only relation.
 */
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { ADMIN_GROUP_ONLY_TEXT } from '../../shared/users';
import type { CallContext } from '../http/calls';
import { forbidden } from '../http/errors';

export function assertMayChangeGroup(ctx: CallContext, groupId: number): void {
  if (groupId === ADMIN_GROUP_ID && !ctx.user.is_admin) throw forbidden(ADMIN_GROUP_ONLY_TEXT);
}
