/**
 * Picking rows of another entity set: typeahead results for what is typed (debounced, cached a
 * little while) and labels for chosen ids from that set's label cache.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { entityStore } from '../model/storeCache';
import type { EntityStore } from '../model/store';
import type { Id, Labelled } from '../model/types';

/** Definitions only name known sets (checkDefinitions proves it), so a miss is a bug. */
function requireStore(entities: string): EntityStore {
  const store = entityStore(entities);
  if (!store) throw new Error(`Unknown entity set "${entities}".`);
  return store;
}

export function useTypeahead(entities: string, search: string, enabled: boolean) {
  const store = requireStore(entities);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = useQuery({
    queryKey: ['typeahead', entities, debounced],
    queryFn: () => store.getState().typeahead(debounced),
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
