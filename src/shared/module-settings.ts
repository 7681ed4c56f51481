/**
 * A module's settings tabs as the server stores and the modules screen edits them: its catalogue
 * tabs (src/shared/modules.ts) plus, for an entity module, the Capabilities tab its definition
 * allows. Kept apart from the catalogue so that the landing page, which reads the catalogue, does
 * not load every entity definition.
 */
import { capabilitiesTab } from './capabilities';
import { entityByPath } from './entities';
import { moduleByName } from './modules';
import type { SettingsTab } from './settings';

const cache = new Map<string, readonly SettingsTab[]>();

export function settingsTabsOf(moduleName: string): readonly SettingsTab[] {
  const cached = cache.get(moduleName);
  if (cached) return cached;
  const own = moduleByName(moduleName)?.tabs ?? [];
  const definition = moduleByName(moduleName) ? entityByPath(moduleName) : undefined;
  const capabilities = definition ? capabilitiesTab(definition) : null;
  const tabs = capabilities ? [...own, capabilities] : own;
  cache.set(moduleName, tabs);
  return tabs;
}
