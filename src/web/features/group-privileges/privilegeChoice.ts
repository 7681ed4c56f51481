/**
 * The privileges editor's model, pure: which boxes are ticked, which a module
 * wildcard covers (ticked and disabled), and how far the ticks are from the saved list.
 */
import {
  moduleOfPrivilege,
  normalisePrivileges,
  WILDCARD_ROUTE,
  wildcardOf,
} from '../../../shared/privileges';

export type Ticked = ReadonlySet<string>;

const isWildcard = (privilege: string) => privilege.endsWith(`/${WILDCARD_ROUTE}`);

/** A specific privilege its module's ticked wildcard already grants. */
export const isCovered = (ticked: Ticked, privilege: string): boolean =>
  !isWildcard(privilege) && ticked.has(wildcardOf(moduleOfPrivilege(privilege)));

export function toggled(ticked: Ticked, privilege: string): Ticked {
  const next = new Set(ticked);
  if (next.has(privilege)) next.delete(privilege);
  else next.add(privilege);
  return next;
}

/** What saving the ticks would store: the server's canonical form. */
export const toStore = (ticked: Ticked): string[] => normalisePrivileges([...ticked]);

/** Privileges granted by one side and not by the other, compared as they would be stored. */
export function changedPrivileges(saved: readonly string[], ticked: Ticked): Set<string> {
  const before = new Set(normalisePrivileges(saved));
  const after = new Set(toStore(ticked));
  return new Set([
    ...[...before].filter((p) => !after.has(p)),
    ...[...after].filter((p) => !before.has(p)),
  ]);
}
