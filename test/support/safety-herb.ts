/** A herb as the safety routine's facts carry it: no cautions unless `more` gives some. */
import type { SafetyHerb } from '../../src/shared/prescription-safety-facts';

export const safetyHerb = (
  id: number,
  name: string,
  more: Partial<SafetyHerb> = {},
): SafetyHerb => ({
  herb_id: id,
  herb_name: name,
  herb_dose_unit_kind: 'volume',
  herb_dose_min: null,
  herb_dose_max: null,
  herb_caution_pregnancy: 0,
  herb_caution_lactation: 0,
  herb_caution_min_age: null,
  caution_condition_ids: [],
  caution_drug_class_ids: [],
  allergy_ids: [],
  ...more,
});
