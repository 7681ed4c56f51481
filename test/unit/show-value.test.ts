/** Counts are shown with thousands separators wherever a count is shown (dashboard, lists, bulk). */
import { describe, expect, it } from 'vitest';
import { countText } from '../../src/shared/show-value';

describe('countText', () => {
  it('groups thousands as people read them', () => {
    expect(countText(0)).toBe('0');
    expect(countText(999)).toBe('999');
    expect(countText(1000)).toBe('1,000');
    expect(countText(107805)).toBe('107,805');
  });

  it("says every number as en-GB's own formatting does", () => {
    const numbers = [0, -0, 7, -7, 999, -1000, 12_345, 123_456, 1_234_567, -9_876_543_210];
    numbers.push(Number.MAX_SAFE_INTEGER, 1234.5678, -0.5, 2 ** 60, NaN, Infinity);
    for (let i = 0; i < 200; i += 1) numbers.push(Math.floor(Math.random() * 10 ** (i % 16)));
    for (const n of numbers) expect(countText(n), String(n)).toBe(n.toLocaleString('en-GB'));
  });
});
