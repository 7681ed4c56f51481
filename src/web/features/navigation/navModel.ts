/**
 * The navigation model, pure: which modules a user sees, the tree grouped by navigation
 * section, the filter rule and the favourites list operations.
 */
import { NAV_FILTER_PREFIX_BELOW } from '../../../shared/limits';
import { MODULES, NAV_SECTIONS, type NavSection } from '../../../shared/modules';
import { grantsAnyOf } from '../../../shared/privileges';
import { DIARY_MODULE, DIARY_PATH } from '../diary/diaryRoute';

/** Modules whose entry opens a screen of their own; their list stays at `/app/{entities}`. */
const OWN_SCREENS: Readonly<Record<string, string>> = { [DIARY_MODULE]: DIARY_PATH };

export interface ModuleRow {
  module_id: number;
  module_name: string;
  module_enabled: number | boolean;
}

export interface NavItem {
  module_id: number;
  name: string;
  label: string;
  to: string;
  section: NavSection;
}

interface NavSectionNode {
  section: NavSection;
  items: NavItem[];
}

export interface Favourite {
  to: string;
  label: string;
  module_id: number | string;
}

export const isEnabled = (row: ModuleRow) =>
  row.module_enabled === true || Number(row.module_enabled) === 1;

/**
 * Admins (group 1) see every enabled module; others see an enabled module with a route only when
 * one of its privileges is theirs.
 */
export function visibleModules(
  rows: readonly ModuleRow[],
  access: { admin: boolean; privileges: readonly string[] },
): NavItem[] {
  const byName = new Map(rows.map((row) => [row.module_name, row]));
  const items: NavItem[] = [];
  for (const definition of MODULES) {
    const row = byName.get(definition.name);
    if (!row || !isEnabled(row) || !definition.route || !definition.section) continue;
    if (!access.admin && !grantsAnyOf(access.privileges, definition.name)) continue;
    items.push({
      module_id: Number(row.module_id),
      name: definition.name,
      label: definition.label,
      to: OWN_SCREENS[definition.name] ?? definition.route,
      section: definition.section,
    });
  }
  return items;
}

/** Fewer than 3 characters match a label prefix; 3 or more a substring; case-insensitive. */
export function matchesNavFilter(label: string, filter: string): boolean {
  const wanted = filter.trim().toLocaleLowerCase();
  if (wanted === '') return true;
  const text = label.toLocaleLowerCase();
  return wanted.length < NAV_FILTER_PREFIX_BELOW ? text.startsWith(wanted) : text.includes(wanted);
}

/** The tree by section (in catalogue order), keeping only items the filter matches. */
export function navTree(items: readonly NavItem[], filter = ''): NavSectionNode[] {
  return NAV_SECTIONS.map((section) => ({
    section,
    items: items.filter((item) => item.section === section && matchesNavFilter(item.label, filter)),
  })).filter((node) => node.items.length > 0);
}

/** The stored preference, kept only where it has the shape of a favourite. */
export function favouritesOf(value: unknown): Favourite[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is Favourite =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as Favourite).to === 'string' &&
      (f as Favourite).to.startsWith('/') &&
      typeof (f as Favourite).label === 'string',
  );
}

export const isFavourite = (list: readonly Favourite[], to: string) =>
  list.some((f) => f.to === to);

/** Adds the item at the end, or removes it when it is already a favourite. */
export function toggleFavourite(list: readonly Favourite[], item: NavItem): Favourite[] {
  return isFavourite(list, item.to)
    ? list.filter((f) => f.to !== item.to)
    : [...list, { to: item.to, label: item.label, module_id: item.module_id }];
}

export function removeFavourite(list: readonly Favourite[], to: string): Favourite[] {
  return list.filter((f) => f.to !== to);
}

/** Moves the favourite at `from` to index `to` (what a drag ends with). */
export function moveFavourite(list: readonly Favourite[], from: number, to: number): Favourite[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) {
    return [...list];
  }
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}
