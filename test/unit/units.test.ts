import { describe, expect, it } from 'vitest';
import {
  BASE_UNIT,
  bestUnit,
  convert,
  formatQuantity,
  fromBase,
  parseQuantity,
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
    expect(symbols('volume', 'imperial')).toEqual(['floz', 'pt', 'gal']);
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
