/**
 * When each patient was added, for the dashboard's "new patients per month". Patients that already
 * exist take the time of their audited insert when there is one (company by company, so that the
 * forced row-level security lets the update see the rows), else the time of this migration.
 */
import type { Migration } from '../migrate';

export const patientCreatedAt: Migration = {
  name: '0011_patient_created_at',
  sql: `
alter table patients add column patient_created_at timestamptz not null default now();
create index on patients (company_id, patient_created_at);
do $$
declare
  company bigint;
begin
  for company in select company_id from companies loop
    perform set_config('app.company_id', company::text, true);
    update patients p
      set patient_created_at = a.first_at
      from (
        select entity_id, min(at) as first_at from audit_log
        where company_id = company and entity = 'patients' and action = 'insert'
        group by entity_id
      ) a
      where p.company_id = company and a.entity_id = p.patient_id::text;
  end loop;
  perform set_config('app.company_id', '', true);
end $$;
`,
};
