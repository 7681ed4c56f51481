/**
 * The generic "row loaded" hook point: a row `get` answered reaches the listeners of its entity
 * set only (this is how the offline copies of recently opened patients are kept).
 */
import { describe, expect, it } from 'vitest';
import { herbs } from '../../src/shared/entities';
import { notifyRowLoaded, onRowLoaded } from '../../src/web/entity/model/rowEvents';
import { createEntityStore } from '../../src/web/entity/model/store';
import type { Row, Transport } from '../../src/web/entity/model/types';

describe('row loaded', () => {
  it('reaches the listeners of that entity set only, until they unsubscribe', () => {
    const seen: string[] = [];
    const stop = onRowLoaded('patients', (row) => seen.push(String(row.patient_name)));
    onRowLoaded('herbs', () => seen.push('herb'));
    notifyRowLoaded('patients', { patient_name: 'Hill, Rose' });
    stop();
    notifyRowLoaded('patients', { patient_name: 'Stone, Ann' });
    expect(seen).toEqual(['Hill, Rose']);
  });

  it('keeps going when a listener throws', () => {
    const seen: number[] = [];
    onRowLoaded('symptoms', () => {
      throw new Error('broken listener');
    });
    onRowLoaded('symptoms', () => seen.push(1));
    expect(() => notifyRowLoaded('symptoms', {})).not.toThrow();
    expect(seen).toEqual([1]);
  });

  it('is called by the store with the row get answered', async () => {
    const loaded: Row[] = [];
    const transport: Transport = (path, payload) =>
      Promise.resolve(
        path === 'herbs/get'
          ? {
              ok: true,
              data: {
                herb_id: payload.herb_id,
                herb_name: 'Valerian',
                _relations: { actions: [] },
              },
              message: null,
            }
          : { ok: true, data: [], message: null },
      );
    const store = createEntityStore(herbs, transport, { onRowLoaded: (row) => loaded.push(row) });
    await store.getState().selectOne(3);
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatchObject({ herb_id: 3, herb_name: 'Valerian' });
  });
});
