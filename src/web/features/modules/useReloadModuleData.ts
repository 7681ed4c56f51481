/**
 * After a module changes (settings, enabled, the list refreshed) everything built from modules
 * reloads: the private settings (currency, capabilities), the navigation's module list and the
 * public settings (company name, units, brand colours — the theme follows at once).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { reloadPublicSettings } from '../../session/companyStore';

export function useReloadModuleData(): (options?: { publicSettings?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ publicSettings = true } = {}) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
        queryClient.invalidateQueries({ queryKey: ['settings-rows'] }),
        queryClient.invalidateQueries({ queryKey: ['modules'] }),
        publicSettings ? reloadPublicSettings() : Promise.resolve(),
      ]);
    },
    [queryClient],
  );
}
