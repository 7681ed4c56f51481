/**
 * The entity part of the start-up prefetch (app/warmStart.ts), in its own chunk so that pages
 * without an entity list (the dashboard) do not load the entity model for it: the screen's list
 * preferences, then its first page and count into the store the screen will read (startList).
 */
import { entityByPath } from '../../../shared/entities';
import { moduleIdOf, preferencesQuery, type Identity } from '../../session/shellQueries';
import type { QueryClient } from '@tanstack/react-query';
import { entityStore } from './storeCache';
import { startList } from './startList';

/** Starts the list of `/app/{entities}`; false when the address names no entity list. */
export async function warmList(
  client: QueryClient,
  identity: Identity,
  entities: string,
): Promise<boolean> {
  const definition = entityByPath(entities);
  const store = definition ? entityStore(definition.entities) : undefined;
  if (!definition || !store) return false;
  const { module } = definition;
  const moduleId = await moduleIdOf(module); // the public settings, usually here already
  const preferences = client.fetchQuery(preferencesQuery(identity, module, moduleId));
  // A failure is the screen's to handle: it asks again and shows what went wrong.
  startList(store, preferences).catch(() => undefined);
  return true;
}
