/** The administrators group (group 1) must always keep an enabled member. */
import { sql } from 'kysely';
import { ADMIN_GROUP_ID } from '../../shared/limits';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';

export async function assertAdminsRemain(ctx: CallContext): Promise<void> {
  const result = await sql<{ count: number }>`select count(*)::int as count
    from user_groups g join users u on u.company_id = g.company_id and u.user_id = g.user_id
    where g.company_id = ${ctx.caller.company.company_id} and g.group_id = ${ADMIN_GROUP_ID}
      and u.user_enabled = 1`.execute(ctx.trx);
  if ((result.rows[0]?.count ?? 0) === 0) {
    throw badRequest('The administrators group must keep at least one enabled member.');
  }
}
