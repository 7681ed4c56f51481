/** The Mantine theme from the company's brand colours. */
import {
  createTheme,
  DEFAULT_THEME,
  Input,
  type CSSVariablesResolver,
  type DrawerProps,
  type ModalProps,
  type MantineThemeOverride,
} from '@mantine/core';
import type { ColourKey } from '../../shared/colours';
import { readableShadeOn, readableTextOn, shadesOf } from './palette';

/** Theme colour names; `ink` is colour_dark (Mantine reserves `dark` for its dark scheme). */
const THEME_COLOURS: Record<ColourKey, string> = {
  colour_brand: 'brand',
  colour_primary: 'primary',
  colour_secondary: 'secondary',
  colour_positive: 'positive',
  colour_negative: 'negative',
  colour_warning: 'warning',
  colour_accent: 'accent',
  colour_info: 'info',
  colour_dark: 'ink',
};

const CLOSE_NAMED = { closeButtonProps: { 'aria-label': 'Close' } };
// A dialog's ✕ has its own name: several dialogs also end with a "Close" button of their own, and
// two controls of one name leave a screen-reader user guessing which is which.
const DIALOG_CLOSE_NAMED = { closeButtonProps: { 'aria-label': 'Close dialog' } };

export function buildTheme(colours: Record<ColourKey, string>): MantineThemeOverride {
  const palette = Object.fromEntries(
    (Object.keys(THEME_COLOURS) as ColourKey[]).map((key) => [
      THEME_COLOURS[key],
      shadesOf(colours[key]),
    ]),
  );
  return createTheme({
    primaryColor: 'primary',
    primaryShade: 6,
    autoContrast: true,
    colors: palette,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    defaultRadius: 'sm',
    components: {
      // A hint reads best under the value it explains, in every form and field alike.
      InputWrapper: Input.Wrapper.extend({
        defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] },
      }),
      // An icon-only close button needs a name for screen readers; set once for every dialog.
      // Plain objects, not Modal.extend(): that would put the dialogs' code in the landing page.
      Modal: { defaultProps: DIALOG_CLOSE_NAMED satisfies Partial<ModalProps> },
      Drawer: { defaultProps: CLOSE_NAMED satisfies Partial<DrawerProps> },
    },
    other: { colours },
  });
}

/** The page's background in each scheme (Mantine's body: white, and dark.7 in the dark). */
const LIGHT_BODY = '#ffffff';
const DARK_BODY = DEFAULT_THEME.colors.dark[7];

/**
 * CSS variables for what Mantine does not derive: readable text on each brand colour
 * (`--materia-on-…`), and each brand colour as text on the page (`--materia-…-text`), a shade that
 * reads in the scheme shown — a shade fixed for white (negative.8) is unreadable on dark grey.
 */
export function cssVariablesFor(colours: Record<ColourKey, string>): CSSVariablesResolver {
  const variables: Record<string, string> = {};
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const key of Object.keys(THEME_COLOURS) as ColourKey[]) {
    const name = THEME_COLOURS[key];
    variables[`--materia-${name}`] = colours[key];
    variables[`--materia-on-${name}`] = readableTextOn(colours[key], colours.colour_dark);
    light[`--materia-${name}-text`] = readableShadeOn(colours[key], LIGHT_BODY);
    dark[`--materia-${name}-text`] = readableShadeOn(colours[key], DARK_BODY);
  }
  // Mantine's dimmed grey is below 4.5:1 on its body in both schemes (gray.6 on white, dark.2
  // on dark.7): gray.7 and dark.1 read well.
  return () => ({
    variables,
    // Field messages in Mantine's error red (red.6) are below 4.5:1 on white; red.9 reads well.
    light: {
      ...light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-error': 'var(--mantine-color-red-9)',
    },
    dark: { ...dark, '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
  });
}
