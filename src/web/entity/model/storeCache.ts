/**
 * The entity stores of the signed-in user: one per entity set, created on first use and kept
 * while the user stays, so that a list keeps its filters and place when the user comes back.
 */
import { entityByPath } from '../../../shared/entities';
import { useSession } from '../../session/store';
import { notifyRowLoaded } from './rowEvents';
import { createEntityStore, type EntityStore } from './store';
import { notifyingTransport } from './transport';

const stores = new Map<string, EntityStore>();
let owner = '';

export function entityStore(entities: string): EntityStore | undefined {
  const session = useSession.getState();
  const who = `${session.company_slug ?? ''}:${session.user?.user_id ?? ''}`;
  if (who !== owner) {
    stores.clear(); // another user or company: nothing of the last one's state remains
    owner = who;
  }
  const existing = stores.get(entities);
  if (existing) return existing;
  const definition = entityByPath(entities);
  if (!definition) return undefined;
  const categoryFields = definition.fields
    .filter((f) => f.type === 'tree_select')
    .map((f) => f.name);
  const store = createEntityStore(definition, notifyingTransport, {
    insertFilterIgnore: categoryFields,
    storeOf: entityStore,
    onRowLoaded: (row) => notifyRowLoaded(entities, row),
  });
  stores.set(entities, store);
  return store;
}
