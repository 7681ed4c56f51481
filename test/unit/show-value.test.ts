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
});
