/**
 * Privileges are `module/route` strings; `module/*` grants every route of the module.
 * Admins (members of group 1) hold every privilege without any being listed.
 */
import { ADMIN_GROUP_ID } from './limits';

export const WILDCARD_ROUTE = '*';

export const privilegeOf = (module: string, route: string): string => `${module}/${route}`;
export const wildcardOf = (module: string): string => privilegeOf(module, WILDCARD_ROUTE);
export const moduleOfPrivilege = (privilege: string): string => privilege.split('/')[0] ?? '';

export function isAdmin(groupIds: readonly number[]): boolean {
  return groupIds.includes(ADMIN_GROUP_ID);
}

/** True when the granted list covers `required` (itself or its module's wildcard). */
export function grants(granted: readonly string[], required: string): boolean {
  return granted.includes(required) || granted.includes(wildcardOf(moduleOfPrivilege(required)));
}

/** True when any privilege of the module is granted: the module is then visible to the user. */
export function grantsAnyOf(granted: readonly string[], module: string): boolean {
  return granted.some((p) => moduleOfPrivilege(p) === module);
}

/** An available privilege as `groups/get_available_privileges` lists it. */
export interface AvailablePrivilege {
  module_id: string;
  route_id: string;
  label: string;
  children: AvailablePrivilege[];
}

/**
 * The canonical form of a privilege list: each string once, sorted, and a module's specific
 * routes dropped when its wildcard is there (the wildcard already grants them).
 */
export function normalisePrivileges(list: readonly string[]): string[] {
  const unique = new Set(list);
  return [...unique]
    .filter(
      (p) => p.endsWith(`/${WILDCARD_ROUTE}`) || !unique.has(wildcardOf(moduleOfPrivilege(p))),
    )
    .sort();
}
