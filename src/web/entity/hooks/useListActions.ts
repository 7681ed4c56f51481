/**
 * The list's actions, UI-free: clicks that select or navigate, Add (straight
 * away, or after asking for the values a new row must have), copy by long-press, Delete after a
 * confirmation, multi-edit, and hand-made order.
 */
import { useCallback, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { showToast } from '../../api/toasts';
import { fieldOf } from '../../../shared/entities';
import { offerUndo } from '../list/undoToast';
import { activeAllMatching } from '../model/bulkEdit';
import { confirm } from '../../features/confirm/confirm';
import { INSERT_FILTERS_WARNING } from '../model/filtering';
import {
  canCopy,
  canDelete,
  canExport,
  canInsert,
  canMultiEdit,
  deleteBlocked,
  insertBlocked,
} from '../model/permissions';
import { clickMode } from '../model/selection';
import type { InsertOutcome } from '../model/writeSlice';
import type { Id, Row } from '../model/types';
import { useEntityScope, useEntityState } from './entityContext';

const DELETE_TEXT = 'Are you sure you want to delete the selected items?';
const COPY_TEXT = 'Would you like to copy the selected item ?';

interface ModifierEvent {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export function useListActions() {
  const { definition, store, navigation } = useEntityScope();
  const gates = useEntityState(
    useShallow((s) => ({
      canInsert: canInsert(definition, s),
      canDelete: canDelete(definition, s),
      canExport: canExport(definition, s.viewer),
      insertBlocked: insertBlocked(definition, s),
      deleteBlocked: deleteBlocked(definition, s),
      canCopy: canCopy(definition, s),
      canMultiEdit: canMultiEdit(s) || activeAllMatching(s) !== null,
      /** "Select all N matching" holds: actions run on the server over the whole set. */
      allMatching: activeAllMatching(s),
    })),
  );

  /** Fields a new row must be given: required, writable and without a default. */
  const requiredFields = useMemo(
    () =>
      definition.fields
        .filter((f) => f.required && !f.readOnly && f.default === undefined)
        .map((f) => f.name),
    [definition],
  );
  /** The add dialog's fields: the required ones and those its duplicate check compares. */
  const addFields = useMemo(
    () => [...new Set([...requiredFields, ...definition.list.duplicateCheck])],
    [definition, requiredFields],
  );

  /**
   * Opens the new row; a refusal the add dialog does not show beside one of its fields
   * (`shownFields`) is a toast.
   */
  const opened = useCallback(
    (outcome: InsertOutcome, shownFields: readonly string[] = []) => {
      const refusal = outcome.refusal;
      if (refusal && !(refusal.field !== null && shownFields.includes(refusal.field)))
        showToast({ type: 'e', text: refusal.text });
      if (outcome.id === null) return false;
      navigation.openNewRow(outcome.id);
      if (outcome.filtersRemain) showToast({ type: 'w', text: INSERT_FILTERS_WARNING });
      return true;
    },
    [navigation],
  );

  return {
    ...gates,
    requiredFields,
    addFields,
    click: (id: Id, event: ModifierEvent) => {
      if (store.getState().click(id, clickMode(event))) navigation.openRow(id);
    },
    /** Adds a row; answers the outcome, the new row opened and a refusal shown (see opened). */
    insert: async (values: Row = {}, shownFields: readonly string[] = []) => {
      const outcome = await store.getState().insert(values);
      opened(outcome, shownFields);
      return outcome;
    },
    copy: async () => {
      if (!canCopy(definition, store.getState())) return false;
      if (!(await confirm(COPY_TEXT))) return false;
      return opened(await store.getState().copy());
    },
    remove: async () => {
      const all = activeAllMatching(store.getState());
      const rowsWord = definition.title.toLowerCase();
      // The whole set: the confirmation names how many rows go.
      const text = all ? `Delete all ${all.count} matching ${rowsWord}?` : DELETE_TEXT;
      if (!(await confirm(text))) return;
      if (!(await store.getState().deleteSelected())) return;
      if (all) showToast({ type: 's', text: `${all.count} ${rowsWord} deleted.` });
      navigation.openList({ replace: true });
    },
    toggleSelectMode: () => store.getState().toggleSelectMode(),
    updateMany: async (field: string, value: unknown) => {
      const outcome = await store.getState().updateMany(field, value);
      if (outcome.changed > 0) {
        const rowsWord = definition.title.toLowerCase();
        const label = fieldOf(definition, field)?.label ?? field;
        const summary = `${label} changed on ${outcome.changed} ${rowsWord}.`;
        // All matching rows were changed by the server at once: no undo
        // (docs/decisions/0025-bulk-changes.md).
        if (outcome.change.rows.length === 0) showToast({ type: 's', text: summary });
        else offerUndo(outcome.change, summary, rowsWord, store.getState().undoMany);
      }
      return outcome.refusal;
    },
    reorder: (ids: Id[]) => void store.getState().reorder(ids),
  };
}
