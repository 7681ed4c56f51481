/**
 * Favourites: the `favourites` preference of the product module. Changes show
 * at once and are rolled back when saving fails.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { PRODUCT_MODULE } from '../../../shared/modules';
import { call, CallError } from '../../api/client';
import { showToast } from '../../api/toasts';
import { useModuleId } from '../../session/companyStore';
import { queryKeys, usePreferences, type Preferences } from '../../session/queries';
import { useSession } from '../../session/store';
import {
  favouritesOf,
  moveFavourite,
  removeFavourite,
  toggleFavourite,
  type Favourite,
  type NavItem,
} from './navModel';

const FAVOURITES_FAILED_TEXT = 'Your favourites could not be saved; the change was undone.';

export function useFavourites() {
  const queryClient = useQueryClient();
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const moduleId = useModuleId(PRODUCT_MODULE);
  const preferences = usePreferences(PRODUCT_MODULE);
  const favourites = useMemo(() => favouritesOf(preferences.data?.favourites), [preferences.data]);
  const key = useMemo(() => queryKeys.preferences(slug, userId, PRODUCT_MODULE), [slug, userId]);

  const save = useCallback(
    async (next: Favourite[]) => {
      const before = queryClient.getQueryData<Preferences>(key) ?? {};
      queryClient.setQueryData<Preferences>(key, { ...before, favourites: next });
      let saved = false;
      try {
        const envelope = await call(
          `${PRODUCT_MODULE}/update_my_preference_for_module`,
          { module_id: moduleId, field: 'favourites', value: next },
          { quiet: true },
        );
        saved = envelope.result;
      } catch (error) {
        if (!(error instanceof CallError)) throw error;
      }
      if (!saved) {
        queryClient.setQueryData<Preferences>(key, before);
        showToast({ type: 'e', text: FAVOURITES_FAILED_TEXT });
      }
      return saved;
    },
    [queryClient, moduleId, key],
  );

  return {
    favourites,
    toggle: (item: NavItem) => save(toggleFavourite(favourites, item)),
    remove: (to: string) => save(removeFavourite(favourites, to)),
    move: (from: number, to: number) => save(moveFavourite(favourites, from, to)),
  };
}
