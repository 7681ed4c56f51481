/**
 * What the command palette offers, pure: the records the server found (grouped by kind, in the
 * order of EVERYWHERE_KINDS), the actions the user may take ("New prescription") and the screens
 * the user may open ("Open dispensary"), each filtered by the typed words.
 */
import { entityByPath } from '../../../shared/entities';
import { grants, privilegeOf } from '../../../shared/privileges';
import { EVERYWHERE_KINDS, type EverywhereGroup } from '../../../shared/search-everywhere';
import { listUri, rowUri } from '../../entity/model/routes';
import type { NavItem } from '../navigation/navModel';

export interface PaletteItem {
  /** Unique in the palette (also its React key). */
  id: string;
  label: string;
  to: string;
  /** Open the list's Add at once (see useAddRequested). */
  add?: boolean;
}

export interface PaletteGroup {
  label: string;
  items: PaletteItem[];
}

/** "Dispensary" → "dispensary", "HR" stays: the label read inside a sentence. */
const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

/** Every typed word appears in the label (any order, any case). */
function matchesWords(label: string, query: string): boolean {
  const text = label.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

/** The record groups of the server's answer, titled by their definition. */
export function recordGroups(groups: readonly EverywhereGroup[]): PaletteGroup[] {
  return groups
    .filter((g) => g.rows.length > 0)
    .map((g) => ({
      label: entityByPath(g.entities)?.title ?? g.entities,
      items: g.rows.map((row) => ({
        id: `${g.entities}:${row.id}`,
        label: row.label,
        to: rowUri(g.entities, row.id),
      })),
    }));
}

interface Access {
  admin: boolean;
  privileges: readonly string[];
}

/** "New patient", … for the kinds whose screen the user sees and may add to. */
function newActions(screens: readonly NavItem[], access: Access): PaletteItem[] {
  const visible = new Set(screens.map((s) => s.name));
  return EVERYWHERE_KINDS.flatMap((entities) => {
    const d = entityByPath(entities);
    const allowed = access.admin || grants(access.privileges, privilegeOf(entities, 'insert'));
    if (!d || !d.capabilities.insert || !visible.has(entities) || !allowed) return [];
    return [
      { id: `new:${entities}`, label: `New ${d.singular}`, to: listUri(entities), add: true },
    ];
  });
}

/** The actions and screens that match the query (all of them while it is empty). */
export function commandGroups(
  screens: readonly NavItem[],
  access: Access,
  query: string,
): PaletteGroup[] {
  const opens: PaletteItem[] = [
    { id: 'screen:dashboard', label: 'Open dashboard', to: '/app' },
    ...screens.map((s) => ({
      id: `screen:${s.name}`,
      label: `Open ${inSentence(s.label)}`,
      to: s.to,
    })),
    { id: 'screen:my_details', label: 'Open my details', to: '/app/my_details' },
  ];
  const wanted = (item: PaletteItem) => matchesWords(item.label, query.trim());
  return [
    { label: 'Actions', items: newActions(screens, access).filter(wanted) },
    { label: 'Screens', items: opens.filter(wanted) },
  ].filter((g) => g.items.length > 0);
}
