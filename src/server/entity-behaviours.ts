/** The extras of each entity set; entity sets not named here use the generic engine alone. */
import type { EntityDefinition, EntityPath } from '../../../shared/entities';
import type { EntityHooks, ExtraCall } from '../hooks';
import { categoryHooks } from './categories';
import { groupHooks } from './groups';
import { herbHooks } from './herbs';
import { patientletterHooks } from './patientletters';
import { prescriptionHooks } from './prescriptions';
import { userHooks } from './users';

export const HOOKS: Readonly<Record<string, EntityHooks>> = {
  categories: categoryHooks,
  groups: groupHooks,
  herbs: herbHooks,
  patientletters: patientletterHooks,
  prescriptions: prescriptionHooks,
  users: userHooks,
  // Keys are held to the definitions' entity paths by the type checker.
} satisfies Partial<Record<EntityPath, EntityHooks>>;

export const hooksOf = (entities: string): EntityHooks => HOOKS[entities] ?? {};

/**
 * The module route an extra call needs: the one its button declares in the definition, else its
 * own. A call with neither, or with both, is a mistake the registry test names.
 */
export function callRoute(definition: EntityDefinition, name: string, call: ExtraCall): string {
  const button = definition.extras.find((e) => e.type === 'button' && e.call === name);
  const route = button?.route ?? call.route;
  if (!route) throw new Error(`${definition.entities}/${name} has no privilege route.`);
  return route;
}
