/**
 * The store's side of edit conflicts, through its transport seam: each save
 * carries the version and value the user saw (a queued second edit the first one's new version),
 * a 409 is kept for the editor's dialog, and Reload / Overwrite do what they say.
 */
import { describe, expect, it } from 'vitest';
import { herbs } from '../../src/shared/entities';
import { createEntityStore } from '../../src/web/entity/model/store';
import type { Reply, Row, Transport } from '../../src/web/entity/model/types';

/** One herb row answering list, get and update as the server does, with a version. */
function oneHerb() {
  const row: Row = { herb_id: 1, herb_name: 'Sage', herb_notes: 'Dry', _version: 1 };
  const sent: { verb: string; payload: Record<string, unknown> }[] = [];
  const CONFLICT = 'Anna Smith changed "Notes" at 10:42 UTC, after you opened this record.';
  const transport: Transport = (path, payload) => {
    const verb = path.split('/')[1] ?? '';
    sent.push({ verb, payload });
    let reply: Reply = { ok: true, data: { ...row }, message: null };
    if (verb === 'list') reply = { ok: true, data: [{ ...row }], message: null };
    if (verb === 'update') {
      const field = String(payload.field);
      const stale = payload._version !== row._version && payload._seen !== row[field];
      if (stale) {
        reply = { ok: false, data: { conflict: { field }, entity: { ...row } }, message: CONFLICT };
      } else {
        Object.assign(row, { [field]: payload.value, _version: Number(row._version) + 1 });
        reply = { ok: true, data: { entity: { ...row } }, message: null };
      }
    }
    return Promise.resolve(reply);
  };
  const store = createEntityStore(herbs, transport);
  /** A colleague's save, made elsewhere. */
  const colleague = (field: string, value: unknown) =>
    Object.assign(row, { [field]: value, _version: Number(row._version) + 1 });
  const updates = () => sent.filter((s) => s.verb === 'update').map((s) => s.payload);
  return { store, row, colleague, updates, CONFLICT };
}

describe('edit conflicts in the store', () => {
  it('sends the version and value seen; a queued second edit carries the first one’s version', async () => {
    const { store, updates } = oneHerb();
    await store.getState().routeTo(1, { small: false });
    await Promise.all([
      store.getState().updateField('herb_notes', 'Damp'),
      store.getState().updateField('herb_notes', 'Wet'),
    ]);
    expect(updates()).toEqual([
      { herb_id: 1, field: 'herb_notes', value: 'Damp', _version: 1, _seen: 'Dry' },
      { herb_id: 1, field: 'herb_notes', value: 'Wet', _version: 2, _seen: 'Damp' },
    ]);
    expect(store.getState().conflict).toBeNull();
  });

  it('keeps a conflict for the dialog; Overwrite saves over the current version, Reload shows it', async () => {
    const { store, row, colleague, updates, CONFLICT } = oneHerb();
    await store.getState().routeTo(1, { small: false });
    colleague('herb_notes', 'Theirs');
    expect(await store.getState().updateField('herb_notes', 'Mine')).toBeNull();
    expect(store.getState().conflict).toMatchObject({ message: CONFLICT, value: 'Mine' });
    await store.getState().resolveConflict('overwrite');
    expect(updates().at(-1)).toMatchObject({ value: 'Mine', _version: 2, _seen: 'Theirs' });
    expect(row.herb_notes).toBe('Mine');
    expect(store.getState().selected_object?.herb_notes).toBe('Mine');

    colleague('herb_notes', 'Theirs again');
    await store.getState().updateField('herb_notes', 'Mine again');
    expect(store.getState().conflict?.message).toBe(CONFLICT);
    await store.getState().resolveConflict('reload');
    expect(store.getState().conflict).toBeNull();
    expect(store.getState().selected_object?.herb_notes).toBe('Theirs again');
    expect(row.herb_notes).toBe('Theirs again');
  });
});
