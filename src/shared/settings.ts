/**
 * Module settings are described once as tabs → sections → items (`_tabs`); each item is
 * flagged public (readable without login, e.g. on the landing page) or private (logged-in only).
 * Defaults and validation (./setting-rules.ts) are derived from these descriptions on both sides.
 */

export type SettingType = 'text' | 'email' | 'url' | 'colour' | 'toggle' | 'select' | 'number';
export type SettingValue = string | number;

export interface SettingItem {
  name: string;
  type: SettingType;
  label: string;
  public: boolean;
  default: SettingValue;
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** A long option list kept out of the catalogue, filled in by module-settings.ts. */
  optionsFrom?: 'currencies' | 'timeZones';
  min?: number;
  max?: number;
  hint?: string;
}

interface SettingsSection {
  title: string;
  items: readonly SettingItem[];
}

export interface SettingsTab {
  name: string;
  label: string;
  sections: readonly SettingsSection[];
}

export type SettingsObject = Record<string, SettingValue>;

export function settingItems(tabs: readonly SettingsTab[]): SettingItem[] {
  return tabs.flatMap((tab) => tab.sections.flatMap((section) => section.items));
}

/** Defaults of the public (`isPublic`) or private items of a module's tabs. */
export function settingDefaults(tabs: readonly SettingsTab[], isPublic: boolean): SettingsObject {
  return Object.fromEntries(
    settingItems(tabs)
      .filter((item) => item.public === isPublic)
      .map((item) => [item.name, item.default]),
  );
}

/** Fills missing keys with defaults and drops keys that are no longer described. */
export function withDefaults(
  tabs: readonly SettingsTab[],
  isPublic: boolean,
  stored: Record<string, unknown> | null | undefined,
): SettingsObject {
  const defaults = settingDefaults(tabs, isPublic);
  const result: SettingsObject = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = stored?.[key];
    if (typeof value === 'string' || typeof value === 'number') result[key] = value;
  }
  return result;
}
