/**
 * Changes: field-by-field updates, queued so that two quick edits both land in
 * order, each carrying the version the user saw (a colleague's change is not overwritten
 * unawares: ./conflicts.ts); insert (navigation is the caller's), copy, delete, hand-made order
 * applied at once and rolled back on failure, and moving a tree node.
 */
import { bulkLimitText } from '../../../shared/bulk';
import { fieldOf } from '../../../shared/entities';
import type { SliceContext, StoreOptions } from './context';
import { filtersAfterInsert } from './filtering';
import type { ListActions } from './listSlice';
import type { RowActions } from './rowSlice';
import {
  activeAllMatching,
  changeAllMatching,
  changeRows,
  linkRows,
  matchingPayload,
  undoRows,
  type BulkChange,
  type BulkLink,
  type BulkOutcome,
  type LinkOutcome,
  type UndoOutcome,
} from './bulkEdit';
import { conflictOf, seenOf } from './conflicts';
import { idOf, lookupOf, refusalText } from './rows';
import type { Id, Reply, Row } from './types';

export const FIELD_REQUIRED_TEXT = 'Payload must contain the "field".';

/** Why the server refused a write, and the field it is about (null: the row or the call). */
interface Refusal {
  text: string;
  field: string | null;
}

export interface InsertOutcome {
  id: Id | null;
  /** Filters remain after the insert, so the new row may not be listed. */
  filtersRemain: boolean;
  /** What the server said when it refused (shown by the caller: beside a field, or a toast). */
  refusal: Refusal | null;
}

const NOT_ADDED_TEXT = 'The new row was not added.';

export interface WriteActions {
  /**
   * Saves one field with the version and value the user saw. Null: nothing to show beside the
   * field (nothing selected, or a conflict, which `conflict` now holds for its dialog).
   */
  updateField: (field: string, value: unknown) => Promise<Reply | null>;
  /** Ends a conflict: reload the row as it is now, or save the refused value over it. */
  resolveConflict: (choice: 'reload' | 'overwrite') => Promise<Reply | null>;
  /** Multi-edit: one field of every selected row; the first refusal, and what undo needs. */
  updateMany: (field: string, value: unknown) => Promise<BulkOutcome>;
  /** Adds the selected (or all matching) rows to a related row, or removes them from it. */
  linkMany: (link: BulkLink) => Promise<LinkOutcome>;
  /** Puts back what a multi-edit changed, where nobody changed it since. */
  undoMany: (change: BulkChange) => Promise<UndoOutcome>;
  /** "Select all N matching": counts the set exactly; a refusal (too many) in words, or null. */
  selectAllMatching: () => Promise<string | null>;
  /** Ends the selection, all matching included. */
  clearAll: () => void;
  setInsertData: (field: string, value: unknown) => void;
  /** Forgets the values of a row being added (its dialog closed and they were let go). */
  clearInsertData: () => void;
  insert: (data?: Row) => Promise<InsertOutcome>;
  copy: () => Promise<InsertOutcome>;
  deleteSelected: () => Promise<boolean>;
  reorder: (ids: readonly Id[]) => Promise<boolean>;
  changeParent: (id: Id, parent: Id) => Promise<boolean>;
  /** Calls an extra action of the entity (`dispense`) about the selected row. */
  runCall: (call: string, payload?: Record<string, unknown>) => Promise<Reply | null>;
}

