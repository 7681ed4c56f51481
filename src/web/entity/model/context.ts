/** What every part of an entity store shares: its definition, transport and state access. */
import type { EntityDefinition } from '../../../shared/entities';
import type { EntityData, Row, Transport } from './types';
import type { EntityStore } from './store';

export interface StoreOptions {
  /** Filters that survive an insert, e.g. the left drawer's category. */
  insertFilterIgnore?: readonly string[];
  /** Another entity set's store, for `alias_of` label caches. */
  storeOf?: (entities: string) => EntityStore | undefined;
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
