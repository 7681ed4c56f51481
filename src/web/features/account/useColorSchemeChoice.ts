/**
 * The account menu's Light / Dark / System choice: applied at once (Mantine's manager keeps it in
 * this browser) and saved as the user's preference; a preference saved elsewhere (another
 * browser) is applied when it arrives.
 */
import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { PRODUCT_MODULE } from '../../../shared/modules';
import { call } from '../../api/client';
import { useModuleId } from '../../session/companyStore';
import { queryKeys, usePreferences, type Preferences } from '../../session/queries';
import { useSession } from '../../session/store';
import { COLOR_SCHEME_PREFERENCE, isColorScheme } from '../../theme/colorScheme';

export function useColorSchemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const queryClient = useQueryClient();
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const moduleId = useModuleId(PRODUCT_MODULE);
  const remembered = usePreferences(PRODUCT_MODULE).data?.[COLOR_SCHEME_PREFERENCE];

  useEffect(() => {
    if (isColorScheme(remembered)) setColorScheme(remembered);
  }, [remembered, setColorScheme]);

  const choose = useCallback(
    (next: MantineColorScheme) => {
      setColorScheme(next);
      const key = queryKeys.preferences(slug, userId, PRODUCT_MODULE);
      queryClient.setQueryData<Preferences>(key, (before) => ({
        ...before,
        [COLOR_SCHEME_PREFERENCE]: next,
      }));
      // Kept in this browser even if saving fails: the choice is not lost, only not shared.
      void call(
        `${PRODUCT_MODULE}/update_my_preference_for_module`,
        { module_id: moduleId, field: COLOR_SCHEME_PREFERENCE, value: next },
        { quiet: true },
      ).catch(() => undefined);
    },
    [setColorScheme, queryClient, slug, userId, moduleId],
  );

  return { colorScheme, choose };
}
