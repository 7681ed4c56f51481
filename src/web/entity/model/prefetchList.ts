/**
 * The entity part of the start-up prefetch (app/startupPrefetch.ts), in its own chunk so that pages
 * without an entity list (the dashboard) do not load the entity model for it: the screen's list
 * preferences, then its first page and count into the store the screen will read (startList;
 * a tree, which loads every node whatever they say, does not wait for the preferences) —
 * unless the screen will say it can show nothing (./access.ts): a module that is off (no id in
 * the public settings) or a list the user may not read is not asked for in vain.
 */
import { entityByPath } from '../../../shared/entities';
import {
  moduleIdOf,
  preferencesQuery,
  privilegesQuery,
  type Identity,
} from '../../session/shellQueries';
import type { QueryClient } from '@tanstack/react-query';
import { screenAccess } from './access';
import { entityStore } from './storeCache';
import { startList } from './startList';

/** Starts the list of `/app/{entities}`; false when the address names no entity list. */
export async function prefetchList(
  client: QueryClient,
  identity: Identity,
  entities: string,
): Promise<boolean> {
  const definition = entityByPath(entities);
  const store = definition ? entityStore(definition.entities) : undefined;
  if (!definition || !store) return false;
  const { module } = definition;
  const [moduleId, privileges] = await Promise.all([
    moduleIdOf(module), // the public settings, usually here already
    client.fetchQuery(privilegesQuery(identity)).catch(() => null), // asked at start already
  ]);
  if (moduleId === undefined) return true;
  const access = screenAccess(definition, { admin: identity.admin, privileges, modules: null });
  if (access.kind !== 'open') return true;
  const preferences = preferencesQuery(identity, module, moduleId);
  // A failure is the screen's to handle: it asks again and shows what went wrong.
  if (definition.tree) {
    // A tree loads every node whatever the page size and order say: it need not wait for them,
    // and the shell's categories (prefetched next, the same read) join its request.
    store
      .getState()
      .loadList({ once: true })
      .catch(() => undefined);
    void client.prefetchQuery(preferences); // the screen reads them
    return true;
  }
  startList(store, client.fetchQuery(preferences)).catch(() => undefined);
  return true;
}
