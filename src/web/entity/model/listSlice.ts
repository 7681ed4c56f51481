/**
 * List loading and filtering: a loading flag during a fetch; page 1 replaces the list
 * and later pages append; no more pages once a page is empty or short; once-only loads skip when
 * one runs or has run; local lists (trees) load page 1 with limit 5000; search, filter and
 * relation filter changes go back to page 1 and reload. A newer load or count supersedes an older
 * one still on its way.
 */
import { listsInSummaries, type RowShape } from '../../../shared/entities/row-shapes';
import type { FilterValue } from '../../../shared/filters';
import { LOCAL_LIST_LIMIT } from '../../../shared/limits';
import type { SliceContext } from './context';
import { SEARCH, withFilter, withRelationFilter } from './filtering';
import { keyLookupOf, lookupOf, mergePage } from './rows';
import { buildTree } from './tree';
import type { EntityData, Filters, Id, Row } from './types';

export interface ListActions {
  loadList: (options?: { once?: boolean }) => Promise<void>;
  loadMore: () => Promise<void>;
  setSearch: (text: string) => Promise<void>;
  setFilter: (name: string, value: FilterValue) => Promise<void>;
  setRelationFilter: (name: string, ids: readonly Id[] | null) => Promise<void>;
  clearFilters: () => Promise<void>;
  /** Puts these filters in place of all the list's own (search and relation filters too). */
  replaceFilters: (filters: Filters) => Promise<void>;
  refreshCount: () => Promise<void>;
  /** The user's page size and order; a loaded list reloads once when either changed. */
  setListOptions: (options: { limit: number; sort: string | null }) => Promise<void>;
  /** Puts loaded rows in place: lookups and, for trees, the nodes. */
  placeRows: (rows: Row[], noMore: boolean) => void;
}

export interface ListExtras {
  sort: string | null;
}

export function listSlice(ctx: SliceContext<EntityData & ListExtras>): ListActions {
  const { definition, transport, set, get, path } = ctx;
  const local = Boolean(definition.tree);
  const summaries = listsInSummaries(definition);
  let sequence = 0;
  let countSequence = 0;

  const placeRows = (list: Row[], noMore: boolean) => {
    const tree = local ? buildTree(definition, list) : null;
    set({
      list,
      list_lookup: lookupOf(definition, list),
      key_lookup: keyLookupOf(definition, list),
      no_more: noMore,
      ...(tree ? { tree: tree.roots, node_lookup: tree.lookup } : {}),
    });
  };

  const refreshCount = async () => {
    const { filters, relation_filters } = get();
    const mine = ++countSequence;
    const reply = await transport(path('count'), { filters, relation_filters }, 'log');
    if (mine !== countSequence) return; // a newer search's count is on its way: it wins
    const counted = reply.data as { count?: unknown; more?: unknown } | null;
    if (reply.ok && typeof counted?.count === 'number') {
      set({ count: counted.count, count_more: counted.more === true });
    }
  };

  const fetchPage = async (page: number) => {
    const state = get();
    const mine = ++sequence;
    const limit = local ? LOCAL_LIST_LIMIT : state.limit;
    set({ loading: true, page: local ? 1 : page });
    if (page <= 1) placeRows([], false); // page 1 clears the list first
    const payload: Record<string, unknown> = {
      page: local ? 1 : page,
      limit,
      filters: state.filters,
    };
    if (!local) {
      payload.relation_filters = state.relation_filters;
      if (state.sort) payload.sort = state.sort;
      // The editor reads an opened record whole: the list needs only what its rows show.
      if (summaries) payload.row_shape = 'summary' satisfies RowShape;
    }
    const reply = await transport(path(local ? 'get_all_flat' : 'list'), payload, 'log');
    if (mine !== sequence) return; // a newer load has started: its answer wins
    if (!reply.ok || !Array.isArray(reply.data)) {
      set({ loading: false });
      return;
    }
    const rows = reply.data as Row[];
    const merged = mergePage(definition, get().list, local ? 1 : page, limit, rows);
    placeRows(merged.list, merged.no_more);
    set({ loading: false, list_loaded: true });
  };

  const reloadFirstPage = async () => {
    set({ page: 1 });
    await Promise.all([fetchPage(1), refreshCount()]);
  };

  const replaceFilters = async (filters: Filters) => {
    set({ filters: { ...filters }, relation_filters: {} });
    await reloadFirstPage();
  };

  return {
    placeRows,
    refreshCount,
    async loadList(options = {}) {
      const state = get();
      if (options.once && (state.loading || state.list_loaded)) return;
      await reloadFirstPage();
    },
    async loadMore() {
      const state = get();
      if (state.no_more || state.loading || local) return;
      await fetchPage(state.page + 1);
    },
    async setSearch(text) {
      set({ filters: withFilter(get().filters, SEARCH, text.trim()) });
      await reloadFirstPage();
    },
    async setFilter(name, value) {
      set({ filters: withFilter(get().filters, name, value) });
      await reloadFirstPage();
    },
    async setRelationFilter(name, ids) {
      set({ relation_filters: withRelationFilter(get().relation_filters, name, ids) });
      await reloadFirstPage();
    },
    replaceFilters,
    clearFilters: () => replaceFilters({}),
    async setListOptions({ limit, sort }) {
      const state = get();
      const validLimit = Number.isSafeInteger(limit) && limit >= 1 ? limit : state.limit;
      if (validLimit === state.limit && sort === state.sort) return;
      set({ limit: validLimit, sort });
      if (state.list_loaded) await reloadFirstPage();
    },
  };
}
