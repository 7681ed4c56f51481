/** Typed queries on a company's groups and their privilege lists, always scoped to the company. */
import type { Tx } from '../db/tenancy';

/**
 * Whether the company has the group. `lock` holds the group row for the rest of the transaction,
 * so that two concurrent privilege syncs of one group run one after the other.
 */
export async function groupExists(
  trx: Tx,
  companyId: number,
  groupId: number,
  options: { lock?: boolean } = {},
): Promise<boolean> {
  let query = trx
    .selectFrom('groups')
    .select('group_id')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId);
  if (options.lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

export async function privilegesOfGroup(
  trx: Tx,
  companyId: number,
  groupId: number,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('group_privileges')
    .select('privilege')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .orderBy('privilege')
    .execute();
  return rows.map((row) => row.privilege);
}

export async function replacePrivilegesOfGroup(
  trx: Tx,
  companyId: number,
  groupId: number,
  privileges: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('group_privileges')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .execute();
  if (privileges.length === 0) return;
  await trx
    .insertInto('group_privileges')
    .values(
      privileges.map((privilege) => ({ company_id: companyId, group_id: groupId, privilege })),
    )
    .execute();
}
