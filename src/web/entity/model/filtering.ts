/**
 * Filters of a list: a filter is active while it has a value — setting an
 * empty value removes it, 0 counts as a value — and after an insert the filters not on the ignore
 * list are cleared.
 */
import { isActiveFilter, type FilterValue } from '../../../shared/filters';
import type { Filters, Id, RelationFilters } from './types';

export const SEARCH = 'search';

export function withFilter(filters: Filters, name: string, value: FilterValue): Filters {
  const next: Filters = { ...filters };
  if (isActiveFilter(value)) next[name] = value;
  else delete next[name];
  return next;
}

export function withRelationFilter(
  filters: RelationFilters,
  name: string,
  ids: readonly Id[] | null | undefined,
): RelationFilters {
  const next: RelationFilters = { ...filters };
  if (ids && ids.length > 0) next[name] = [...ids];
  else delete next[name];
  return next;
}

/** Names of the active filters (search included) and relation filters. */
export function activeFilterNames(filters: Filters, relationFilters: RelationFilters): string[] {
  return [
    ...Object.keys(filters).filter((name) => isActiveFilter(filters[name])),
    ...Object.keys(relationFilters).filter((name) => (relationFilters[name] ?? []).length > 0),
  ];
}

interface KeptFilters {
  filters: Filters;
  relation_filters: RelationFilters;
  /** True when some filters remain, so the new row may be hidden (the insert warning). */
  remaining: boolean;
}

/** Only the filters named in `ignore` survive an insert. */
export function filtersAfterInsert(
  filters: Filters,
  relationFilters: RelationFilters,
  ignore: readonly string[],
): KeptFilters {
  const keep = <T>(source: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(source).filter(([name]) => ignore.includes(name)));
  const kept = { filters: keep(filters), relation_filters: keep(relationFilters) };
  return { ...kept, remaining: activeFilterNames(kept.filters, kept.relation_filters).length > 0 };
}

export const INSERT_FILTERS_WARNING =
  "You have some filters on the list and you may not see the newly added item! Clear your filters if that's the case.";
