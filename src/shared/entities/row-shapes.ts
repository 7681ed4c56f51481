/**
 * The shapes of a list's rows. `whole` (the default) carries every field a list may hold;
 * `summary` only what a list row shows and what the row's rules read: the keys, the list's
 * columns with the fields their units are read from, the definition's `list.rowFields` and the
 * field of a row lock. A list whose editor reads the whole record when one is
 * opened (`capabilities.loadOnSelect`) asks for summaries: a 5,000-row patients page was 3.6 MB of
 * JSON whole, mostly field names, and its serialising, sending and parsing held up the screen.
 */
import type { EntityDefinition, UnitOf } from './types';

export const ROW_SHAPES = ['whole', 'summary'] as const;
export type RowShape = (typeof ROW_SHAPES)[number];

/** The names of the fields a summary row holds (the version is in every row). */
export function summaryFieldNames(d: EntityDefinition): ReadonlySet<string> {
  const { id, name, secondary, order } = d.keys;
  const kindField = (unit: UnitOf | undefined) =>
    typeof unit === 'object' ? unit.kindField : undefined;
  // A quantity or a price shows in the unit its row names (show-value.ts).
  const unitFields = d.fields
    .filter((f) => d.list.columns.includes(f.name))
    .flatMap((f) => [kindField(f.unit), kindField(f.pricePer)]);
  return new Set(
    [
      id,
      name,
      secondary,
      order,
      ...d.list.columns,
      ...unitFields,
      ...d.list.rowFields,
      d.lockedWhen?.field,
    ].filter((field): field is string => field !== undefined),
  );
}

/**
 * Whether the web lists this set in summaries: its editor reads the whole record anyway, and
 * nothing else on the screen reads more of a list row (a tree's rules and a computed row title
 * read fields beyond the summary's).
 */
export const listsInSummaries = (d: EntityDefinition): boolean =>
  d.capabilities.loadOnSelect && !d.tree && !d.rowTitle;
