/**
 * Picking rows of another entity set: typeahead results for what is typed (debounced, cached a
 * little while) and labels for chosen ids from that set's label cache.
 */
import type { OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { entityStore } from '../model/storeCache';
import type { EntityStore } from '../model/store';
import type { PickWhere } from '../../../shared/entities/types';
import type { Id, Labelled } from '../model/types';

export const NO_RESULTS = 'No results';

/** Definitions only name known sets (checkDefinitions proves it), so a miss is a bug. */
function requireStore(entities: string): EntityStore {
  const store = entityStore(entities);
  if (!store) throw new Error(`Unknown entity set "${entities}".`);
  return store;
}

/** `where`: list filters of `entities` the rows offered must match (a field's `pickWhere`). */
function useTypeahead(entities: string, search: string, enabled: boolean, where?: PickWhere) {
  const store = requireStore(entities);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery({
    queryKey: ['typeahead', entities, debounced, where ?? {}],
    queryFn: () => store.getState().typeahead(debounced, where),
    enabled,
    staleTime: 30_000,
  });
  return { results: query.data ?? [], loading: query.isFetching };
}

/** Labels of `ids` from the target set's cache, asking the server for the missing ones. */
export function useLabels(entities: string, ids: readonly Id[], known: readonly Labelled[] = []) {
  const store = requireStore(entities);
  const lookup = useStore(store, (s) => s.typeahead_labels_lookup);
  const key = ids.join(',');
  useEffect(() => {
    if (known.length) store.getState().rememberLabels(known);
    void store.getState().typeaheadLabels(ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' text stands for the list
  }, [store, key]);
  return useMemo(
    () =>
      ids.map((id) => ({
        id,
        label: lookup[id] ?? known.find((k) => k.id === id)?.label ?? `#${id}`,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ids' text stands for the list
    [key, lookup, known],
  );
}

/** The server has matched already: the combobox shows every option it is given. */
const showAll: OptionsFilter = ({ options }) => options;

/**
 * The combobox props both pickers share: the typed search, the chosen rows first and then the
 * server's matches for the search (searched only while the list is open), 'Searching…' while an
 * answer is on its way. `shownLabel` is the label the box shows for a single choice: while the
 * search equals it, the list offers everything rather than that one name.
 */
export function useTypeaheadCombobox(
  entities: string,
  chosen: readonly Labelled[],
  shownLabel?: string,
  where?: PickWhere,
) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const query = shownLabel !== undefined && search === shownLabel ? '' : search;
  const { results, loading } = useTypeahead(entities, query, open, where);
  const options = [...chosen, ...results.filter((r) => !chosen.some((c) => c.id === r.id))];
  return {
    data: options.map((o) => ({ value: String(o.id), label: o.label })),
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    filter: showAll,
    onDropdownOpen: () => setOpen(true),
    onDropdownClose: () => setOpen(false),
    nothingFoundMessage: loading ? 'Searching…' : NO_RESULTS,
    comboboxProps: { withinPortal: true },
  };
}
