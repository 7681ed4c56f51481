/**
 * Selection and row loading. A route change to an id loads the list if
 * it never was (clearing the filters first), selects a listed row (reloading it when the entity
 * loads on select) or loads an unlisted one; a route without an id clears the selection except on
 * small screens. A row load marks the row found or not found and refreshes tabs and items.
 */
import type { SliceContext } from './context';
import type { ListActions } from './listSlice';
import { activeAllMatching } from './bulkEdit';
import { itemStates } from './permissions';
import { idOf, replaceRow, stripEnvelope } from './rows';
import { rangeIds, toggleId, type ClickMode } from './selection';
import type { Id, Row, Viewer } from './types';

export interface RowActions {
  setViewer: (viewer: Viewer) => void;
  routeTo: (id: Id | null, options: { small: boolean }) => Promise<void>;
  /** Selection by a click; answers true when the click should navigate to the row. */
  click: (id: Id, mode: ClickMode) => boolean;
  selectOne: (id: Id) => Promise<void>;
  clearSelection: () => void;
  toggleSelectMode: () => void;
  loadRow: (id: Id) => Promise<void>;
  /** Stores a row the server answered as the selected object (and in the list). */
  storeRow: (row: Row) => void;
  setSectionOpen: (key: string, open: boolean) => void;
}

export function rowSlice(ctx: SliceContext, list: ListActions): RowActions {
  const { definition, transport, set, get, path } = ctx;
  let rowSequence = 0;

  const refreshItems = () =>
    set((s) => ({
      items: itemStates(definition, s.selected_object, s.viewer),
      tabs: definition.tabs,
    }));

  const storeRow = (raw: Row) => {
    const row = stripEnvelope(raw);
    const id = idOf(definition, row);
    const state = get();
    const relations = row._relations as Record<string, Id[]> | undefined;
    const listed = id !== null && state.list_lookup[id] !== undefined;
    if (listed) list.placeRows(replaceRow(definition, state.list, row), state.no_more);
    if (id === null || idOf(definition, state.selected_object) !== id) return;
    set((s) => ({
      selected_object: { ...s.selected_object, ...row },
      found: true,
      ...(relations ? { relation_ids: { ...s.relation_ids, ...relations } } : {}),
    }));
    refreshItems();
  };

  const loadRow = async (id: Id) => {
    const mine = ++rowSequence;
    set({ row_loading: true });
    const reply = await transport(path('get'), { [definition.keys.id]: id }, 'log');
    if (mine !== rowSequence || idOf(definition, get().selected_object) !== id) return;
    if (reply.ok && reply.data && typeof reply.data === 'object') {
      set({ row_loading: false });
      storeRow(reply.data as Row);
      ctx.options.onRowLoaded?.(stripEnvelope(reply.data as Row));
    } else if (reply.ok || reply.message) {
      set({ row_loading: false, found: false });
      refreshItems();
    } else {
      set({ row_loading: false }); // a failure only ends loading
    }
  };

  const selectOne = async (id: Id) => {
    const listed = get().list_lookup[id];
    set({
      selected_ids: [id],
      anchor_id: id,
      selected_object: listed ? { ...listed } : { [definition.keys.id]: id },
      found: listed ? true : null,
      relation_ids: {},
      relations: {},
    });
    refreshItems();
    if (!listed || definition.capabilities.loadOnSelect) await loadRow(id);
  };

  const clearSelection = () => {
    rowSequence++;
    set({
      selected_ids: [],
      selected_object: null,
      found: null,
      anchor_id: null,
      row_loading: false,
    });
    refreshItems();
  };

  return {
    storeRow,
    loadRow,
    selectOne,
    clearSelection,
    setViewer(viewer) {
      set({ viewer });
      refreshItems();
    },
    async routeTo(id, { small }) {
      const state = get();
      const loads: Promise<void>[] = [];
      if (!state.list_loaded && !state.loading) {
        set({ filters: {}, relation_filters: {} });
        loads.push(list.loadList());
      }
      if (id === null) {
        if (!small) clearSelection();
      } else {
        const current = get();
        const already =
          current.selected_ids.length === 1 &&
          current.selected_ids[0] === id &&
          idOf(definition, current.selected_object) === id &&
          current.found !== null;
        if (!already) loads.push(selectOne(id));
      }
      await Promise.all(loads);
    },
    click(id, mode) {
      const state = get();
      if (mode === 'single' && !state.select_mode) {
        // Also when the row's address is already open (a multi-selection collapses to it).
        void selectOne(id);
        return true;
      }
      const order = state.list.map((row) => idOf(definition, row)).filter((x) => x !== null);
      const selected =
        mode === 'range'
          ? rangeIds(order, state.anchor_id, id)
          : // Under "all matching" every listed row is drawn checked: a click unchecks this one.
            toggleId(activeAllMatching(state) ? order : state.selected_ids, id);
      const only = selected.length === 1 ? selected[0] : undefined;
      set({
        selected_ids: selected,
        anchor_id: mode === 'range' ? (state.anchor_id ?? id) : id,
        selected_object:
          only !== undefined
            ? { ...(state.list_lookup[only] ?? { [definition.keys.id]: only }) }
            : null,
        found: only !== undefined ? true : null,
      });
      refreshItems();
      if (only !== undefined && definition.capabilities.loadOnSelect) void loadRow(only);
      return false;
    },
    toggleSelectMode() {
      set((s) => ({ select_mode: !s.select_mode }));
      clearSelection();
    },
    setSectionOpen(key, open) {
      set((s) => ({ sections: { ...s.sections, [key]: open } }));
    },
  };
}
