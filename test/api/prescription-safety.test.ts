/**
 * Safety while prescribing (issue 16 item 1): prescriptions/get_safety_facts feeds the shared
 * warnings routine every kind of warning from data (dose range, pregnancy, breastfeeding, age,
 * conditions, medication, the same herb twice, expired and short stock, an empty formula);
 * prescriptions/dispense recomputes them, refuses open ones without a reason (naming them),
 * stores the reason and shows it in the patient's history; the stock's own warnings are settled
 * by the stock; the calls keep their privileges and tenants.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/shared/audit-trail';
import { todayIso } from '../../src/shared/iso-date';
import { prescriptionWarnings } from '../../src/shared/prescription-safety';
import type { SafetyFacts } from '../../src/shared/prescription-safety-facts';
import { newCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import {
  callerFor,
  daysFromToday,
  insertedId,
  messageText,
  receiveStock,
  type Caller,
  type Row,
} from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
const text = messageText;
const idOf = (path: string, values: Row, key: string) => insertedId(c, path, values, key);
const yearsAgo = (years: number) => `${Number(todayIso().slice(0, 4)) - years}-01-01`;

let valerian: number;
let liquorice: number;
let stJohns: number;
let valerianTincture: number;
let patient: number;
let child: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const hypertension = await idOf(
    'conditions/insert',
    { condition_name: 'Hypertension' },
    'condition_id',
  );
  const ssri = (
    await c<Row[]>('drug_classes/list', { filters: { search: '=SSRIs and other antidepressants' } })
  ).data[0]?.drug_class_id as number;
  expect(ssri).toBeGreaterThan(0); // every clinic starts with the drug classes
  valerian = await idOf(
    'herbs/insert',
    {
      herb_name: 'Valerian',
      herb_dose_unit_kind: 'volume',
      herb_dose_min: 0.5,
      herb_dose_max: 2,
    },
    'herb_id',
  );
  liquorice = await idOf(
    'herbs/insert',
    { herb_name: 'Liquorice', herb_caution_pregnancy: 1 },
    'herb_id',
  );
  await c('herbs/sync_caution_conditions', { herb_id: liquorice, relations: [hypertension] });
  stJohns = await idOf(
    'herbs/insert',
    { herb_name: "St John's wort", herb_caution_lactation: 1, herb_caution_min_age: 12 },
    'herb_id',
  );
  await c('herbs/sync_caution_drug_classes', { herb_id: stJohns, relations: [ssri] });
  valerianTincture = await idOf(
    'dispensary_products/insert',
    {
      dispensary_product_name: 'Valerian tincture',
      dispensary_product_unit_kind: 'volume',
      dispensary_product_herb_id: valerian,
    },
    'dispensary_product_id',
  );
  await receiveStock(c, valerianTincture, 1000, {
    batch_name: 'V-OLD',
    batch_expiry: daysFromToday(-2),
  });
  await receiveStock(c, valerianTincture, 40, { batch_name: 'V-NEW', batch_expiry: null });
  // A line of only a herb is dispensed from the herb's product (issue 43): these have stock.
  for (const [herb, name] of [
    [liquorice, 'Liquorice tincture'],
    [stJohns, "St John's wort tincture"],
  ] as const) {
    const product = await idOf(
      'dispensary_products/insert',
      {
        dispensary_product_name: name,
        dispensary_product_unit_kind: 'volume',
        dispensary_product_herb_id: herb,
      },
      'dispensary_product_id',
    );
    await receiveStock(c, product, 10_000, { batch_expiry: null });
  }
  patient = await idOf(
    'patients/insert',
    {
      patient_first_name: 'Rowan',
      patient_last_name: 'Safe',
      patient_dob: yearsAgo(30),
      patient_pregnant: 1,
      patient_breastfeeding: 1,
    },
    'patient_id',
  );
  await c('patients/sync_conditions', { patient_id: patient, relations: [hypertension] });
  // Medication as people write it: a medicine of the shipped list, mapped to its drug class.
  const taken = await c('patients/add_medication_named', {
    id: patient,
    name: 'sertraline',
  });
  expect(taken.result, text(taken)).toBe(true);
  child = await idOf(
    'patients/insert',
    { patient_first_name: 'Wren', patient_last_name: 'Safe', patient_dob: yearsAgo(8) },
    'patient_id',
  );
});

const herbLine = (herb: number, quantity: number) => ({
  prescription_line_herb_id: herb,
  prescription_line_quantity: quantity,
  prescription_line_unit_kind: 'volume',
});
const productLine = (product: number, quantity: number) => ({
  prescription_line_dispensary_product_id: product,
  prescription_line_quantity: quantity,
  prescription_line_unit_kind: 'volume',
});

async function prescription(patientId: number, lines: Row[], days = 10): Promise<number> {
  const id = await idOf(
    'prescriptions/insert',
    { prescription_patient_id: patientId, prescription_days: days },
    'prescription_id',
  );
  const saved = await c('prescriptions/save_lines', { prescription_id: id, lines });
  expect(saved.result, JSON.stringify(saved.messages)).toBe(true);
  return id;
}

/** The warnings the editor shows: the shared routine on the facts the server answers. */
async function warningsOf(id: number, lines: Row[]) {
  const facts = await c<SafetyFacts>('prescriptions/get_safety_facts', { prescription_id: id });
  expect(facts.result, JSON.stringify(facts.messages)).toBe(true);
  const row = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
  return prescriptionWarnings(lines, row, facts.data, 'metric');
}

