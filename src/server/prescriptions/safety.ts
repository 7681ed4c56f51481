/**
 * The facts a prescription's safety warnings are computed from (src/shared/prescription-safety.ts):
 * its patient's record, the herbs and products of its lines (and of lines still being edited) and
 * those products' batches — read in a few set queries, for prescriptions/get_safety_facts and for
 * the check prescriptions/dispense makes before it takes any stock.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { textRule } from '../../shared/entities/rules';
import {
  MAX_PRESCRIPTION_LINES,
  type PrescriptionLine,
} from '../../shared/entities/prescription-lines';
import { prescriptionWarnings, type SafetyWarning } from '../../shared/prescription-safety';
import type {
  SafetyFacts,
  SafetyHerb,
  SafetyProduct,
} from '../../shared/prescription-safety-facts';
import type { CallContext } from '../http/calls';
import { companyUnits } from '../modules/company-units';
import { idInput, idList } from '../entities/payloads';
import type { Row } from '../entities/repository';
import { readLines, requirePrescription } from './lines';

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

/**
 * prescriptions/get_safety_facts: the facts of a prescription's patient, of the herbs and products
 * of its saved lines and of those named here (lines being edited, not saved yet).
 */
export const safetyFactsSchema = z.strictObject({
  prescription_id: idInput,
  herb_ids: idList(MAX_PRESCRIPTION_LINES).default([]),
  dispensary_product_ids: idList(MAX_PRESCRIPTION_LINES).default([]),
});

/** prescriptions/dispense: the reason is needed only while the formula has open warnings. */
export const dispenseSchema = z.strictObject({
  prescription_id: idInput,
  reason: textRule(1000, false).default(''),
});

/**
 * The patient's part of the facts: pregnancy, breastfeeding, conditions, allergies and the drug
 * classes of the medicines they take ("Warfarin (Anticoagulants …)"; unmapped ones have none).
 */
const patientFacts = (company: number, patientId: number) => sql<SafetyFacts['patient']>`
  select p.patient_dob::text as patient_dob, p.patient_pregnant, p.patient_breastfeeding,
    coalesce((select json_agg(json_build_object('id', c.condition_id, 'name', c.condition_name)
        order by c.condition_name)
      from patient_conditions pc join conditions c
        on c.company_id = pc.company_id and c.condition_id = pc.condition_id
      where pc.company_id = p.company_id and pc.patient_id = p.patient_id), '[]') as conditions,
    coalesce((select json_agg(json_build_object('id', d.drug_class_id, 'name',
          case when m.medicine_name = d.drug_class_name then m.medicine_name
            else m.medicine_name || ' (' || d.drug_class_name || ')' end)
        order by m.medicine_name)
      from patient_medicines pm join medicines m
        on m.company_id = pm.company_id and m.medicine_id = pm.medicine_id
      join drug_classes d
        on d.company_id = m.company_id and d.drug_class_id = m.medicine_drug_class_id
      where pm.company_id = p.company_id and pm.patient_id = p.patient_id), '[]') as medications,
    coalesce((select json_agg(json_build_object('id', a.allergy_id, 'name', a.allergy_name)
        order by a.allergy_name)
      from patient_allergies pa join allergies a
        on a.company_id = pa.company_id and a.allergy_id = pa.allergy_id
      where pa.company_id = p.company_id and pa.patient_id = p.patient_id), '[]') as allergies
  from patients p where p.company_id = ${company} and p.patient_id = ${patientId}`;

/**
 * The products named (or, by `herb`, the products of the herbs named), each with its batches
 * holding stock, soonest expiry first.
 */
const productFacts = (
  company: number,
  ids: readonly number[],
  by: 'product' | 'herb' = 'product',
) =>
  sql<SafetyProduct>`
  select p.dispensary_product_id, p.dispensary_product_name, p.dispensary_product_herb_id,
    p.dispensary_product_unit_kind,
    coalesce((select json_agg(json_build_object('batch_name', b.batch_name,
        'batch_expiry', b.batch_expiry::text, 'batch_quantity', b.batch_quantity::float8)
        order by b.batch_expiry nulls first, b.batch_id)
      from batches b where b.company_id = p.company_id
        and b.batch_dispensary_product_id = p.dispensary_product_id
        and b.batch_quantity > 0), '[]') as batches
  from dispensary_products p
  where p.company_id = ${company}
    and ${sql.ref(by === 'herb' ? 'p.dispensary_product_herb_id' : 'p.dispensary_product_id')}
      = any(${[...ids]}::bigint[])`;

