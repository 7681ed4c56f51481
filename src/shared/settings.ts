/**
 * Module settings are described once as tabs → sections → items (SPEC §3.3 `_tabs`); each item is
 * flagged public (readable without login, e.g. on the landing page) or private (logged-in only).
 * Defaults and validation are derived from these descriptions on both sides.
 */
import { z } from 'zod';
import { HEX_COLOUR } from './colours';
import { maxLengthText, TEXT_MAX_LENGTH } from './limits';

const EMAIL_TEXT = 'Must be an e-mail address.';
const URL_TEXT = 'Must be a web address (https://… or /…).';

export type SettingType = 'text' | 'email' | 'url' | 'colour' | 'toggle' | 'select' | 'number';
export type SettingValue = string | number;

export interface SettingItem {
  name: string;
  type: SettingType;
  label: string;
  public: boolean;
  default: SettingValue;
  options?: ReadonlyArray<{ value: string; label: string }>;
  min?: number;
  max?: number;
  hint?: string;
}

export interface SettingsSection {
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

/** The rule a value of this item must meet; messages name what is wrong. */
export function settingSchema(item: SettingItem): z.ZodType<SettingValue> {
  const text = z.string().max(TEXT_MAX_LENGTH, maxLengthText(TEXT_MAX_LENGTH));
  switch (item.type) {
    case 'text':
      return text;
    case 'email':
      // The union's own error covers a wrong type; the member's covers a malformed address.
      return z.union([z.literal(''), z.email(EMAIL_TEXT)], { error: EMAIL_TEXT });
    case 'url':
      return z.union(
        [
          z.literal(''),
          z
            .string()
            .max(2000, maxLengthText(2000))
            .regex(/^(https?:\/\/|\/)/, URL_TEXT),
        ],
        { error: URL_TEXT },
      );
    case 'colour':
      return z.string().regex(HEX_COLOUR, 'Must be a colour such as #6b7a2a.');
    case 'toggle':
      return z.union([z.literal(0), z.literal(1)], { error: 'Must be 1 (Yes) or 0 (No).' });
    case 'select': {
      const values = (item.options ?? []).map((o) => o.value);
      return z.string().refine((v) => values.includes(v), 'Must be one of the listed choices.');
    }
    case 'number': {
      let n = z.number({ error: 'Must be a number.' });
      if (item.min !== undefined) n = n.min(item.min, `Must be at least ${item.min}.`);
      if (item.max !== undefined) n = n.max(item.max, `Must be at most ${item.max}.`);
      return n;
    }
  }
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
