/** Date filter ranges: the `from..to` grammar, the named ranges, and dates typed as the clinic writes them. */
import { describe, expect, it } from 'vitest';
import {
  dateRangeValue,
  parseDateRange,
  presetOf,
  presetRange,
} from '../../src/shared/date-ranges';
import { rangeOfValue, typedDay, valueOfRange } from '../../src/web/entity/model/dateFilter';

describe('date range values', () => {
  it('reads both ends, either end alone, and refuses anything else', () => {
    expect(parseDateRange('2026-11-01..2026-11-30')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseDateRange('2026-11-01..')).toEqual({ from: '2026-11-01', to: null });
    expect(parseDateRange(' ..2026-11-30 ')).toEqual({ from: null, to: '2026-11-30' });
    expect(parseDateRange('..')).toBeNull();
    expect(parseDateRange('2026-11-01')).toBeNull();
    expect(parseDateRange('2026-02-30..2026-03-01')).toBeNull();
    expect(parseDateRange('01/11/2026..30/11/2026')).toBeNull();
    expect(parseDateRange('2026-11-01..2026-11-30..2026-12-01')).toBeNull();
  });

  it('writes a range back, and no range as no filter', () => {
    expect(dateRangeValue({ from: '2026-11-01', to: null })).toBe('2026-11-01..');
    expect(dateRangeValue({ from: null, to: null })).toBe('');
    expect(valueOfRange({ from: '2026-11-24', to: '2026-11-24' })).toBe('2026-11-24');
    expect(rangeOfValue('2026-11-24')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
  });
});

describe('named ranges', () => {
  // Wednesday 24 November 2026, late in the evening (local time).
  const now = new Date(2026, 10, 24, 23, 30);

  it('are today, Monday to Sunday, the calendar month and year', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(presetRange('week', now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('month', now)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetRange('year', now)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('crosses month and year ends, and knows February in a leap year', () => {
    const sunday = new Date(2027, 0, 3);
    expect(presetRange('week', sunday)).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(presetRange('month', new Date(2028, 1, 10))).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('are recognised back from a range', () => {
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, now)).toBe('month');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-29' }, now)).toBeNull();
  });
});

describe('typed days', () => {
  it('take DD/MM/YYYY as the clinic writes dates, or YYYY-MM-DD', () => {
    expect(typedDay('02/03/1980')).toBe('1980-03-02');
    expect(typedDay('2/3/1980')).toBe('1980-03-02');
    expect(typedDay('1980-03-02')).toBe('1980-03-02');
    expect(typedDay('  ')).toBeNull();
    expect(typedDay('31/02/1980')).toBeUndefined();
    expect(typedDay('02/03/1980 10:00')).toBeUndefined();
    expect(typedDay('soon')).toBeUndefined();
  });
});
