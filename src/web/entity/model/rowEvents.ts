/**
 * "A row was loaded" (`{entities}/get` answered), keyed by entity set: features that keep
 * something of a row (the offline copies of recently opened patients) listen here, so the generic
 * store holds no entity-specific code. Tiny and dependency-free so the shell can subscribe early.
 */
import type { Row } from './types';

type RowLoadedListener = (row: Row) => void;

const listeners = new Map<string, Set<RowLoadedListener>>();

export function onRowLoaded(entities: string, listener: RowLoadedListener): () => void {
  const set = listeners.get(entities) ?? new Set<RowLoadedListener>();
  listeners.set(entities, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function notifyRowLoaded(entities: string, row: Row): void {
  for (const listener of listeners.get(entities) ?? []) {
    try {
      listener(row);
    } catch (error) {
      // A listener's failure must never break the screen that loaded the row.
      console.warn(`[${entities}] row-loaded listener failed`, error);
    }
  }
}
