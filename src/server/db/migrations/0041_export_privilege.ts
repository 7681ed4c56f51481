/**
 * Written by hand (data, not schema): exporting an entity set became a privilege of its own,
 * `{module}/export` (issue 43 #8). Until now `{module}/list` ("View and search") allowed it. So
 * that clinics see the least surprise, groups that may edit a set (`{module}/update`) keep
 * exporting it; view-only groups lose it; admins and `{module}/*` hold it without a row
 * (docs/decisions/0004-export-privilege.md). The module names are those of the
 * entity sets at the time, frozen here.
 */
import type { Migration } from '../migrate';

const ENTITY_MODULES = [
  'actions',
  'allergies',
  'batches',
  'categories',
  'conditions',
  'countries',
  'diseases',
  'dispensary_products',
  'drug_classes',
  'groups',
  'herbs',
  'locations',
  'medicines',
  'modules',
  'organs',
  'partuseds',
  'patientletters',
  'patients',
  'prescriptions',
  'products',
  'snippets',
  'specialisms',
  'symptoms',
  'users',
];

export const exportPrivilege0041: Migration = {
  name: '0041_export_privilege',
  sql: `
insert into group_privileges (company_id, group_id, privilege)
  select company_id, group_id, split_part(privilege, '/', 1) || '/export'
  from group_privileges
  where privilege in (${ENTITY_MODULES.map((m) => `'${m}/update'`).join(', ')})
on conflict do nothing;
`,
};
