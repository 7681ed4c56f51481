/**
 * Multi-edit with a way back: each selected row is read first (its value and version), then
 * saved with that version, so the change can be undone row by row. Undo saves each row's old
 * value with the version the change left; a row changed elsewhere since is refused by the
 * server's version check (409) and reported, never overwritten.
 */
import type { Id, Reply, Row } from './types';

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
  change: BulkChange;
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
    if (!reply.ok) return { refusal: reply.message ?? 'Not saved.', change };
    const entity = (reply.data as { entity?: Row } | null)?.entity;
    change.rows.push({ id, before: shown?.[field] ?? null, version: versionOf(entity) });
  }
  return { refusal: null, change };
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
