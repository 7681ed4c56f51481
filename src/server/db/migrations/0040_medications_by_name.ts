/**
 * Written by hand (data, not schema): a patient's current medication was a list of drug classes
 * (patient_drug_classes); it is now a list of medicines by name (patient_medicines, 0039), each
 * mapped to a drug class. Each class a patient of a clinic was linked to becomes one medicine of
 * the class's name, mapped to it, and the patient is linked to that medicine — so every existing
 * check reads the same class as before. The old link table then goes.
 */
import type { Migration } from '../migrate';

export const medicationsByName0040: Migration = {
  name: '0040_medications_by_name',
  sql: `
do $$
declare
  company bigint;
begin
  -- Per-company ids are numbered inside the company's tenant (tenant_next_id).
  for company in select distinct company_id from patient_drug_classes order by 1 loop
    perform set_config('app.company_id', company::text, true);
    insert into medicines (company_id, medicine_name, medicine_drug_class_id)
      select d.company_id, d.drug_class_name, d.drug_class_id
      from drug_classes d
      where d.company_id = company and exists (select from patient_drug_classes pd
        where pd.company_id = company and pd.drug_class_id = d.drug_class_id)
      order by d.drug_class_id;
  end loop;
  perform set_config('app.company_id', '', true);
end $$;

insert into patient_medicines (company_id, patient_id, medicine_id)
  select pd.company_id, pd.patient_id, m.medicine_id
  from patient_drug_classes pd join medicines m
    on m.company_id = pd.company_id and m.medicine_drug_class_id = pd.drug_class_id
    and m.medicine_name = (select d.drug_class_name from drug_classes d
      where d.company_id = pd.company_id and d.drug_class_id = pd.drug_class_id);

drop table patient_drug_classes;
`,
};
