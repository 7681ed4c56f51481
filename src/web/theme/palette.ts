/** Colour arithmetic for the brand theme: Mantine's 10-shade scales from one hex colour. */
import { HEX_COLOUR } from '../../shared/colours';

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const value = HEX_COLOUR.test(hex) ? hex.slice(1) : '000000';
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, weight: number): Rgb {
  return [0, 1, 2].map((i) => (a[i] ?? 0) * (1 - weight) + (b[i] ?? 0) * weight) as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** How far each shade is from the base: tints towards white, then shades towards black. */
const STEPS: readonly [Rgb, number][] = [
  [WHITE, 0.9],
  [WHITE, 0.78],
  [WHITE, 0.62],
  [WHITE, 0.46],
  [WHITE, 0.3],
  [WHITE, 0.14],
  [WHITE, 0],
  [BLACK, 0.14],
  [BLACK, 0.28],
  [BLACK, 0.42],
];

/** Ten shades, lightest first; shade 6 (Mantine's primary shade) is the colour itself. */
export function shadesOf(
  hex: string,
): [string, string, string, string, string, string, string, string, string, string] {
  const base = hexToRgb(hex);
  return STEPS.map(([towards, weight]) => rgbToHex(mix(base, towards, weight))) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black text, whichever reads better on the background. */
export function readableTextOn(background: string, dark = '#1d1d1d'): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, dark) ? '#ffffff' : dark;
}

/** WCAG's least contrast for body text. */
const TEXT_CONTRAST = 4.5;

/**
 * The shade of `hex` to write text in on `background`: the colour itself when it reads (4.5:1),
 * else the nearest shade that does, darker on a light background and lighter on a dark one — a
 * clinic's green is too dark to read on the dark scheme's grey, and a pale one on white.
 */
export function readableShadeOn(hex: string, background: string): string {
  const shades = shadesOf(hex);
  const darkBackground = readableTextOn(background) === '#ffffff';
  // Shade 6 is the colour; lower shades are lighter, higher ones darker.
  const order = darkBackground ? [6, 5, 4, 3, 2, 1, 0] : [6, 7, 8, 9];
  // None reads (a mid grey page): the last tried, the furthest from the colour.
  const found =
    order.find((i) => contrastRatio(shades[i] ?? hex, background) >= TEXT_CONTRAST) ??
    (darkBackground ? 0 : 9);
  return shades[found] ?? hex;
}
