/**
 * One store factory per entity set: the state of `types.ts` (selection, list, lookups, filters,
 * page, no_more) and the actions that change it, without React. The screen binds it to the router;
 * tests drive it with a transport of their own.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { EntityDefinition } from '../../../shared/entities';
import { LIST_PAGE_SIZE, TYPEAHEAD_LIMIT } from '../../../shared/limits';
import type { SliceContext, StoreOptions } from './context';
import { listSlice, type ListActions, type ListExtras } from './listSlice';
import { relationSlice, type RelationActions } from './relationSlice';
import { rowSlice, type RowActions } from './rowSlice';
import { defaultsOf } from './rows';
import type { EntityData, Id, Transport } from './types';
import { duplicateSlice, type DuplicateActions } from './duplicateSlice';
import { writeSlice, type WriteActions } from './writeSlice';

interface ViewActions {
  setFiltersOpen: (open: boolean) => void;
  setExpanded: (ids: readonly Id[]) => void;
}

export type EntityState = EntityData &
  ListExtras &
  ListActions &
  RowActions &
  WriteActions &
  DuplicateActions &
  RelationActions &
  ViewActions & { definition: EntityDefinition };

export type EntityStore = StoreApi<EntityState>;

function initialData(definition: EntityDefinition): EntityData & ListExtras {
  return {
    selected_object: null,
    selected_ids: [],
    list: [],
    list_lookup: {},
    key_lookup: {},
    node_lookup: {},
    tree: [],
    defaults: defaultsOf(definition),
    tabs: definition.tabs,
    sections: {},
    items: {},
    filters: {},
    relation_filters: {},
    page: 1,
    limit: LIST_PAGE_SIZE,
    typeahead_limit: TYPEAHEAD_LIMIT,
    no_more: false,
    relations: {},
    relation_ids: {},
    typeahead_labels_lookup: {},
    insert_data: {},
    alias_of: null,
    loading: false,
    list_loaded: false,
    row_loading: false,
    found: null,
    select_mode: false,
    anchor_id: null,
    last_inserted_id: null,
    count: null,
    count_more: false,
    all_matching: null,
    viewer: { admin: false, privileges: [] },
    sort: null,
    filters_open: false,
    expanded_ids: null,
    scroll_offset: 0,
    conflict: null,
  };
}

export function createEntityStore(
  definition: EntityDefinition,
  transport: Transport,
  options: StoreOptions = {},
): EntityStore {
  if (definition.tabs.length === 0) throw new Error('The editor needs at least one tab.');
  return createStore<EntityState>()((set, get) => {
    const ctx: SliceContext<EntityState> = {
      definition,
      transport,
      options,
      set,
      get,
      path: (verb) => `${definition.entities}/${verb}`,
    };
    const list = listSlice(ctx);
    const rows = rowSlice(ctx, list);
    return {
      ...initialData(definition),
      definition,
      ...list,
      ...rows,
      ...writeSlice(ctx, list, rows, options),
      ...relationSlice(ctx, options),
      ...duplicateSlice(ctx),
      setFiltersOpen: (open) => set({ filters_open: open }),
      setExpanded: (ids) => set({ expanded_ids: [...ids] }),
    };
  });
}
