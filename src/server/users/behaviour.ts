/**
 * Users: only admins change or delete an admin (the admin boundary); disabling one ends their
 * sessions and reset links at once; nobody disables or deletes their own account;
 * the administrators group never loses its last enabled member. `get` adds the
 * user's groups (groups with group_key, group_ids).
 */
import type { users } from '../../shared/entities';
import { sql } from 'kysely';
import { EMAIL_TAKEN_TEXT } from '../../shared/users';
import type { CallContext } from '../http/calls';
import { badRequest, conflict } from '../http/errors';
import { revokeResetLinks } from '../auth/password-reset';
import type { EntityBehaviour } from '../entities/behaviour';
import type { Row } from '../entities/repository';
import { assertAdminsRemain } from '../groups/admins-remain';
import { assertMayManageUsers } from './admin-boundary';

const isSelf = (ctx: CallContext, row: Row) => row.user_id === ctx.user.user_id;

/** The same refusal as a user changing their own address (src/shared/users.ts). */
async function assertEmailFree(ctx: CallContext, email: unknown, userId: number): Promise<void> {
  const taken = await sql`select 1 from users where company_id = ${ctx.caller.company.company_id}
    and user_email = ${String(email)} and user_id <> ${userId}`.execute(ctx.trx);
  if (taken.rows.length > 0) throw conflict(EMAIL_TAKEN_TEXT);
}

export const userBehaviour: EntityBehaviour<typeof users> = {
  beforeInsert: (ctx, values) => assertEmailFree(ctx, values.user_email, 0),
  async beforeUpdate(ctx, before, field, value) {
    await assertMayManageUsers(ctx, [before.user_id]);
    if (field.name === 'user_enabled' && value === 0 && isSelf(ctx, before)) {
      throw badRequest('You can not disable your own account.');
    }
    if (field.name === 'user_email') await assertEmailFree(ctx, value, before.user_id);
  },
  async afterUpdate(ctx, before, after, field) {
    if (field.name !== 'user_enabled' || after.user_enabled !== 0 || before.user_enabled === 0)
      return;
    await ctx.services.sessions.revokeAllOf(ctx.trx, after.user_id);
    // A link mailed before must not work once the account is enabled again.
    await revokeResetLinks(ctx.trx, ctx.caller.company.company_id, after.user_id);
    await assertAdminsRemain(ctx);
  },
  async beforeDelete(ctx, rows) {
    if (rows.some((row) => isSelf(ctx, row)))
      throw badRequest('You can not delete your own account.');
    await assertMayManageUsers(
      ctx,
      rows.map((row) => Number(row.user_id)),
    );
  },
  afterDelete: (ctx) => assertAdminsRemain(ctx),
  afterRelationChange: (ctx) => assertAdminsRemain(ctx),
  async decorate(ctx, row) {
    const groups = await sql<{ group_id: number; group_key: string; group_name: string }>`
      select g.group_id, g.group_key, g.group_name from user_groups ug
      join groups g on g.company_id = ug.company_id and g.group_id = ug.group_id
      where ug.company_id = ${ctx.caller.company.company_id} and ug.user_id = ${Number(row.user_id)}
      order by g.group_id`.execute(ctx.trx);
    return { ...row, groups: groups.rows, group_ids: groups.rows.map((g) => g.group_id) };
  },
};