export function writeSlice(
  ctx: SliceContext,
  list: ListActions,
  rows: RowActions,
  options: StoreOptions,
): WriteActions {
  const { definition, transport, set, get, path } = ctx;
  const pk = definition.keys.id;
  let queue: Promise<unknown> = Promise.resolve();

  /** One write at a time, in the order asked (a quick second edit waits for the first). */
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const labelOf = (field: string) => fieldOf(definition, field)?.label;
  const send = (call: string, payload: Record<string, unknown>) =>
    transport(path(call), payload, 'caller');

  const afterInsert = async (reply: Reply): Promise<InsertOutcome> => {
    const id = reply.ok ? idOf(definition, reply.data as Row) : null;
    if (id === null) {
      const refusal = reply.ok
        ? null
        : { text: reply.message ?? NOT_ADDED_TEXT, field: reply.field ?? null };
      return { id: null, filtersRemain: false, refusal };
    }
    const state = get();
    const kept = filtersAfterInsert(
      state.filters,
      state.relation_filters,
      options.insertFilterIgnore ?? [],
    );
    set({
      last_inserted_id: id,
      filters: kept.filters,
      relation_filters: kept.relation_filters,
      insert_data: {},
    });
    await list.loadList();
    return { id, filtersRemain: kept.remaining, refusal: null };
  };

  /** One field's save; a conflict is kept for the editor's dialog, not shown beside the field. */
  const saveField = async (id: Id, field: string, value: unknown, seen: Row) => {
    const reply = await transport(path('update'), { [pk]: id, field, value, ...seen }, 'caller');
    const entity = (reply.data as { entity?: Row } | null)?.entity;
    if (reply.ok && entity) rows.storeRow(entity);
    if (reply.ok) return reply;
    const conflict = conflictOf(reply, id, field, value);
    if (conflict) {
      set({ conflict });
      return null;
    }
    return { ...reply, message: refusalText(reply.message, labelOf(field)) };
  };

  /** After a change of the whole set: nothing stays selected, the list shows the set now. */
  const afterAllMatching = async () => {
    set({ all_matching: null });
    rows.clearSelection();
    await list.loadList();
  };

  const treeParent = (): Record<string, unknown> => {
    if (!definition.tree) return {};
    return { _selected: get().selected_ids[0] ?? definition.tree.rootValue };
  };

  return {
    updateField(field, value) {
      if (!field) throw new Error(FIELD_REQUIRED_TEXT);
      const id = idOf(definition, get().selected_object);
      if (id === null) return Promise.resolve(null); // nothing selected: nothing to update
      return queued(async () => {
        // Read when the save is sent, so a queued second edit carries the first one's version.
        const shown = get().selected_object;
        return saveField(
          id,
          field,
          value,
          idOf(definition, shown) === id ? seenOf(shown, field) : {},
        );
      });
    },
    resolveConflict(choice) {
      const conflict = get().conflict;
      if (!conflict) return Promise.resolve(null);
      set({ conflict: null });
      if (choice === 'reload') {
        const stillShown = idOf(definition, get().selected_object) === conflict.id;
        return stillShown ? rows.loadRow(conflict.id).then(() => null) : Promise.resolve(null);
      }
      const { id, field, value, entity } = conflict;
      return queued(() => saveField(id, field, value, seenOf(entity, field)));
    },
    updateMany(field, value) {
      if (!field) throw new Error(FIELD_REQUIRED_TEXT);
      const ids = [...get().selected_ids];
      const all = activeAllMatching(get());
      return queued(async () => {
        const outcome = all
          ? await changeAllMatching(send, all, field, value)
          : await changeRows(send, pk, ids, field, value);
        if (all && outcome.changed > 0) await afterAllMatching();
        else await list.loadList();
        const { refusal } = outcome;
        return { ...outcome, refusal: refusal && refusalText(refusal, labelOf(field)) };
      });
    },
    linkMany(link) {
      const ids = [...get().selected_ids];
      const all = activeAllMatching(get());
      return queued(async () => {
        const outcome = await linkRows(send, all ?? ids, link);
        if (all && outcome.changed > 0) await afterAllMatching();
        else if (outcome.changed > 0) await list.loadList();
        return outcome;
      });
    },
    undoMany(change) {
      return queued(async () => {
        const outcome = await undoRows(send, pk, change);
        await list.loadList();
        return outcome;
      });
    },
    async selectAllMatching() {
      const { filters, relation_filters } = get();
      const reply = await send('bulk_count', { filters, relation_filters });
      const counted = reply.data as { count?: unknown; limit?: unknown } | null;
      if (!reply.ok || typeof counted?.count !== 'number') return reply.message;
      if (typeof counted.limit === 'number' && counted.count > counted.limit)
        return bulkLimitText(counted.count, definition.title);
      const ids = get()
        .list.map((row) => idOf(definition, row))
        .filter((id): id is Id => id !== null);
      const all = { count: counted.count, filters, relation_filters, ids };
      set({ selected_ids: ids, selected_object: null, all_matching: all });
      return null;
    },
    clearAll() {
      set({ all_matching: null });
      rows.clearSelection();
    },
    setInsertData(field, value) {
      set((s) => ({ insert_data: { ...s.insert_data, [field]: value } }));
    },
    clearInsertData() {
      set({ insert_data: {} });
    },
    insert(data = {}) {
      return queued(async () => {
        const payload = { ...get().insert_data, ...data, ...treeParent() };
        return afterInsert(await transport(path('insert'), payload, 'caller'));
      });
    },
    copy() {
      const source = get().selected_ids[0];
      if (get().selected_ids.length !== 1 || source === undefined) {
        return Promise.resolve({ id: null, filtersRemain: false, refusal: null });
      }
      return queued(async () =>
        afterInsert(await transport(path('insert'), { _copy: source }, 'caller')),
      );
    },
    deleteSelected() {
      const selected = [...get().selected_ids];
      const all = activeAllMatching(get());
      if (all)
        return queued(async () => {
          const reply = await transport(path('bulk_delete'), matchingPayload(all), 'toast');
          if (reply.ok) await afterAllMatching();
          return reply.ok;
        });
      if (selected.length === 0) return Promise.resolve(false);
      return queued(async () => {
        const reply = await transport(path('delete'), { selected }, 'toast');
        if (!reply.ok) return false;
        rows.clearSelection();
        await list.loadList();
        return true;
      });
    },
    reorder(ids) {
      const orderKey = definition.keys.order;
      if (!orderKey || ids.length === 0) return Promise.resolve(false);
      const before = get().list;
      const position = new Map(ids.map((id, index) => [id, index + 1]));
      const renumbered = before.map((row) => {
        const at = position.get(idOf(definition, row) ?? -1);
        return at === undefined ? row : { ...row, [orderKey]: at };
      });
      // Flat lists show the new order at once; trees re-sort their siblings by the order key.
      const lookup = lookupOf(definition, renumbered);
      const moved = ids.map((id) => lookup[id]).filter((row): row is Row => row !== undefined);
      const rest = renumbered.filter((row) => !position.has(idOf(definition, row) ?? -1));
      const next = definition.tree ? renumbered : [...moved, ...rest];
      list.placeRows(next, get().no_more);
      return queued(async () => {
        const { filters, relation_filters } = get();
        const reply = await transport(
          path('reorder_list'),
          { order: [...ids], ...(definition.tree ? {} : { filters, relation_filters }) },
          'toast',
        );
        if (!reply.ok) list.placeRows(before, get().no_more); // roll back
        return reply.ok;
      });
    },
    changeParent(id, parent) {
      const tree = definition.tree;
      if (!tree) return Promise.resolve(false);
      return queued(async () => {
        const reply = await transport(
          path('change_parent'),
          { [pk]: id, [tree.parent]: parent },
          'toast',
        );
        if (!reply.ok) return false;
        await list.loadList();
        if (idOf(definition, get().selected_object) === id) await rows.loadRow(id);
        return true;
      });
    },
    runCall(call, payload = {}) {
      const id = idOf(definition, get().selected_object);
      if (id === null) return Promise.resolve(null);
      return queued(async () => {
        const reply = await transport(path(call), { [pk]: id, ...payload }, 'toast');
        const entity = (reply.data as { entity?: Row } | null)?.entity;
        if (reply.ok && entity) rows.storeRow(entity);
        return reply;
      });
    },
  };
}