describe('prescriptions/get_safety_facts and the warnings', () => {
  it('gives every kind of warning from data, beside its line', async () => {
    const lines = [
      productLine(valerianTincture, 30), // 3 ml a day of 0.5–2; expired batch; 40 ml usable
      herbLine(liquorice, 10),
      herbLine(stJohns, 10),
      herbLine(valerian, 20), // Valerian again (from its tincture), and 50 ml over 10 days in all
      productLine(valerianTincture, 20), // 70 ml of the tincture, 40 ml usable
    ];
    const id = await prescription(patient, lines);
    const kinds = (await warningsOf(id, lines)).map((w) => `${w.line} ${w.kind}`);
    expect(kinds).toEqual([
      '1 expired',
      '1 out_of_stock',
      '1 dose',
      '2 pregnancy',
      '2 condition',
      '3 lactation',
      '3 medication',
      '4 duplicate',
      '5 duplicate',
    ]);
    const [expired, short, dose] = await warningsOf(id, lines);
    expect(dose?.text).toBe(
      "Above the dose range: 70 ml over 10 days = 7 ml a day; Valerian's range is 0.5–2 ml a day.",
    );
    expect(expired?.text).toMatch(/^Valerian tincture: batch V-OLD expired on /);
    expect(short?.text).toBe('Not enough Valerian tincture in stock: 40 ml usable, 70 ml needed.');
  });

  it('warns of a child’s age, and of an empty formula', async () => {
    const lines = [herbLine(stJohns, 10)];
    const id = await prescription(child, lines);
    expect((await warningsOf(id, lines)).map((w) => w.text)).toEqual([
      "St John's wort: not for children under 12; the patient is 8.",
    ]);
    const empty = await prescription(child, []);
    expect((await warningsOf(empty, [])).map((w) => w.kind)).toEqual(['empty']);
  });

  it('answers the facts of herbs and products named while editing, not yet saved', async () => {
    const id = await prescription(child, []);
    const reply = await c<SafetyFacts>('prescriptions/get_safety_facts', {
      prescription_id: id,
      herb_ids: [liquorice],
      dispensary_product_ids: [valerianTincture],
    });
    expect(reply.data.herbs.map((h) => h.herb_name).sort()).toEqual(['Liquorice', 'Valerian']);
    expect(reply.data.products[0]?.batches.map((b) => b.batch_name)).toEqual(['V-NEW', 'V-OLD']); // first expiry first out: none first
    expect(reply.data.patient?.patient_dob).toBe(yearsAgo(8));
  });
});

