/**
 * The user's preferences for an entity's module: read through the shell's query,
 * written one field at a time, reset after a confirmation.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { EntityDefinition } from '../../../shared/entities';
import { call } from '../../api/client';
import { confirm } from '../../features/confirm/confirm';
import { useModuleId } from '../../session/companyStore';
import { queryKeys, usePreferences, type Preferences } from '../../session/queries';
import { useSession } from '../../session/store';
import { readPreferences, resetPreferencesText } from '../model/preferences';

export function useEntityPreferences(definition: EntityDefinition) {
  const module = definition.module;
  const query = usePreferences(module);
  const moduleId = useModuleId(module);
  const queryClient = useQueryClient();
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  const key = queryKeys.preferences(slug, userId, module);
  const values = useMemo(() => query.data ?? {}, [query.data]);

  const save = useCallback(
    async (field: string, value: unknown): Promise<string | null> => {
      const envelope = await call<Preferences>(
        `${module}/update_my_preference_for_module`,
        { module_id: moduleId, field, value },
        { silent: true },
      ).catch(() => null);
      if (!envelope) return 'The preference was not saved.';
      if (!envelope.result) return envelope.messages[0]?.text ?? 'The preference was not saved.';
      queryClient.setQueryData(key, envelope.data);
      return null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is derived from these
    [module, moduleId, queryClient, slug, userId],
  );

  const reset = useCallback(async () => {
    if (!(await confirm(resetPreferencesText(definition.title)))) return;
    const envelope = await call(`${module}/reset_my_preferences_for_module`, {
      module_id: moduleId,
    }).catch(() => null);
    if (envelope?.result) queryClient.setQueryData(key, {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key is derived from these
  }, [definition.title, module, moduleId, queryClient, slug, userId]);

  return {
    allowed: definition.capabilities.preferences,
    values,
    preferences: useMemo(() => readPreferences(values), [values]),
    /** False while the first read runs, so the list is not loaded twice. */
    ready: !query.isLoading,
    save,
    reset,
  };
}
