/** Herbs: a dose range runs from the lower to the higher dose. */
import type { herbs } from '../../shared/entities';
import type { EntityBehaviour } from '../entities/behaviour';

export const herbBehaviour: EntityBehaviour<typeof herbs> = {
  checkRow(row) {
    const [min, max] = [row.herb_dose_min, row.herb_dose_max];
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      return '"herb_dose_max": The daily dose to must not be less than the daily dose from.';
    }
    return null;
  },
};
