/** The company's brand colours with their defaults, and the progress colour rule. */
export const COLOUR_KEYS = [
  'colour_brand',
  'colour_primary',
  'colour_secondary',
  'colour_positive',
  'colour_negative',
  'colour_warning',
  'colour_accent',
  'colour_info',
  'colour_dark',
] as const;
export type ColourKey = (typeof COLOUR_KEYS)[number];

/** Olive brand and primary, teal, green, red, amber, orange, turquoise, near black. */
export const DEFAULT_COLOURS: Record<ColourKey, string> = {
  colour_brand: '#6b7a2a',
  colour_primary: '#6b7a2a',
  colour_secondary: '#00796b',
  colour_positive: '#2e7d32',
  colour_negative: '#c62828',
  colour_warning: '#ffb300',
  colour_accent: '#ef6c00',
  colour_info: '#1aa59a',
  colour_dark: '#1d1d1d',
};

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export type ProgressColour = 'negative' | 'warning' | 'primary' | 'info' | 'positive';

/** Below 25 negative; 25–49 warning; 50–74 primary; 75–99 info; 100 positive. */
export function progressColour(percent: number): ProgressColour {
  if (percent >= 100) return 'positive';
  if (percent >= 75) return 'info';
  if (percent >= 50) return 'primary';
  if (percent >= 25) return 'warning';
  return 'negative';
}
