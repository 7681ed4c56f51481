/**
 * The data the safety warnings are computed from (./prescription-safety.ts), read in one call
 * (prescriptions/get_safety_facts) for the editor and by prescriptions/dispense for the server.
 */

export interface SafetyHerb {
  herb_id: number;
  herb_name: string;
  herb_dose_unit_kind: string;
  /** Daily, in the base unit of herb_dose_unit_kind (mg, ml). */
  herb_dose_min: number | null;
  herb_dose_max: number | null;
  herb_caution_pregnancy: number;
  herb_caution_lactation: number;
  herb_caution_min_age: number | null;
  caution_condition_ids: number[];
  caution_drug_class_ids: number[];
  /** The allergies that cover the herb (its family, salicylates, the herb alone): herbs.allergies. */
  allergy_ids: number[];
}

interface SafetyBatch {
  batch_name: string;
  /** YYYY-MM-DD, or null when it does not expire. */
  batch_expiry: string | null;
  batch_quantity: number;
}

export interface SafetyProduct {
  dispensary_product_id: number;
  dispensary_product_name: string;
  dispensary_product_herb_id: number | null;
  /** 'volume' or 'weight'; a line of only a herb takes a product measured like it. */
  dispensary_product_unit_kind?: string;
  batches: SafetyBatch[];
}

interface Named {
  id: number;
  name: string;
}

interface SafetyPatient {
  patient_dob: string | null;
  patient_pregnant: number;
  patient_breastfeeding: number;
  conditions: Named[];
  /** The drug classes of the medicines taken: id of the class, name of the medicine and class. */
  medications: Named[];
  /** The patient's allergies (AllergyIntolerance), matched against each herb's allergy_ids. */
  allergies: Named[];
}

export interface SafetyFacts {
  /** The day expiry and age are judged on (YYYY-MM-DD). */
  today: string;
  patient: SafetyPatient | null;
  herbs: SafetyHerb[];
  products: SafetyProduct[];
  /**
   * The products of the herbs named on lines of only a herb, which such a line is dispensed from
   * (src/shared/dispensable-lines.ts); without it those lines are not resolved to a product.
   */
  herb_products?: SafetyProduct[];
}
