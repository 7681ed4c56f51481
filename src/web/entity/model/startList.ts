/**
 * The first load of an entity list, started before the screen's code has arrived (a stored
 * login opening `/app/{entities}`, see app/startupPrefetch.ts): the user's page size and order first,
 * then page 1, into the store the screen will read. The screen then finds the list loading, and
 * The once-only rule (load a list neither loaded nor loading) asks for nothing again.
 */
import type { Preferences } from '../../session/shellQueries';
import { readPreferences } from './preferences';
import type { EntityStore } from './store';

export async function startList(store: EntityStore, preferences: Promise<Preferences>) {
  const { limit, sort } = readPreferences(await preferences);
  await store.getState().setListOptions({ limit, sort });
  await store.getState().loadList({ once: true });
}
