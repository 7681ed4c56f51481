/**
 * Light, dark or the system's scheme: kept in this browser's localStorage by Mantine's manager
 * (so public/color-scheme.js can set it before the first paint) and remembered per user as the
 * `color_scheme` preference of the product module (so it follows the user to another browser).
 */
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** Also read by public/color-scheme.js, which runs before the app's code loads. */
const COLOR_SCHEME_KEY = 'materia-color-scheme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/** The preference field of the product module that remembers the choice. */
export const COLOR_SCHEME_PREFERENCE = 'color_scheme';

export const COLOR_SCHEME_CHOICES: ReadonlyArray<{ value: MantineColorScheme; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'System' },
];

export const isColorScheme = (value: unknown): value is MantineColorScheme =>
  COLOR_SCHEME_CHOICES.some((choice) => choice.value === value);
