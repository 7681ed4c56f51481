/** Progress colours at every boundary, and the stock percentage behind the dashboard bars. */
import { describe, expect, it } from 'vitest';
import { progressColour } from '../../src/shared/colours';
import { clampPercent, stockPercent } from '../../src/shared/dashboard';

describe('progressColour', () => {
  it.each([
    [0, 'negative'],
    [24, 'negative'],
    [25, 'warning'],
    [49, 'warning'],
    [50, 'primary'],
    [74, 'primary'],
    [75, 'info'],
    [99, 'info'],
    [100, 'positive'],
  ] as const)('%i %% is %s', (percent, colour) => {
    expect(progressColour(percent)).toBe(colour);
  });
});

describe('stockPercent', () => {
  it('is the stock as a whole percentage of the reorder level, rounded down', () => {
    expect(stockPercent(0, 1000)).toBe(0);
    expect(stockPercent(249, 1000)).toBe(24);
    expect(stockPercent(999, 1000)).toBe(99);
    expect(stockPercent(1000, 1000)).toBe(100);
    expect(stockPercent(3000, 1000)).toBe(300);
  });

  it('counts a product without a reorder level as fully stocked', () => {
    expect(stockPercent(5, 0)).toBe(100);
  });

  it('clamps to 0–100 for a bar', () => {
    expect(clampPercent(300)).toBe(100);
    expect(clampPercent(-1)).toBe(0);
    expect(clampPercent(42)).toBe(42);
  });
});