/** The herbs named or made into the products named: dose range, cautions, allergy groups. */
const herbFacts = (company: number, herbIds: readonly number[], productIds: readonly number[]) =>
  sql<SafetyHerb>`
  select h.herb_id, h.herb_name, h.herb_dose_unit_kind,
    h.herb_dose_min::float8 as herb_dose_min, h.herb_dose_max::float8 as herb_dose_max,
    h.herb_caution_pregnancy, h.herb_caution_lactation, h.herb_caution_min_age,
    array(select c.condition_id::int from herb_caution_conditions c
      where c.company_id = h.company_id and c.herb_id = h.herb_id) as caution_condition_ids,
    array(select d.drug_class_id::int from herb_caution_drug_classes d
      where d.company_id = h.company_id and d.herb_id = h.herb_id) as caution_drug_class_ids,
    array(select a.allergy_id::int from herb_allergies a
      where a.company_id = h.company_id and a.herb_id = h.herb_id) as allergy_ids
  from herbs h
  where h.company_id = ${company}
    and (h.herb_id = any(${[...herbIds]}::bigint[])
      or h.herb_id in (select p.dispensary_product_herb_id from dispensary_products p
        where p.company_id = ${company}
          and p.dispensary_product_id = any(${[...productIds]}::bigint[])))`;

const unique = (values: ReadonlyArray<number | null | undefined>): number[] => [
  ...new Set(values.filter((v): v is number => typeof v === 'number')),
];

/**
 * The facts for a prescription row, its saved lines and the ids of lines being edited: one
 * statement (dispensing waits for it, so round trips count), each part as JSON.
 */
async function factsFor(
  ctx: CallContext,
  row: Row,
  lines: readonly PrescriptionLine[],
  extra: { herb_ids: readonly number[]; dispensary_product_ids: readonly number[] },
): Promise<SafetyFacts> {
  const company = companyOf(ctx);
  const productIds = unique([
    ...lines.map((l) => l.prescription_line_dispensary_product_id),
    ...extra.dispensary_product_ids,
  ]);
  const herbIds = unique([...lines.map((l) => l.prescription_line_herb_id), ...extra.herb_ids]);
  const patientId = row.prescription_patient_id as number;
  const result = await sql<SafetyFacts>`select current_date::text as today,
      (select row_to_json(x) from (${patientFacts(company, patientId)}) x) as patient,
      coalesce((select json_agg(x) from (${herbFacts(company, herbIds, productIds)}) x), '[]')
        as herbs,
      coalesce((select json_agg(x) from (${productFacts(company, productIds)}) x), '[]')
        as products,
      coalesce((select json_agg(x) from (${productFacts(company, herbIds, 'herb')}) x), '[]')
        as herb_products`.execute(ctx.trx);
  const facts = result.rows[0]!;
  return { ...facts, patient: facts.patient ?? null };
}

/** prescriptions/get_safety_facts: everything the editor's warnings need, in one reply. */
export async function readSafetyFacts(
  ctx: CallContext,
  input: { prescription_id: number; herb_ids: number[]; dispensary_product_ids: number[] },
): Promise<SafetyFacts> {
  const row = await requirePrescription(ctx, input.prescription_id);
  return factsFor(ctx, row, await readLines(ctx, input.prescription_id), input);
}

/**
 * The warnings a prescription's saved lines have open now, as the editor shows them, and the
 * facts they come from (dispensing resolves lines of only a herb on the same facts).
 */
export async function openWarnings(
  ctx: CallContext,
  row: Row,
  lines: readonly PrescriptionLine[],
): Promise<{ warnings: SafetyWarning[]; facts: SafetyFacts }> {
  const facts = await factsFor(ctx, row, lines, { herb_ids: [], dispensary_product_ids: [] });
  const { unitSystem } = await companyUnits(ctx.trx, companyOf(ctx));
  return { warnings: prescriptionWarnings(lines, row, facts, unitSystem), facts };
}