describe('prescriptions/dispense with open warnings', () => {
  it('refuses without a reason, naming the warnings, and takes nothing', async () => {
    const id = await prescription(patient, [herbLine(liquorice, 10), herbLine(stJohns, 10)]);
    for (const reason of [undefined, '   ']) {
      const refused = await c('prescriptions/dispense', { prescription_id: id, reason });
      expect(refused.status).toBe(400);
      expect(text(refused)).toBe(
        'This formula has open warnings; give a reason to dispense it. ' +
          'line 1: Liquorice: avoid in pregnancy; the patient is pregnant. ' +
          "line 1: Liquorice: avoid with Hypertension, on the patient's record. " +
          "line 2: St John's wort: avoid while breastfeeding; the patient is breastfeeding. " +
          "line 2: St John's wort: interacts with Sertraline (SSRIs and other antidepressants), which the patient takes.",
      );
    }
    const row = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
    expect(row.prescription_status).toBe('draft');
  });

  it('dispenses with a reason, stores it and shows it in the patient’s history', async () => {
    const id = await prescription(patient, [herbLine(liquorice, 10)]);
    const reason = 'Discussed with her GP; two days only.';
    const done = await c<{ entity: Row }>('prescriptions/dispense', {
      prescription_id: id,
      reason,
    });
    expect(done.result, text(done)).toBe(true);
    expect(done.data.entity).toMatchObject({
      prescription_status: 'dispensed',
      prescription_dispense_reason: reason,
    });
    const formulas = await c<Row[]>('prescriptions/get_formulas', {
      prescription_patient_id: patient,
    });
    expect(formulas.data.find((f) => f.prescription_id === id)).toMatchObject({
      prescription_dispense_reason: reason,
    });
    const history = await c<AuditPage>('audit/get_patient_history', { patient_id: patient });
    const dispensed = history.data.lines.find(
      (l) => l.action === 'dispense' && l.entity_id === String(id),
    );
    expect(dispensed?.changes).toContainEqual(
      expect.objectContaining({ field: 'prescription_dispense_reason', after: reason }),
    );
  });

  it('needs no reason without warnings, and keeps none', async () => {
    const id = await prescription(child, [herbLine(liquorice, 10)]);
    const done = await c<{ entity: Row }>('prescriptions/dispense', {
      prescription_id: id,
      reason: 'not needed',
    });
    expect(done.result, text(done)).toBe(true);
    expect(done.data.entity.prescription_dispense_reason).toBe('');
  });

  it('leaves the stock’s warnings to the stock: expired batches skipped, short stock refused', async () => {
    const enough = await prescription(child, [productLine(valerianTincture, 10)], 10);
    const done = await c<{ batches: { quantity: number }[] }>('prescriptions/dispense', {
      prescription_id: enough,
    });
    expect(done.result, text(done)).toBe(true);
    expect(done.data.batches).toHaveLength(1); // from V-NEW, never the expired V-OLD
    const short = await prescription(child, [productLine(valerianTincture, 35)], 20);
    const refused = await c('prescriptions/dispense', { prescription_id: short, reason: 'x' });
    // Refused whatever the reason, naming the expired batch that does not count (issue 43).
    expect(text(refused)).toMatch(
      /^This formula can not be dispensed\. Line 1, Valerian tincture: batch V-OLD expired on \S+; it will not be dispensed\. Line 1: Not enough Valerian tincture in stock: 30 ml usable, 35 ml needed\.$/,
    );
  });
});

describe('allergies (issue 43): the herbs an allergy covers, directly or through a product', () => {
  let yarrow: number;
  let chamomileTincture: number;
  let allergic: number;

  beforeAll(async () => {
    const daisy = (
      await c<Row[]>('allergies/list', { filters: { search: '=Daisy family (Asteraceae)' } })
    ).data[0]?.allergy_id as number;
    expect(daisy).toBeGreaterThan(0); // every clinic starts with the family groups
    yarrow = await idOf('herbs/insert', { herb_name: 'Yarrow' }, 'herb_id');
    const chamomile = await idOf('herbs/insert', { herb_name: 'German chamomile' }, 'herb_id');
    for (const herb of [yarrow, chamomile]) {
      const linked = await c('herbs/sync_allergies', { herb_id: herb, relations: [daisy] });
      expect(linked.result, text(linked)).toBe(true);
    }
    chamomileTincture = await idOf(
      'dispensary_products/insert',
      {
        dispensary_product_name: 'German chamomile tincture',
        dispensary_product_unit_kind: 'volume',
        dispensary_product_herb_id: chamomile,
      },
      'dispensary_product_id',
    );
    await receiveStock(c, chamomileTincture, 500, { batch_name: 'C-1', batch_expiry: null });
    allergic = await idOf(
      'patients/insert',
      { patient_first_name: 'Daisy', patient_last_name: 'Allergic', patient_dob: yearsAgo(40) },
      'patient_id',
    );
    await c('patients/sync_allergies', { patient_id: allergic, relations: [daisy] });
  });

  it('warns beside the herb’s line and the product’s line, and not for other herbs', async () => {
    const lines = [
      herbLine(yarrow, 10),
      herbLine(valerian, 10),
      productLine(chamomileTincture, 20),
    ];
    const id = await prescription(allergic, lines);
    // (Yarrow has no product and Valerian's tincture an expired batch: not this test's concern.)
    const allergies = (await warningsOf(id, lines)).filter((w) => w.kind === 'allergy');
    expect(allergies.map((w) => [w.line, w.kind, w.text])).toEqual([
      [
        1,
        'allergy',
        'Yarrow: the patient is allergic to Daisy family (Asteraceae), which covers it.',
      ],
      [
        3,
        'allergy',
        'German chamomile: the patient is allergic to Daisy family (Asteraceae), which covers it.',
      ],
    ]);
  });

  it('refuses to dispense without a reason, and dispenses with one', async () => {
    const id = await prescription(allergic, [productLine(chamomileTincture, 20)]);
    const refused = await c('prescriptions/dispense', { prescription_id: id });
    expect(refused.status).toBe(400);
    expect(text(refused)).toContain(
      'line 1: German chamomile: the patient is allergic to Daisy family (Asteraceae)',
    );
    const reason = 'Tolerated chamomile tea for years; patch-tested.';
    const done = await c<{ entity: Row }>('prescriptions/dispense', {
      prescription_id: id,
      reason,
    });
    expect(done.result, text(done)).toBe(true);
    expect(done.data.entity).toMatchObject({
      prescription_status: 'dispensed',
      prescription_dispense_reason: reason,
    });
  });
});

