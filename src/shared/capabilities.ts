/**
 * Per-module capability flags: each entity module may switch off what its
 * definition allows (insert, delete, select mode, ordering, preferences), never switch on what
 * the definition forbids. The flags are private settings of the module (a "Capabilities" tab);
 * `effectiveCapabilities` is the one rule both the server and the web apply.
 */
import type { Capabilities, EntityDefinition } from './entities/types';
import type { SettingItem, SettingsTab } from './settings';

/** Fixed by the product requirements, word for word: do not reword. */
export const NO_PREFERENCES_TEXT = 'This module does not allow you to set any preferences.';

type ModuleCapability = 'insert' | 'delete' | 'selectMode' | 'ordering' | 'preferences';

/** The setting that carries each capability, and how the Capabilities tab labels it. */
export const CAPABILITY_SETTINGS: Readonly<
  Record<ModuleCapability, { name: string; label: string }>
> = {
  insert: { name: 'capability_insert', label: 'Adding records' },
  delete: { name: 'capability_delete', label: 'Deleting records' },
  selectMode: { name: 'capability_select_mode', label: 'Select mode' },
  ordering: { name: 'capability_ordering', label: 'Putting records in order' },
  preferences: { name: 'capability_preferences', label: 'Personal preferences' },
};

const CAPABILITIES = Object.keys(CAPABILITY_SETTINGS) as ModuleCapability[];

const CAPABILITIES_TAB = 'capabilities';

/** The tab offering a toggle for each capability the definition allows; null when it allows none. */
export function capabilitiesTab(
  definition: Pick<EntityDefinition, 'capabilities'>,
): SettingsTab | null {
  const items: SettingItem[] = CAPABILITIES.filter((c) => definition.capabilities[c]).map((c) => ({
    name: CAPABILITY_SETTINGS[c].name,
    type: 'toggle',
    label: CAPABILITY_SETTINGS[c].label,
    public: false,
    default: 1,
  }));
  if (items.length === 0) return null;
  return {
    name: CAPABILITIES_TAB,
    label: 'Capabilities',
    sections: [{ title: 'What users may do on this screen', items }],
  };
}

/**
 * The definition's flags with the module's switched-off ones removed. A setting that is missing
 * or not exactly 0 leaves the definition's flag as it is; copying needs inserting.
 */
export function effectiveCapabilities(
  definition: Pick<EntityDefinition, 'capabilities'>,
  moduleSettings: Readonly<Record<string, unknown>> | null | undefined,
): Capabilities {
  const result: Capabilities = { ...definition.capabilities };
  for (const capability of CAPABILITIES) {
    if (moduleSettings?.[CAPABILITY_SETTINGS[capability].name] === 0) result[capability] = false;
  }
  result.copy = result.copy && result.insert;
  return result;
}
