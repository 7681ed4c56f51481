/**
 * The shape of a module catalogue entry, apart from the catalogue itself (./modules.ts): entity
 * definitions build their module's entry from it while ./modules.ts gathers the entries from the
 * definitions, so this file must not import either.
 */
import type { SettingsTab } from './settings';

export const PRODUCT_MODULE = 'materia';
export const PRODUCT_MODULE_LABEL = 'Materia';

export type NavSection =
  'Diary' | 'Clinic' | 'Materia medica' | 'Reference data' | 'Administration';
export const NAV_SECTIONS: readonly NavSection[] = [
  'Diary',
  'Clinic',
  'Materia medica',
  'Reference data',
  'Administration',
];

export interface PrivilegeRoute {
  route: string;
  label: string;
}

export interface ModuleDefinition {
  name: string;
  label: string;
  description: string;
  essential: boolean;
  /** Where the navigation leads; null for modules without a screen of their own. */
  route: string | null;
  section: NavSection | null;
  /** Place within its navigation section, smallest first. */
  position: number;
  leftDrawer: boolean;
  routes: readonly PrivilegeRoute[];
  tabs: readonly SettingsTab[];
}

/**
 * Exporting a whole entity set (with contact details) is a route of its own: "View and search"
 * does not imply it (issue 43 #8,
 * docs/decisions/0004-export-privilege.md).
 */
export const EXPORT_ROUTE = 'export';

/** The routes of every entity module; each entity call belongs to one of them. */
export const ENTITY_ROUTES: readonly PrivilegeRoute[] = [
  { route: 'list', label: 'View and search' },
  { route: 'insert', label: 'Add' },
  { route: 'update', label: 'Edit' },
  { route: 'delete', label: 'Delete' },
  { route: EXPORT_ROUTE, label: 'Export' },
];

/** The `module` block of an entity definition: its entry in the module catalogue. */
export interface EntityModuleSpec {
  /** The module's name in the navigation and the privilege tree; the entity's title if left out. */
  label?: string;
  description: string;
  section: NavSection;
  /** Place within the section, smallest first. */
  position: number;
  essential?: boolean;
  leftDrawer?: boolean;
  /** Privilege routes besides the four entity routes and those its buttons declare. */
  routes?: readonly PrivilegeRoute[];
  tabs?: readonly SettingsTab[];
}
