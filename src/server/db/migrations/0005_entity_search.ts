/**
 * Search and ordering indexes of the entity tables. Each search column gets a trigram GIN index
 * led by company_id (btree_gin), serving the contains, exact and all-words filters; each table a
 * full-text index over its search columns for `~`; and a btree on (company_id, name, id) for the
 * default list order. Users get a stored `user_name` ("First Last") to sort and label by.
 * The column lists mirror the definitions' `list.search` (a test checks they agree).
 * Superseded in part by 0006: under row-level security the planner cannot use these indexes for
 * the app role (ILIKE and the trigram operators are not LEAKPROOF), so 0006 drops them and searches
 * a stored `search_text` column carried in the ordering index instead.
 */
import { searchDocumentSql } from '../../entities/search-sql';
import type { Migration } from '../migrate';

/** table, id column, name column, search columns */
const TABLES: ReadonlyArray<readonly [string, string, string, readonly string[]]> = [
  ['actions', 'action_id', 'action_name', ['action_name', 'action_description']],
  ['categories', 'category_id', 'category_label', ['category_label', 'category_key']],
  ['conditions', 'condition_id', 'condition_name', ['condition_name']],
  ['countries', 'country_id', 'country_name', ['country_name', 'country_code', 'country_alpha3']],
  ['diseases', 'disease_id', 'disease_name', ['disease_name', 'disease_icd10_code']],
  [
    'dispensary_products',
    'dispensary_product_id',
    'dispensary_product_name',
    ['dispensary_product_name', 'dispensary_product_supplier'],
  ],
  ['groups', 'group_id', 'group_name', ['group_name', 'group_key']],
  ['herbs', 'herb_id', 'herb_name', ['herb_name', 'herb_latin_name', 'herb_other_names']],
  [
    'locations',
    'location_id',
    'location_name',
    ['location_name', 'location_city', 'location_postcode'],
  ],
  ['modules', 'module_id', 'module_name', ['module_name', 'module_description']],
  ['organs', 'organ_id', 'organ_name', ['organ_name', 'organ_system']],
  ['partuseds', 'partused_id', 'partused_name', ['partused_name', 'partused_latin_name']],
  ['patientletters', 'patientletter_id', 'patientletter_name', ['patientletter_name']],
  [
    'patients',
    'patient_id',
    'patient_name',
    [
      'patient_first_name',
      'patient_last_name',
      'patient_email',
      'patient_postcode',
      'patient_reference_number',
    ],
  ],
  ['prescriptions', 'prescription_id', 'prescription_name', ['prescription_name']],
  ['products', 'product_id', 'product_name', ['product_name', 'product_code']],
  ['snippets', 'snippet_id', 'snippet_name', ['snippet_name']],
  ['specialisms', 'specialism_id', 'specialism_name', ['specialism_name']],
  ['symptoms', 'symptom_id', 'symptom_name', ['symptom_name']],
  [
    'users',
    'user_id',
    'user_name',
    ['user_first_name', 'user_last_name', 'user_email', 'user_reference_number'],
  ],
];

function indexes([table, id, name, search]: (typeof TABLES)[number]): string {
  const trigram = search.map(
    (column) =>
      `create index ${table}_${column}_trgm on ${table} using gin (company_id, (${column}::text) gin_trgm_ops);`,
  );
  return [
    `create index ${table}_order on ${table} (company_id, ${name}, ${id});`,
    ...trigram,
    `create index ${table}_fulltext on ${table} using gin (company_id, ${searchDocumentSql(search)});`,
  ].join('\n');
}

export const entitySearch: Migration = {
  name: '0005_entity_search',
  sql: `
alter table users add column user_name text
  generated always as (btrim(user_first_name || ' ' || user_last_name)) stored;
${TABLES.map(indexes).join('\n')}
`,
};

export const SEARCH_INDEX_TABLES = TABLES;
