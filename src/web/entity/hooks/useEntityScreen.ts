/**
 * The screen controller (react-admin style: logic here, views only render). It binds an entity
 * store to the route — a route change to an id loads the list only when it is neither loaded nor
 * loading, filters in the address apply (useAddressFilters) — applies the user's preferences and
 * the viewer's privileges, decides which panels show (one at a time below 849 px, no list with
 * `?single_entity_mode`) and which content the editor panel has.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { EntityDefinition } from '../../../shared/entities';
import { isAdmin } from '../../../shared/privileges';
import { SMALL_SCREEN_MAX_PX } from '../../../shared/limits';
import { parseId } from '../../app/paths';
import { usePrivileges } from '../../session/queries';
import { useSession } from '../../session/store';
import { entityStore } from '../model/storeCache';
import { idOf } from '../model/rows';
import {
  isPreferencesId,
  listUri,
  preferencesUri,
  rowIdOf,
  rowUri,
  singleEntityMode,
} from '../model/routes';
import { editorContent } from '../model/selection';
import type { EntityStore } from '../model/store';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ScreenNavigation } from './entityContext';
import { useAddressFilters } from './useAddressFilters';
import { useEntityPreferences } from './useEntityPreferences';

function useViewerSync(store: EntityStore) {
  const admin = useSession((s) => isAdmin(s.user?.group_ids ?? []));
  const privileges = usePrivileges().data;
  useEffect(() => {
    store.getState().setViewer({ admin, privileges: privileges ?? [] });
  }, [store, admin, privileges]);
}

export function useEntityScreen(definition: EntityDefinition) {
  const store = entityStore(definition.entities) as EntityStore;
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const small = Boolean(
    useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX_PX}px)`, false, {
      getInitialValueInEffect: false,
    }),
  );
  const smallRef = useRef(small);
  smallRef.current = small;
  const single = singleEntityMode(new URLSearchParams(location.search));
  const id = parseId(params.id);
  const rowId = rowIdOf(id);
  const preferences = isPreferencesId(id);
  const textId = id !== undefined && rowId === null && !preferences;
  const prefs = useEntityPreferences(definition);
  useViewerSync(store);

  // Preferences first, so that the list loads once with the user's page size and order.
  useEffect(() => {
    if (!prefs.ready) return;
    const { limit, sort } = prefs.preferences;
    void store.getState().setListOptions({ limit, sort });
  }, [store, prefs.ready, prefs.preferences]);
  useAddressFilters(definition, store, prefs.ready);

  useEffect(() => {
    if (!prefs.ready) return;
    const state = store.getState();
    if (textId) {
      state.clearSelection();
      store.setState({ found: false });
      void state.loadList({ once: true });
    } else {
      // The preferences editor keeps the selection, like a small screen's list does.
      void state.routeTo(rowId, { small: preferences || smallRef.current });
    }
  }, [store, prefs.ready, rowId, preferences, textId]);

  const state = useStore(
    store,
    useShallow((s) => ({
      selectedObject: s.selected_object,
      selectedIds: s.selected_ids,
      found: s.found,
    })),
  );
  const content = textId
    ? 'not_found'
    : editorContent({
        preferences,
        selectedObject: state.selectedObject,
        selectedId: idOf(definition, state.selectedObject),
        selectedIds: state.selectedIds,
        found: state.found,
      });

  const search = location.search;
  const routeTab = params.tab;
  const onRow = params.id !== undefined;
  const navigation: ScreenNavigation = useMemo(
    () => ({
      small,
      routeTab,
      openRow: (next) =>
        void navigate(rowUri(definition.entities, next, routeTab, search), { replace: onRow }),
      openNewRow: (next) => void navigate(rowUri(definition.entities, next, routeTab, search)),
      changeTab: (tab) => {
        const to = preferences
          ? preferencesUri(definition.entities, tab, search)
          : rowUri(definition.entities, rowId ?? 0, tab, search);
        void navigate(to, { replace: true });
      },
      openList: (options = {}) =>
        void navigate(listUri(definition.entities, search), { replace: options.replace ?? false }),
      openPreferences: () => void navigate(preferencesUri(definition.entities, undefined, search)),
    }),
    [navigate, definition.entities, routeTab, search, onRow, preferences, rowId, small],
  );

  return {
    store,
    navigation,
    content,
    preferences: prefs,
    single,
    showList: !single && (!small || !onRow),
    showEditor: single || !small || onRow,
  };
}
