/**
 * Multi-edit with a way back: each selected row is read first (its value and version), then
 * saved with that version, so the change can be undone row by row. Undo saves each row's old
 * value with the version the change left; a row changed elsewhere since is refused by the
 * server's version check (409) and reported, never overwritten.
 *
 * "All matching" is different: the server changes the whole set in one call (`bulk_update`,
 * `bulk_delete`), checking that it still has the size the user confirmed; no undo is offered.
 * Adding to or removing from a relation (`bulk_link`) is always one call, for chosen rows too.
 */
import type { BulkLinkChange } from '../../../shared/bulk';
import type { AllMatching, EntityData, Id, Reply, Row } from './types';

type Send = (call: string, payload: Record<string, unknown>) => Promise<Reply>;

interface ChangedRow {
  id: Id;
  before: unknown;
  /** The version the change left, which undo must still find. */
  version: number | undefined;
}

export interface BulkChange {
  field: string;
  value: unknown;
  rows: ChangedRow[];
}

export interface BulkOutcome {
  /** The first refusal, in words; the rows changed before it are still in `change`. */
  refusal: string | null;
  /** What undo needs: empty when the server changed all matching rows at once. */
  change: BulkChange;
  /** Rows changed. */
  changed: number;
}

const versionOf = (row: Row | undefined) =>
  typeof row?._version === 'number' ? row._version : undefined;

export async function changeRows(
  send: Send,
  pk: string,
  ids: readonly Id[],
  field: string,
  value: unknown,
): Promise<BulkOutcome> {
  const change: BulkChange = { field, value, rows: [] };
  for (const id of ids) {
    const read = await send('get', { [pk]: id });
    const shown = read.ok ? (read.data as Row) : undefined;
    const seen = shown ? { _version: versionOf(shown), _seen: shown[field] } : {};
    const reply = await send('update', { [pk]: id, field, value, ...seen });
    if (!reply.ok)
      return { refusal: reply.message ?? NOT_SAVED, change, changed: change.rows.length };
    const entity = (reply.data as { entity?: Row } | null)?.entity;
    change.rows.push({ id, before: shown?.[field] ?? null, version: versionOf(entity) });
  }
  return { refusal: null, change, changed: change.rows.length };
}

const NOT_SAVED = 'Not saved.';

/** One field of all matching rows, in one call: all or nothing. */
export async function changeAllMatching(
  send: Send,
  all: AllMatching,
  field: string,
  value: unknown,
): Promise<BulkOutcome> {
  const reply = await send('bulk_update', { ...matchingPayload(all), field, value });
  const change: BulkChange = { field, value, rows: [] };
  if (!reply.ok) return { refusal: reply.message ?? NOT_SAVED, change, changed: 0 };
  return { refusal: null, change, changed: all.count };
}

/** The all-matching choice while it still holds: same query, same selected rows. */
export function activeAllMatching(
  state: Pick<EntityData, 'all_matching' | 'filters' | 'relation_filters' | 'selected_ids'>,
): AllMatching | null {
  const all = state.all_matching;
  if (!all) return null;
  const sameQuery =
    JSON.stringify([all.filters, all.relation_filters]) ===
    JSON.stringify([state.filters, state.relation_filters]);
  return sameQuery && all.ids.join() === state.selected_ids.join() ? all : null;
}

/** The set a bulk call changes: the list's query, and the count the user confirmed. */
export const matchingPayload = (all: AllMatching) => ({
  matching: { filters: all.filters, relation_filters: all.relation_filters },
  expected_count: all.count,
});

/** Which relation, which way, and the related row (a condition, a symptom…). */
export interface BulkLink {
  relation: string;
  change: BulkLinkChange;
  relatedId: Id;
}

export interface LinkOutcome {
  refusal: string | null;
  /** Rows added to (or removed from) the related row. */
  changed: number;
}

/** Adds the chosen rows, or all matching ones, to a related row, or removes them: all or none. */
export async function linkRows(
  send: Send,
  set: AllMatching | readonly Id[],
  link: BulkLink,
): Promise<LinkOutcome> {
  const rows =
    'count' in set ? matchingPayload(set) : { selected: set, expected_count: set.length };
  const reply = await send('bulk_link', {
    ...rows,
    relation_name: link.relation,
    change: link.change,
    relation_id: link.relatedId,
  });
  if (!reply.ok) return { refusal: reply.message ?? NOT_SAVED, changed: 0 };
  return { refusal: null, changed: rows.expected_count };
}

export interface UndoOutcome {
  restored: number;
  /** Rows changed by someone else since: left as they are. */
  skipped: number;
}

export async function undoRows(send: Send, pk: string, change: BulkChange): Promise<UndoOutcome> {
  const outcome: UndoOutcome = { restored: 0, skipped: 0 };
  for (const row of change.rows) {
    const seen = { _version: row.version, _seen: change.value };
    const reply = await send('update', {
      [pk]: row.id,
      field: change.field,
      value: row.before,
      ...seen,
    });
    if (reply.ok) outcome.restored += 1;
    else outcome.skipped += 1;
  }
  return outcome;
}
