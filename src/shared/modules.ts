/**
 * The module catalogue: every module a company has, named by its entity path, with
 * the privilege routes it offers, its navigation place and its settings tabs. The product module
 * is declared in ./product-module.ts; each entity's module comes from the `module` block of its definition. The
 * server syncs each company's module rows with this list at start-up; the web builds its
 * navigation from it.
 */
import { ENTITIES } from './entities';
import { NAV_SECTIONS, type ModuleDefinition } from './module-entry';
import { PRODUCT_MODULE_DEFINITION } from './product-module';
import { privilegeOf, wildcardOf, type AvailablePrivilege } from './privileges';

export {
  ENTITY_ROUTES,
  NAV_SECTIONS,
  PRODUCT_MODULE,
  type ModuleDefinition,
  type NavSection,
  type PrivilegeRoute,
} from './module-entry';

/**
 * Fixed by the product requirements, word for word (do not reword): shown by the disabled toggle
 * and sent by the server's refusal.
 */
export const ESSENTIAL_MODULE_TEXT =
  'This is an essential module and therefor it can not be disabled.';

const sectionIndex = (m: ModuleDefinition) => (m.section ? NAV_SECTIONS.indexOf(m.section) : -1);

/** The product module, then each entity's module (from its definition) in navigation order. */
export const MODULES: readonly ModuleDefinition[] = [
  PRODUCT_MODULE_DEFINITION,
  ...ENTITIES.flatMap((e) => (e.moduleEntry ? [e.moduleEntry] : [])).sort(
    (a, b) => sectionIndex(a) - sectionIndex(b) || a.position - b.position,
  ),
];

export function moduleByName(name: string): ModuleDefinition | undefined {
  return MODULES.find((m) => m.name === name);
}

/** The privilege tree of `groups/get_available_privileges`: module wildcard → its routes. */
export function availablePrivileges(): AvailablePrivilege[] {
  return MODULES.filter((m) => m.routes.length > 0).map((m) => ({
    module_id: m.name,
    route_id: wildcardOf(m.name),
    label: m.label,
    children: m.routes.map((r) => ({
      module_id: m.name,
      route_id: privilegeOf(m.name, r.route),
      label: r.label,
      children: [],
    })),
  }));
}

export function allPrivilegeStrings(): string[] {
  return availablePrivileges().flatMap((p) => [p.route_id, ...p.children.map((c) => c.route_id)]);
}
