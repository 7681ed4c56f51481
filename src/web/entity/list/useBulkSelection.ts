/**
 * Select mode's selection bar, UI-free: how many rows are selected, "Select all N matching" when
 * more rows match than are loaded (the exact count asked of the server first), and
 * "Clear selection"; and what the editor pane says beside the selection.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { countText } from '../../../shared/show-value';
import { showToast } from '../../api/toasts';
import { useEntityScope, useEntityState } from '../hooks/entityContext';
import { activeAllMatching } from '../model/bulkEdit';
import { MULTI_EDIT_TEXT } from '../model/selection';

export function useBulkSelection() {
  const { definition, store } = useEntityScope();
  const s = useEntityState(
    useShallow((state) => ({
      selectMode: state.select_mode,
      selected: state.selected_ids.length,
      loaded: state.list.length,
      count: state.count,
      more: state.count_more,
      all: activeAllMatching(state),
    })),
  );
  const [busy, setBusy] = useState(false);
  const rowsWord = definition.title.toLowerCase();
  const moreThanLoaded = s.count !== null && (s.more || s.count > s.loaded);
  const visible = s.selectMode && !definition.tree;
  const status = s.all
    ? `All ${countText(s.all.count)} matching ${rowsWord} selected`
    : `${countText(s.selected)} selected`;
  return {
    visible,
    status,
    /**
     * The editor pane beside a multi-selection: in select mode what is selected and where its
     * actions are; else SPEC's multi-edit message (a Ctrl-click selection has no bulk actions).
     */
    editorText: visible
      ? `${status}. The actions below the list apply to every one of them.`
      : MULTI_EDIT_TEXT,
    selectAllLabel:
      !s.all && moreThanLoaded && s.count !== null
        ? `Select all ${countText(s.count)}${s.more ? '+' : ''} matching`
        : null,
    canClear: s.selected > 0 || s.all !== null,
    busy,
    selectAll: async () => {
      setBusy(true);
      const refusal = await store.getState().selectAllMatching();
      setBusy(false);
      if (refusal) showToast({ type: 'w', text: refusal });
    },
    clear: () => store.getState().clearAll(),
  };
}
