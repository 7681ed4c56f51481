import { describe, expect, it } from 'vitest';
import { ALLERGY_GROUPS, allergyHerbPairs } from '../../src/server/seed/data/allergy-groups';
import { HERB_SAFETY } from '../../src/server/seed/data/herb-safety';
import { MEDICINES } from '../../src/server/seed/data/medicines';
import { STARTING_ROWS } from '../../src/server/seed/data/starting-rows';
import { HERBS } from '../../src/server/seed/data/herbs';
import { needsReason, prescriptionWarnings } from '../../src/shared/prescription-safety';
import type { SafetyFacts, SafetyProduct } from '../../src/shared/prescription-safety-facts';
import { safetyHerb } from '../support/safety-herb';

const herb = safetyHerb;

const VALERIAN = herb(1, 'Valerian', { herb_dose_min: 0.5, herb_dose_max: 2 });
const LIQUORICE = herb(2, 'Liquorice', {
  herb_caution_pregnancy: 1,
  caution_condition_ids: [7],
});
const ST_JOHNS = herb(3, "St John's wort", {
  herb_caution_lactation: 1,
  herb_caution_min_age: 12,
  caution_drug_class_ids: [4],
});
const TINCTURE: SafetyProduct = {
  dispensary_product_id: 10,
  dispensary_product_name: 'Valerian tincture 1:5',
  dispensary_product_herb_id: 1,
  batches: [
    { batch_name: 'V-OLD', batch_expiry: '2026-01-31', batch_quantity: 100 },
    { batch_name: 'V-NEW', batch_expiry: '2027-06-30', batch_quantity: 20 },
  ],
};

const facts = (patient: Partial<NonNullable<SafetyFacts['patient']>> = {}): SafetyFacts => ({
  today: '2026-11-24',
  patient: {
    patient_dob: '1980-05-01',
    patient_pregnant: 0,
    patient_breastfeeding: 0,
    conditions: [],
    medications: [],
    allergies: [],
    ...patient,
  },
  herbs: [VALERIAN, LIQUORICE, ST_JOHNS],
  products: [TINCTURE],
});

const line = (herbId: number | null, quantity: number, productId: number | null = null) => ({
  prescription_line_herb_id: herbId,
  prescription_line_dispensary_product_id: productId,
  prescription_line_quantity: quantity,
  prescription_line_unit_kind: 'volume',
});

const warn = (lines: ReturnType<typeof line>[], f = facts(), days: number | null = 10) =>
  prescriptionWarnings(lines, { prescription_days: days }, f, 'metric');

