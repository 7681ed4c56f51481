/**
 * Selection rules: a plain click selects one row, Ctrl/Meta toggles a row in
 * the multi-selection, Shift selects the range from the anchor; the editor panel shows exactly one
 * thing, chosen here.
 */
import { MULTI_EDIT_MIN } from '../../../shared/limits';
import type { Id, Row } from './types';

export type ClickMode = 'single' | 'toggle' | 'range';

export function clickMode(event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) {
  if (event.shiftKey) return 'range' satisfies ClickMode;
  if (event.ctrlKey || event.metaKey) return 'toggle' satisfies ClickMode;
  return 'single' satisfies ClickMode;
}

export function toggleId(selected: readonly Id[], id: Id): Id[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

/** The ids from `anchor` to `id` in list order (both included); just `id` without an anchor. */
export function rangeIds(order: readonly Id[], anchor: Id | null, id: Id): Id[] {
  const to = order.indexOf(id);
  const from = anchor === null ? -1 : order.indexOf(anchor);
  if (to < 0) return [id];
  if (from < 0) return [id];
  const [start, end] = from <= to ? [from, to] : [to, from];
  return order.slice(start, end + 1);
}

export type EditorContent = 'editor' | 'preferences' | 'multi' | 'not_found' | 'none';

interface EditorInputs {
  preferences: boolean;
  selectedObject: Row | null;
  selectedId: Id | null;
  selectedIds: readonly Id[];
  found: boolean | null;
}

/**
 * What the editor panel shows, first match wins: the preferences route, a multi-selection, a row
 * that was not found, the selected row, nothing.
 */
export function editorContent(inputs: EditorInputs): EditorContent {
  if (inputs.preferences) return 'preferences';
  if (inputs.selectedIds.length >= MULTI_EDIT_MIN) return 'multi';
  if (inputs.found === false) return 'not_found';
  if (inputs.selectedObject && inputs.selectedId !== null) return 'editor';
  return 'none';
}

export const MULTI_EDIT_TEXT = 'We can not deal with this many items at a time.';
