/** What every part of an entity store shares: its definition, transport and state access. */
import type { EntityDefinition } from '../../../shared/entities';
import type { EntityData, Id, Row, Transport } from './types';

/** What a store of `alias_of` entities is asked for: labels (the whole EntityStore would be a
 *  cycle: the store is built from the slices that read this file). */
interface AliasedStore {
  getState(): { typeaheadLabels: (ids: readonly Id[]) => Promise<void> };
}

export interface StoreOptions {
  /** Filters that survive an insert, e.g. the left drawer's category. */
  insertFilterIgnore?: readonly string[];
  /** Another entity set's store, for `alias_of` label caches. */
  storeOf?: (entities: string) => AliasedStore | undefined;
  /** Called with each row `get` answered (see rowEvents.ts). */
  onRowLoaded?: (row: Row) => void;
}

export interface SliceContext<S extends EntityData = EntityData> {
  definition: EntityDefinition;
  transport: Transport;
  options: StoreOptions;
  set: (partial: Partial<S> | ((state: S) => Partial<S>)) => void;
  get: () => S;
  /** `{entities}/{verb}`. */
  path: (verb: string) => string;
}
