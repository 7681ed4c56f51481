import { describe, expect, it } from 'vitest';
import {
  BASE_UNIT,
  bestUnit,
  amountIn,
  convert,
  formatQuantities,
  formatQuantity,
  fromBase,
  parseQuantity,
  PRICE_BASIS,
  priceShown,
  priceStored,
  toBase,
  unitSystemOf,
  unitsOf,
} from '../../src/shared/units';

describe('units', () => {
  it('offers exactly the units of each kind and system, smallest first', () => {
    const symbols = (kind: 'weight' | 'volume' | 'length', system: 'metric' | 'imperial') =>
      unitsOf(kind, system).map((u) => u.symbol);
    expect(symbols('length', 'metric')).toEqual(['mm', 'cm', 'm']);
    expect(symbols('length', 'imperial')).toEqual(['in', 'ft', 'yd']);
    expect(symbols('volume', 'metric')).toEqual(['ml', 'l', 'hl']);
    expect(symbols('volume', 'imperial')).toEqual(['fl oz', 'pt', 'gal']);
    expect(symbols('weight', 'metric')).toEqual(['mg', 'g', 'kg', 'mt']);
    expect(symbols('weight', 'imperial')).toEqual(['oz', 'lb', 'cwt', 'sht']);
    expect(BASE_UNIT).toEqual({ weight: 'mg', volume: 'ml', length: 'mm' });
  });

  it('converts to and from the base unit', () => {
    expect(toBase(2, 'g')).toBe(2000);
    expect(toBase(1.5, 'kg')).toBe(1_500_000);
    expect(toBase(1, 'mt')).toBe(1_000_000_000);
    expect(toBase(1, 'hl')).toBe(100_000);
    expect(toBase(3, 'cm')).toBe(30);
    expect(toBase(1, 'yd')).toBeCloseTo(914.4, 9);
    expect(fromBase(453_592.37, 'lb')).toBeCloseTo(1, 12);
    expect(fromBase(28_349.523125, 'oz')).toBeCloseTo(1, 12);
  });

  it('defines cwt as 100 lb and sht as 2000 lb', () => {
    expect(convert(1, 'cwt', 'lb')).toBeCloseTo(100, 9);
    expect(convert(1, 'sht', 'lb')).toBeCloseTo(2000, 9);
    expect(convert(1, 'lb', 'oz')).toBeCloseTo(16, 9);
  });

  it('converts within a kind and refuses across kinds', () => {
    expect(convert(1, 'gal', 'pt')).toBeCloseTo(8, 9);
    expect(convert(1, 'pt', 'floz')).toBeCloseTo(16, 9);
    expect(convert(1, 'floz', 'ml')).toBeCloseTo(29.5735295625, 9);
    expect(convert(1, 'ft', 'in')).toBeCloseTo(12, 9);
    expect(convert(1, 'yd', 'ft')).toBeCloseTo(3, 9);
    expect(() => convert(1, 'kg', 'l')).toThrow('Cannot convert weight (kg) to volume (l).');
    expect(() => toBase(1, 'stone')).toThrow('Unknown unit "stone".');
  });

  it('chooses the largest unit the quantity reaches', () => {
    expect(bestUnit(0, 'weight', 'metric').symbol).toBe('mg');
    expect(bestUnit(999, 'weight', 'metric').symbol).toBe('mg');
    expect(bestUnit(1000, 'weight', 'metric').symbol).toBe('g');
    expect(bestUnit(2_500_000, 'weight', 'metric').symbol).toBe('kg');
    expect(bestUnit(500_000, 'weight', 'imperial').symbol).toBe('lb');
    expect(bestUnit(100, 'weight', 'imperial').symbol).toBe('oz');
    expect(bestUnit(5_000, 'volume', 'imperial').symbol).toBe('gal');
  });

  it('formats metric and imperial quantities with at most two decimals', () => {
    expect(formatQuantity(1_500_000, 'weight', 'metric')).toBe('1.5 kg');
    expect(formatQuantity(100_000, 'weight', 'imperial')).toBe('3.53 oz');
    expect(formatQuantity(250, 'volume', 'metric')).toBe('250 ml');
    expect(formatQuantity(1000, 'volume', 'imperial')).toBe('2.11 pt');
    expect(formatQuantity(1000, 'length', 'metric')).toBe('1 m');
    expect(formatQuantity(1000, 'length', 'imperial')).toBe('1.09 yd');
    expect(formatQuantity(null, 'length', 'metric')).toBe('');
  });

  it('reads typed quantities back into base units', () => {
    expect(parseQuantity('1.5 kg', 'weight')).toBe(1_500_000);
    expect(parseQuantity('2,5 l', 'volume')).toBe(2500);
    expect(parseQuantity('12', 'length')).toBe(12);
    expect(parseQuantity('3 floz', 'volume')).toBeCloseTo(88.7205886875, 9);
    expect(parseQuantity('1 kg', 'volume')).toBeNull();
    expect(parseQuantity('lots', 'weight')).toBeNull();
  });

  it('reads the company setting units_imperial (0 means metric)', () => {
    expect(unitSystemOf(0)).toBe('metric');
    expect(unitSystemOf(undefined)).toBe('metric');
    expect(unitSystemOf(1)).toBe('imperial');
    expect(unitSystemOf('1')).toBe('imperial');
  });
});

