/**
 * Module rows as the API answers them: settings objects always complete (every described key, its
 * default where the clinic set nothing), never the raw stored JSON.
 */
import { moduleByName } from '../../shared/modules';
import { settingsTabsOf } from '../../shared/module-settings';
import { withDefaults, type SettingsObject, type SettingsTab } from '../../shared/settings';
import type { ModuleRow } from './repository';

export interface ModuleView {
  module_id: number;
  module_name: string;
  module_description: string;
  module_enabled: number;
  module_essential: number;
  module_order: number;
  module_settings: SettingsObject;
  module_public_settings: SettingsObject;
}

/** A row's tabs; a row the catalogue no longer describes has none. */
export const tabsOf = (row: Pick<ModuleRow, 'module_name'>): readonly SettingsTab[] =>
  settingsTabsOf(row.module_name);

export const settingsOf = (row: ModuleRow): SettingsObject =>
  withDefaults(tabsOf(row), false, row.module_settings);

export const publicSettingsOf = (row: ModuleRow): SettingsObject =>
  withDefaults(tabsOf(row), true, row.module_public_settings);

export function isEssential(row: ModuleRow, definition = moduleByName(row.module_name)): boolean {
  return row.module_essential === 1 || definition?.essential === true;
}

export function presentModule(row: ModuleRow): ModuleView {
  return {
    module_id: row.module_id,
    module_name: row.module_name,
    module_description: row.module_description,
    module_enabled: row.module_enabled,
    module_essential: row.module_essential,
    module_order: row.module_order,
    module_settings: settingsOf(row),
    module_public_settings: publicSettingsOf(row),
  };
}
