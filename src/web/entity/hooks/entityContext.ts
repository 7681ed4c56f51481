/** The entity set a screen shows, shared by its list, editor and fields without prop chains. */
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EntityDefinition } from '../../../shared/entities';
import type { EntityState, EntityStore } from '../model/store';

/** Where the screen can go: the row, tab, list and preferences addresses of `model/routes.ts`. */
export interface ScreenNavigation {
  /** Opens a row keeping the tab: pushes history, or replaces it when already on a row. */
  openRow: (id: number) => void;
  /** Opens a newly added row (history is pushed). */
  openNewRow: (id: number) => void;
  changeTab: (tab: string) => void;
  openList: (options?: { replace?: boolean }) => void;
  openPreferences: () => void;
  small: boolean;
  /** The route's tab, when it names one. */
  routeTab: string | undefined;
}

interface EntityScope {
  definition: EntityDefinition;
  store: EntityStore;
  navigation: ScreenNavigation;
}

export const EntityContext = createContext<EntityScope | null>(null);

export function useEntityScope(): EntityScope {
  const scope = useContext(EntityContext);
  if (!scope) throw new Error('An entity view was drawn outside its entity screen.');
  return scope;
}

/** A slice of the screen's entity state; re-renders only when the slice changes. */
export function useEntityState<T>(selector: (state: EntityState) => T): T {
  return useStore(useEntityScope().store, selector);
}