/** One formatting rule per unit kind, in each system: what lists, totals and prints show. */
describe('units read naturally', () => {
  const cases = [
    // kind, system, [base quantity, shown]…
    [
      'weight',
      'metric',
      [
        [0, '0 mg'],
        [250, '250 mg'],
        [2_500, '2.5 g'],
        [1_250_000, '1.25 kg'],
      ],
    ],
    [
      'weight',
      'imperial',
      [
        [0, '0 oz'],
        [100_000, '3.53 oz'],
        [500_000, '1.1 lb'],
      ],
    ],
    [
      'volume',
      'metric',
      [
        [0, '0 ml'],
        [40, '40 ml'],
        [1_500, '1.5 l'],
      ],
    ],
    [
      'volume',
      'imperial',
      [
        [0, '0 fl oz'],
        [59.147, '2 fl oz'],
        [1_000, '2.11 pt'],
        [5_000, '1.32 gal'],
      ],
    ],
    [
      'length',
      'metric',
      [
        [0, '0 mm'],
        [5, '5 mm'],
        [120, '12 cm'],
        [2_000, '2 m'],
      ],
    ],
    [
      'length',
      'imperial',
      [
        [0, '0 in'],
        [50.8, '2 in'],
        [609.6, '2 ft'],
        [1_828.8, '2 yd'],
      ],
    ],
  ] as const;

  it.each(cases)(
    '%s in %s: the best unit, a space before it, two decimals at most',
    (kind, system, shown) => {
      for (const [base, text] of shown) expect(formatQuantity(base, kind, system)).toBe(text);
    },
  );

  it.each(cases)(
    '%s in %s: what is shown reads back as the same quantity',
    (kind, system, shown) => {
      for (const [base, text] of shown) {
        const back = parseQuantity(text, kind) as number;
        expect(Math.abs(back - base)).toBeLessThanOrEqual(Math.max(base * 0.005, 0.001));
      }
    },
  );

  it('never glues a symbol to its number, nor shows "floz"', () => {
    const all = cases.flatMap(([kind, system, shown]) =>
      shown.map(([base]) => formatQuantity(base, kind, system)),
    );
    for (const text of all) expect(text).toMatch(/^-?\d+(\.\d{1,2})? [a-z]+( [a-z]+)?$/);
    expect(all.join(' ')).not.toContain('floz');
  });

  it('shows quantities read side by side in one unit: that of the smallest not 0', () => {
    // A stock of 1.1 lb against a reorder level of 8.82 oz read as one line.
    expect(formatQuantities([500_000, 250_000], 'weight', 'imperial')).toEqual([
      '17.64 oz',
      '8.82 oz',
    ]);
    // 4 g left of 1 kg needed: the few grams do not round away.
    expect(formatQuantities([4_000, 1_000_000], 'weight', 'metric')).toEqual(['4 g', '1000 g']);
    expect(formatQuantities([0, 1_500, null], 'volume', 'metric')).toEqual(['0 l', '1.5 l', '']);
    expect(formatQuantities([29.574, 59.147], 'volume', 'imperial')).toEqual([
      '1 fl oz',
      '2 fl oz',
    ]);
    expect(formatQuantities([0, 0], 'length', 'metric')).toEqual(['0 mm', '0 mm']);
    expect(formatQuantities([], 'length', 'metric')).toEqual([]);
  });

  it('reads "fl oz" however it is typed', () => {
    for (const typed of ['2 fl oz', '2fl oz', '2 floz', '2 fl. oz', '2 FL OZ'])
      expect(parseQuantity(typed, 'volume')).toBeCloseTo(59.147, 3);
    expect(parseQuantity('2 fl', 'volume')).toBeNull();
  });

  it('gives an editor the bare amount in its unit (the unit is shown beside it)', () => {
    expect(amountIn(40, 'ml')).toBe('40');
    expect(amountIn(1_500_000, 'g')).toBe('1500');
    expect(amountIn(59.147, 'fl oz')).toBe('2');
    expect(amountIn(600, 'fl oz')).toBe('20.29');
  });

  it('prices stock per the everyday amount of each kind and system, stored per 100 g / 100 ml', () => {
    const per = (system: 'metric' | 'imperial') =>
      (['weight', 'volume'] as const).map((kind) => PRICE_BASIS[system][kind].text);
    expect(per('metric')).toEqual(['100 g', '100 ml']);
    expect(per('imperial')).toEqual(['oz', 'fl oz']);
    // £12 per 100 ml is £3.55 per fl oz; £10 per 100 g is £2.83 per oz.
    expect(priceShown(12, 'volume', 'imperial')).toBeCloseTo(3.5488, 4);
    expect(priceShown(10, 'weight', 'imperial')).toBeCloseTo(2.835, 3);
    expect(priceShown(12, 'volume', 'metric')).toBe(12);
    // Typed per fl oz, stored per 100 ml to money's precision, and shown back as typed.
    expect(priceStored(3.55, 'volume', 'imperial')).toBe(12.004);
    expect(priceShown(priceStored(3.55, 'volume', 'imperial'), 'volume', 'imperial')).toBeCloseTo(
      3.55,
      4,
    );
    expect(priceStored(12, 'volume', 'metric')).toBe(12);
  });
});
