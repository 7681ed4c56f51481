/**
 * The entity part of the start-up prefetch (app/warmStart.ts), in its own chunk so that pages
 * without an entity list (the dashboard) do not load the entity model for it: the screen's list
 * preferences, then its first page and count into the store the screen will read (startList) —
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
export async function warmList(
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
  const preferences = client.fetchQuery(preferencesQuery(identity, module, moduleId));
  // A failure is the screen's to handle: it asks again and shows what went wrong.
  startList(store, preferences).catch(() => undefined);
  return true;
}