describe('current medication as people write it (issue 43)', () => {
  it('links a medicine of the list by its name, and keeps an unknown one flagged for review', async () => {
    const someone = await idOf(
      'patients/insert',
      { patient_first_name: 'Ash', patient_last_name: 'Takes', patient_dob: yearsAgo(50) },
      'patient_id',
    );
    const warfarin = await c<{ relations: { id: number; label: string }[] }>(
      'patients/add_medication_named',
      { id: someone, name: 'WARFARIN' },
    );
    expect(warfarin.result, text(warfarin)).toBe(true);
    expect(warfarin.data.relations.map((r) => r.label)).toEqual(['Warfarin']);
    const unknown = await c<{ relations: { id: number; label: string }[] }>(
      'patients/add_medication_named',
      { id: someone, name: '  Dr Bach drops ' },
    );
    expect(unknown.result, text(unknown)).toBe(true);
    expect(unknown.data.relations.map((r) => r.label)).toEqual(['Dr Bach drops', 'Warfarin']);
    expect(text(unknown)).toBe(
      'Dr Bach drops is not mapped to a drug class, so the safety checks can not read it: ' +
        'kept, for review (Reference data › Medicines).',
    );
    expect(text(warfarin)).toBe('');
    const kept = await c<Row[]>('medicines/list', { filters: { search: '=Dr Bach drops' } });
    expect(kept.data).toMatchObject([
      { medicine_drug_class_id: null, medicine_review: 'Not mapped — for review' },
    ]);
    // Typed again, the same medicine: no second row.
    await c('patients/add_medication_named', {
      id: someone,
      name: 'dr bach DROPS',
    });
    const again = await c<Row[]>('medicines/list', { filters: { search: '=Dr Bach drops' } });
    expect(again.data).toHaveLength(1);
    const mapped = await c<Row[]>('medicines/list', { filters: { search: '=Warfarin' } });
    expect(mapped.data[0]?.medicine_review).toBe('');
  });

  it('reads the drug class through the medicine for the interaction warning', async () => {
    const ginkgo = await idOf('herbs/insert', { herb_name: 'Ginkgo' }, 'herb_id');
    const anticoagulants = (
      await c<Row[]>('drug_classes/list', {
        filters: { search: '=Anticoagulants and antiplatelets' },
      })
    ).data[0]?.drug_class_id as number;
    await c('herbs/sync_caution_drug_classes', { herb_id: ginkgo, relations: [anticoagulants] });
    await c('patients/add_medication_named', { id: child, name: 'Warfarin' });
    await c('patients/add_medication_named', { id: child, name: 'Mystery pill' });
    const lines = [herbLine(ginkgo, 10)];
    const id = await prescription(child, lines);
    const warnings = await warningsOf(id, lines);
    // Only the mapped medicine meets the herb's caution; the unmapped one is not guessed at.
    expect(warnings.filter((w) => w.kind === 'medication').map((w) => w.text)).toEqual([
      'Ginkgo: interacts with Warfarin (Anticoagulants and antiplatelets), which the patient takes.',
    ]);
  });

  it('needs the patients update privilege', async () => {
    const reader = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['patients/list'] })).token,
    );
    const tried = await reader('patients/add_medication_named', {
      id: patient,
      name: 'Warfarin',
    });
    expect(tried.status).toBe(403);
  });
});

describe('privileges and tenants', () => {
  it('needs the list privilege to read the facts, and the dispense one to give a reason', async () => {
    const id = await prescription(patient, [herbLine(liquorice, 10)]);
    const nobody = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['patients/list'] })).token,
    );
    expect((await nobody('prescriptions/get_safety_facts', { prescription_id: id })).status).toBe(
      403,
    );
    const editor = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['prescriptions/update'] })).token,
    );
    const tried = await editor('prescriptions/dispense', { prescription_id: id, reason: 'x' });
    expect(tried.status).toBe(403);
  });

  it("answers another company's prescription like a missing one", async () => {
    const id = await prescription(patient, [herbLine(liquorice, 10)]);
    const other = await newCompany(env.server, 'Other Clinic');
    const stranger = callerFor(env.server, other, await adminToken(env.server, other));
    const reply = await stranger('prescriptions/get_safety_facts', { prescription_id: id });
    const missing = await stranger('prescriptions/get_safety_facts', { prescription_id: 999_999 });
    expect([reply.status, text(reply).replace(String(id), 'N')]).toEqual([
      missing.status,
      text(missing).replace('999999', 'N'),
    ]);
    expect(reply.status).toBe(404);
  });
});
