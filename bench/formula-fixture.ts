/**
 * A 30-line formula in which every line warns, and the facts it is checked against: each herb
 * over its dose range and cautioned for pregnancy, a condition, a drug class and an allergy the
 * pregnant patient has; half the lines name the herb again through a product whose oldest batch
 * expired and whose stock is short. The formula editor's worst ordinary case, for its frame budget.
 */
import type { SafetyFacts, SafetyHerb } from '../src/shared/prescription-safety-facts';

const LINES = 30;
const HERBS = LINES / 2;

const herb = (id: number): SafetyHerb => ({
  herb_id: id,
  herb_name: `Herb ${id}`,
  herb_dose_unit_kind: 'volume',
  herb_dose_min: 0.5,
  herb_dose_max: 2,
  herb_caution_pregnancy: 1,
  herb_caution_lactation: 1,
  herb_caution_min_age: 18,
  caution_condition_ids: [7],
  caution_drug_class_ids: [4],
  allergy_ids: [9],
});

export function formulaFixture() {
  const herbs = Array.from({ length: HERBS }, (_, i) => herb(i + 1));
  const facts: SafetyFacts = {
    today: '2026-11-24',
    patient: {
      patient_dob: '2012-05-01',
      patient_pregnant: 1,
      patient_breastfeeding: 1,
      conditions: [{ id: 7, name: 'Hypertension' }],
      medications: [{ id: 4, name: 'SSRIs' }],
      allergies: [{ id: 9, name: 'Daisy family (Asteraceae)' }],
    },
    herbs,
    products: herbs.map((h) => ({
      dispensary_product_id: 100 + h.herb_id,
      dispensary_product_name: `${h.herb_name} tincture`,
      dispensary_product_herb_id: h.herb_id,
      batches: [
        { batch_name: `${h.herb_id}-OLD`, batch_expiry: '2026-01-31', batch_quantity: 100 },
        { batch_name: `${h.herb_id}-NEW`, batch_expiry: '2027-06-30', batch_quantity: 5 },
      ],
    })),
  };
  const lines = Array.from({ length: LINES }, (_, i) => ({
    prescription_line_id: i + 1,
    prescription_line_herb_id: i < HERBS ? i + 1 : null,
    prescription_line_dispensary_product_id: i < HERBS ? null : 100 + (i - HERBS) + 1,
    prescription_line_quantity: 30 + i,
    prescription_line_unit_kind: 'volume',
    prescription_line_price: 1.23,
  }));
  const prescription = {
    prescription_days: 10,
    prescription_unit_kind: 'volume',
    prescription_daily_dose: 5,
    prescription_status: 'draft',
    prescription_dispensing_fee: 3.5,
    prescription_container_fee: 1.2,
    prescription_tax_rate: 20,
  };
  return { facts, lines, prescription };
}