describe('prescription safety warnings', () => {
  it('an empty formula (or one whose lines name nothing yet) warns once, for the formula', () => {
    expect(warn([])).toEqual([
      { kind: 'empty', line: null, text: 'Empty formula: add a herb or a dispensary product.' },
    ]);
    expect(warn([line(null, 30)]).map((w) => w.kind)).toEqual(['empty']);
  });

  it('shows the dose arithmetic against the herb’s daily range, above and below', () => {
    expect(warn([line(1, 30)])).toEqual([
      {
        kind: 'dose',
        line: 1,
        text: "Above the dose range: 30 ml over 10 days = 3 ml a day; Valerian's range is 0.5–2 ml a day.",
      },
    ]);
    expect(warn([line(1, 2)])[0]?.text).toBe(
      "Below the dose range: 2 ml over 10 days = 0.2 ml a day; Valerian's range is 0.5–2 ml a day.",
    );
    expect(warn([line(1, 20)])).toEqual([]); // 2 ml a day: the top of the range is within it
    expect(warn([line(1, 30)], facts(), null)).toEqual([]); // no days: no daily amount
  });

  it('adds the lines of one herb (direct and through its product) for the daily amount', () => {
    const warnings = warn([line(1, 10), line(null, 15, 10)]);
    expect(warnings.map((w) => [w.kind, w.line])).toEqual([
      ['dose', 1],
      ['expired', 2],
      ['duplicate', 2],
    ]);
    expect(warnings[0]?.text).toContain('25 ml over 10 days = 2.5 ml a day');
    expect(warnings[2]?.text).toBe('Valerian is also on line 1.');
  });

  it('checks a weight range in the clinic’s units (imperial shows ounces)', () => {
    const root = herb(5, 'Burdock', {
      herb_dose_unit_kind: 'weight',
      herb_dose_min: 2000,
      herb_dose_max: 6000,
    });
    const lines = [{ ...line(5, 100_000), prescription_line_unit_kind: 'weight' }];
    const f = { ...facts(), herbs: [root] };
    expect(prescriptionWarnings(lines, { prescription_days: 10 }, f, 'metric')[0]?.text).toBe(
      "Above the dose range: 100 g over 10 days = 10 g a day; Burdock's range is 2–6 g a day.",
    );
    expect(prescriptionWarnings(lines, { prescription_days: 10 }, f, 'imperial')[0]?.text).toBe(
      "Above the dose range: 3.53 oz over 10 days = 0.35 oz a day; Burdock's range is 0.07–0.21 oz a day.",
    );
  });

  it('matches pregnancy, breastfeeding, age, conditions and medication with the patient', () => {
    const record = facts({
      patient_pregnant: 1,
      patient_breastfeeding: 1,
      patient_dob: '2016-12-01',
      conditions: [{ id: 7, name: 'Hypertension' }],
      medications: [{ id: 4, name: 'SSRIs and other antidepressants' }],
    });
    expect(warn([line(2, 10), line(3, 10)], record)).toEqual([
      {
        kind: 'pregnancy',
        line: 1,
        text: 'Liquorice: avoid in pregnancy; the patient is pregnant.',
      },
      {
        kind: 'condition',
        line: 1,
        text: "Liquorice: avoid with Hypertension, on the patient's record.",
      },
      {
        kind: 'lactation',
        line: 2,
        text: "St John's wort: avoid while breastfeeding; the patient is breastfeeding.",
      },
      {
        kind: 'children',
        line: 2,
        text: "St John's wort: not for children under 12; the patient is 9.",
      },
      {
        kind: 'medication',
        line: 2,
        text: "St John's wort: interacts with SSRIs and other antidepressants, which the patient takes.",
      },
    ]);
    // The same herbs for an adult with nothing on record: no warnings.
    expect(warn([line(2, 10), line(3, 10)])).toEqual([]);
    // Twelve on the day they turn twelve.
    expect(warn([line(3, 10)], facts({ patient_dob: '2014-11-24' }))).toEqual([]);
  });

  it('names an expired batch on the shelf and usable stock short of the lines', () => {
    const warnings = warn([line(null, 15, 10), line(null, 10, 10)], facts(), null);
    expect(warnings).toEqual([
      {
        kind: 'expired',
        line: 1,
        text: 'Valerian tincture 1:5: batch V-OLD expired on 31/01/2026; it will not be dispensed.',
      },
      {
        kind: 'out_of_stock',
        line: 1,
        text: 'Not enough Valerian tincture 1:5 in stock: 20 ml usable, 25 ml needed.',
      },
      { kind: 'duplicate', line: 2, text: 'Valerian is also on line 1.' },
    ]);
  });
});

describe('the demo herbs’ cautions', () => {
  it('cover at least 30 demo herbs, by names the seed knows', () => {
    const names = new Set(HERBS.map((h) => h.name));
    const cautioned = Object.keys(HERB_SAFETY);
    expect(cautioned.length).toBeGreaterThanOrEqual(30);
    expect(cautioned.filter((name) => !names.has(name))).toEqual([]);
  });
});

