/**
 * Whether a screen can show anything to this user: they may read its entity set, and its module
 * is switched on. Pure: the session's privileges and modules list come in (null while unknown,
 * when the screen simply opens; the server refuses as ever).
 */
import type { EntityDefinition } from '../../../shared/entities';
import { moduleByName } from '../../../shared/modules';
import { grants, grantsAnyOf, privilegeOf } from '../../../shared/privileges';
import { isEnabled, type ModuleRow } from '../../features/navigation/navModel';
import { noPrivilegeText } from './permissions';

export type ScreenAccess =
  | { kind: 'open' }
  | { kind: 'no_privilege'; text: string }
  /** moduleId: where an admin switches it on (null for others). */
  | { kind: 'module_off'; text: string; moduleId: number | null };

interface Session {
  admin: boolean;
  privileges: readonly string[] | null;
  modules: readonly ModuleRow[] | null;
}

const moduleOffText = (definition: EntityDefinition): string =>
  `The ${moduleByName(definition.module)?.label ?? definition.title} module is switched off.`;

export function screenAccess(definition: EntityDefinition, session: Session): ScreenAccess {
  const { admin, privileges, modules } = session;
  const mayRead =
    admin ||
    definition.openReads ||
    privileges === null ||
    grants(privileges, privilegeOf(definition.module, 'list'));
  if (!mayRead) return { kind: 'no_privilege', text: noPrivilegeText(definition, 'see') };
  // Only admins and holders of one of its privileges are told about a module (others' list
  // leaves out the modules they hold nothing of); an empty list is a failed read, not news.
  const told = admin || (privileges !== null && grantsAnyOf(privileges, definition.module));
  if (!told || !modules || modules.length === 0) return { kind: 'open' };
  const row = modules.find((m) => m.module_name === definition.module);
  if (row && isEnabled(row)) return { kind: 'open' };
  return {
    kind: 'module_off',
    text: moduleOffText(definition),
    moduleId: admin && row ? Number(row.module_id) : null,
  };
}
