/**
 * One module's settings on the modules screen: the values (stored ones over the catalogue's
 * defaults), saving one item with update_public_settings or update_settings, and resetting them
 * all after a 'Confirm'. The row is updated from the server's answer only, then everything built
 * from settings reloads (theme, units, currency, capabilities).
 */
import { useCallback, useMemo } from 'react';
import { settingsTabsOf } from '../../../shared/module-settings';
import { moduleByName } from '../../../shared/modules';
import { grants } from '../../../shared/privileges';
import {
  settingItems,
  withDefaults,
  type SettingItem,
  type SettingsObject,
} from '../../../shared/settings';
import { call } from '../../api/client';
import { useEntityScope, useEntityState } from '../../entity/hooks/entityContext';
import type { Row } from '../../entity/model/types';
import { parseSettings } from '../../theme/publicSettings';
import { confirm } from '../confirm/confirm';
import { useReloadModuleData } from './useReloadModuleData';

export const NOT_SAVED_TEXT = 'The setting was not saved.';
const resetText = (label: string) =>
  `Would you like to reset the settings of the "${label}" module to their defaults?`;

type SettingsReply = Partial<Record<'module_settings' | 'module_public_settings', SettingsObject>>;

const SETTINGS_COLUMNS = ['module_settings', 'module_public_settings'] as const;

/**
 * The settings columns of a reply, stored as the list sends them: JSON text. Only those: a reset
 * also answers `module_id`, which as text would no longer name the row in the store.
 */
const asRowValues = (data: SettingsReply): Row =>
  Object.fromEntries(
    SETTINGS_COLUMNS.filter((key) => data[key] !== undefined).map((key) => [
      key,
      JSON.stringify(data[key]),
    ]),
  );

export function useModuleSettings(row: Row) {
  const { store } = useEntityScope();
  const viewer = useEntityState((s) => s.viewer);
  const reload = useReloadModuleData();
  const moduleId = Number(row.module_id);
  const catalogue = moduleByName(String(row.module_name));
  const tabs = settingsTabsOf(String(row.module_name));
  const values = useMemo(
    () => ({
      ...withDefaults(tabs, false, parseSettings(row.module_settings)),
      ...withDefaults(tabs, true, parseSettings(row.module_public_settings)),
    }),
    [tabs, row.module_settings, row.module_public_settings],
  );
  const mayChange = viewer.admin || grants(viewer.privileges, 'modules/update_settings');

  const storeReply = useCallback(
    (data: SettingsReply) =>
      store.getState().storeRow({ module_id: moduleId, ...asRowValues(data) }),
    [store, moduleId],
  );

  /** Answers the refusal to show at the field, or null when saved. */
  const save = useCallback(
    async (item: SettingItem, value: unknown): Promise<string | null> => {
      const path = item.public ? 'modules/update_public_settings' : 'modules/update_settings';
      const reply = await call<SettingsReply>(
        path,
        { module_id: moduleId, field: item.name, value },
        { silent: true },
      ).catch(() => null);
      if (!reply?.result) return reply?.messages[0]?.text ?? NOT_SAVED_TEXT;
      storeReply(reply.data);
      await reload({ publicSettings: item.public });
      return null;
    },
    [moduleId, storeReply, reload],
  );

  const reset = useCallback(async () => {
    if (!(await confirm(resetText(catalogue?.label ?? String(row.module_name))))) return;
    const reply = await call<SettingsReply>('modules/reset_module_settings_to_default', {
      module_id: moduleId,
    }).catch(() => null);
    if (!reply?.result) return;
    storeReply(reply.data);
    await reload();
  }, [catalogue, row.module_name, moduleId, storeReply, reload]);

  const itemByName = useMemo(
    () => new Map(settingItems(tabs).map((item) => [item.name, item])),
    [tabs],
  );
  return { tabs, values, itemByName, mayChange, save, reset };
}