describe('allergy warnings (AllergyIntolerance against the herbs’ allergy groups)', () => {
  const DAISY = { id: 21, name: 'Daisy family (Asteraceae)' };
  const SALICYLATES = { id: 22, name: 'Salicylates' };
  const YARROW = herb(31, 'Yarrow', { allergy_ids: [DAISY.id] });
  const WILLOW = herb(32, 'White willow', { allergy_ids: [SALICYLATES.id] });
  const CHAMOMILE_TINCTURE: SafetyProduct = {
    dispensary_product_id: 40,
    dispensary_product_name: 'German chamomile tincture',
    dispensary_product_herb_id: 33,
    batches: [{ batch_name: 'C-1', batch_expiry: null, batch_quantity: 500 }],
  };
  const allergic = (allergies = [DAISY]): SafetyFacts => ({
    ...facts({ allergies }),
    herbs: [VALERIAN, YARROW, WILLOW, herb(33, 'German chamomile', { allergy_ids: [DAISY.id] })],
    products: [TINCTURE, CHAMOMILE_TINCTURE],
  });

  it('warns beside a line whose herb one of the patient’s allergies covers', () => {
    expect(warn([line(31, 10)], allergic(), null)).toEqual([
      {
        kind: 'allergy',
        line: 1,
        text: 'Yarrow: the patient is allergic to Daisy family (Asteraceae), which covers it.',
      },
    ]);
  });

  it('warns through a dispensary product’s herb', () => {
    expect(warn([line(1, 10), line(null, 20, 40)], allergic(), null)).toEqual([
      {
        kind: 'allergy',
        line: 2,
        text: 'German chamomile: the patient is allergic to Daisy family (Asteraceae), which covers it.',
      },
    ]);
  });

  it('stays quiet for herbs no allergy of the patient covers, and for a patient without allergies', () => {
    expect(warn([line(1, 10), line(32, 10)], allergic(), null)).toEqual([]);
    expect(warn([line(31, 10), line(null, 20, 40)], allergic([]), null)).toEqual([]);
    expect(warn([line(32, 10)], allergic([SALICYLATES]), null).map((w) => w.kind)).toEqual([
      'allergy',
    ]);
  });

  it('needs a recorded reason to dispense, as pregnancy does', () => {
    const [warning] = warn([line(31, 10)], allergic(), null);
    expect(warning && needsReason(warning)).toBe(true);
  });
});

describe('the demo allergy groups', () => {
  it('name starting allergies and cover the demo herbs of their family', () => {
    const starting = STARTING_ROWS.find(([path]) => path === 'allergies')?.[1] ?? [];
    const names = new Set(starting.map((row) => row.allergy_name));
    expect(Object.keys(ALLERGY_GROUPS).filter((name) => !names.has(name))).toEqual([]);
    const pairs = allergyHerbPairs(HERBS);
    const covered = (allergy: string) => pairs.filter(([a]) => a === allergy).map(([, h]) => h);
    expect(covered('Daisy family (Asteraceae)')).toEqual(
      expect.arrayContaining(['Yarrow', 'German chamomile', 'Calendula', 'Echinacea']),
    );
    expect(covered('Mint family (Lamiaceae)')).toEqual(
      expect.arrayContaining(['Peppermint', 'Sage']),
    );
    expect(covered('Carrot family (Apiaceae)')).toEqual(
      expect.arrayContaining(['Fennel', 'Dong quai']),
    );
    expect(covered('Salicylates').sort()).toEqual(['Black haw', 'Meadowsweet', 'White willow']);
    expect(covered('Daisy family (Asteraceae)')).not.toContain('Valerian');
  });
});

describe('the starting medicines (name → drug class)', () => {
  it('map common names to the classes the herbs’ cautions name, once each', () => {
    const classOf = new Map(MEDICINES.map(([name, drugClass]) => [name, drugClass]));
    expect(classOf.size).toBe(MEDICINES.length);
    expect(MEDICINES.length).toBeGreaterThanOrEqual(60);
    expect(classOf.get('Warfarin')).toBe('Anticoagulants and antiplatelets');
    expect(classOf.get('Sertraline')).toBe('SSRIs and other antidepressants');
    expect(classOf.get('Levothyroxine')).toBe('Thyroid hormones');
  });

  it('warn through the medicine’s class, naming the medicine', () => {
    const ginkgo = herb(41, 'Ginkgo', { caution_drug_class_ids: [4] });
    const taking = facts({
      medications: [{ id: 4, name: 'Warfarin (Anticoagulants and antiplatelets)' }],
    });
    expect(warn([line(41, 10)], { ...taking, herbs: [ginkgo] }, null)).toEqual([
      {
        kind: 'medication',
        line: 1,
        text: 'Ginkgo: interacts with Warfarin (Anticoagulants and antiplatelets), which the patient takes.',
      },
    ]);
  });
});
