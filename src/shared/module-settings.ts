/**
 * A module's settings tabs as the server stores and the modules screen edits them: its catalogue
 * tabs (src/shared/modules.ts) plus, for an entity module, the Capabilities tab its definition
 * allows. Kept apart from the catalogue so that the landing page, which reads the catalogue, does
 * not load every entity definition.
 */
import { capabilitiesTab } from './capabilities';
import { CURRENCIES } from './currencies';
import { entityByPath } from './entities';
import { moduleByName } from './modules';
import type { SettingItem, SettingsTab } from './settings';

const cache = new Map<string, readonly SettingsTab[]>();

const OPTION_LISTS = {
  currencies: () => CURRENCIES.map((c) => ({ value: c.value, label: `${c.value} — ${c.label}` })),
  timeZones: () => [
    { value: '', label: 'The server’s time zone' },
    ...Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })),
  ],
};

const withOptions = (item: SettingItem): SettingItem =>
  item.optionsFrom ? { ...item, options: OPTION_LISTS[item.optionsFrom]() } : item;

const withOptionLists = (tab: SettingsTab): SettingsTab => ({
  ...tab,
  sections: tab.sections.map((section) => ({ ...section, items: section.items.map(withOptions) })),
});

export function settingsTabsOf(moduleName: string): readonly SettingsTab[] {
  const cached = cache.get(moduleName);
  if (cached) return cached;
  const own = (moduleByName(moduleName)?.tabs ?? []).map(withOptionLists);
  const definition = moduleByName(moduleName) ? entityByPath(moduleName) : undefined;
  const capabilities = definition ? capabilitiesTab(definition) : null;
  const tabs = capabilities ? [...own, capabilities] : own;
  cache.set(moduleName, tabs);
  return tabs;
}
