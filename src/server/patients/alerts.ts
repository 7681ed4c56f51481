/**
 * patients/get_alerts: the facts of a patient's alert banner (src/shared/patient-alerts.ts), read
 * in one statement for the patient screen and the screens of their prescriptions. It is a read of
 * the patient's record, so it needs the patients read privilege and is audited like `get`; another
 * company's patient answers 404 like a missing one.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { patients } from '../../shared/entities';
import type { PatientAlerts } from '../../shared/patient-alerts';
import type { Tx } from '../db/tenancy';
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';
import { idInput } from '../entities/payloads';
import { notFoundText } from '../entities/values';

export const alertsSchema = z.strictObject({ patient_id: idInput });

/** The banner's facts of one patient of the company, or undefined when it has none such. */
export async function findAlerts(
  db: Tx,
  company: number,
  patientId: number,
): Promise<PatientAlerts | undefined> {
  const result = await sql<PatientAlerts>`
    select p.patient_id::int as patient_id, p.patient_name,
      extract(year from age(current_date, p.patient_dob))::int as age_years,
      (extract(year from age(current_date, p.patient_dob)) * 12
        + extract(month from age(current_date, p.patient_dob)))::int as age_months,
      p.patient_pregnant = 1 as pregnant, p.patient_breastfeeding = 1 as breastfeeding,
      coalesce((select json_agg(json_build_object('id', a.allergy_id, 'name', a.allergy_name)
          order by a.allergy_name)
        from patient_allergies pa join allergies a
          on a.company_id = pa.company_id and a.allergy_id = pa.allergy_id
        where pa.company_id = p.company_id and pa.patient_id = p.patient_id), '[]') as allergies,
      coalesce((select json_agg(json_build_object('id', m.medicine_id, 'name', m.medicine_name,
            'drug_class', d.drug_class_name) order by m.medicine_name)
        from patient_medicines pm join medicines m
          on m.company_id = pm.company_id and m.medicine_id = pm.medicine_id
        left join drug_classes d
          on d.company_id = m.company_id and d.drug_class_id = m.medicine_drug_class_id
        where pm.company_id = p.company_id and pm.patient_id = p.patient_id), '[]') as medicines,
      coalesce((select json_agg(json_build_object('id', c.condition_id, 'name', c.condition_name)
          order by c.condition_name)
        from patient_conditions pc join conditions c
          on c.company_id = pc.company_id and c.condition_id = pc.condition_id
        where pc.company_id = p.company_id and pc.patient_id = p.patient_id
          and exists (select 1 from herb_caution_conditions h
            where h.company_id = pc.company_id and h.condition_id = pc.condition_id)), '[]')
        as caution_conditions
    from patients p where p.company_id = ${company} and p.patient_id = ${patientId}`.execute(db);
  return result.rows[0];
}

export async function readAlerts(ctx: CallContext, patientId: number): Promise<PatientAlerts> {
  const alerts = await findAlerts(ctx.trx, ctx.caller.company.company_id, patientId);
  if (!alerts) throw notFound(notFoundText(patients, patientId));
  await ctx.audit({ action: 'read', entity: patients.entities, entity_id: patientId });
  return alerts;
}
