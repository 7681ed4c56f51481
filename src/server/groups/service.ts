/**
 * Group privileges. A group's list holds `module/route` strings and `module/*`
 * wildcards, each one the catalogue offers. It is stored normalised (shared/privileges
 * `normalisePrivileges`): a wildcard's own routes are dropped, since it grants them already, so
 * the stored list — and its audit trail — says exactly what the group may do.
 */
import { allPrivilegeStrings } from '../../shared/modules';
import { grants, normalisePrivileges } from '../../shared/privileges';
import type { CallContext } from '../http/calls';
import { badRequest, forbidden, notFound } from '../http/errors';
import { assertMayChangeGroup } from './admin-group';
import { groupExists, privilegesOfGroup, replacePrivilegesOfGroup } from './repository';

const KNOWN_PRIVILEGES = new Set(allPrivilegeStrings());

const missingGroup = (groupId: number) => notFound(`There is no group with id ${groupId}.`);

export async function groupPrivileges(ctx: CallContext, groupId: number): Promise<string[]> {
  const companyId = ctx.caller.company.company_id;
  if (!(await groupExists(ctx.trx, companyId, groupId))) throw missingGroup(groupId);
  return privilegesOfGroup(ctx.trx, companyId, groupId);
}

function checkedPrivileges(requested: readonly string[]): string[] {
  const unknown = [...new Set(requested.filter((p) => !KNOWN_PRIVILEGES.has(p)))];
  if (unknown.length > 0) {
    const names = unknown.map((p) => `"${p}"`).join(', ');
    throw badRequest(
      unknown.length === 1 ? `Unknown privilege ${names}.` : `Unknown privileges ${names}.`,
    );
  }
  return normalisePrivileges(requested);
}

/**
 * Someone who may edit privileges without being an administrator can not hand out more than
 * they hold: each privilege added must be one their own groups grant (else editing privileges
 * would be a way to become all-powerful). Privileges already on the group may stay.
 */
function checkGrantable(ctx: CallContext, before: readonly string[], after: readonly string[]) {
  if (ctx.user.is_admin) return;
  const added = after.filter((p) => !before.includes(p) && !grants(ctx.user.privileges, p));
  if (added.length > 0) {
    throw forbidden(
      `You can only give privileges you hold yourself; not ${added.map((p) => `"${p}"`).join(', ')}.`,
    );
  }
}

/** Replaces the group's list with exactly the given one; answers the stored list. */
export async function syncGroupPrivileges(
  ctx: CallContext,
  groupId: number,
  requested: readonly string[],
): Promise<string[]> {
  const companyId = ctx.caller.company.company_id;
  const privileges = checkedPrivileges(requested);
  assertMayChangeGroup(ctx, groupId);
  if (!(await groupExists(ctx.trx, companyId, groupId, { lock: true })))
    throw missingGroup(groupId);
  const before = await privilegesOfGroup(ctx.trx, companyId, groupId);
  checkGrantable(ctx, before, privileges);
  await replacePrivilegesOfGroup(ctx.trx, companyId, groupId, privileges);
  const after = await privilegesOfGroup(ctx.trx, companyId, groupId);
  await ctx.audit({
    action: 'sync_group_privileges',
    entity: 'groups',
    entity_id: groupId,
    before: { group_privileges: before },
    after: { group_privileges: after },
  });
  return after;
}
