/**
 * Clinic entities: patients, herbs, dispensary products, products, prescriptions with
 * their lines, patient letters, snippets, and the many-to-many links between them. Quantities are
 * numeric in the base unit of their kind (mg, ml); money is numeric in the company currency.
 * Records that others still point at (a patient's prescriptions, a herb in stock) can not be
 * deleted; links and filing (category, location, country) give way.
 */
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

const owned = 'company_id bigint not null references companies on delete cascade';
const amount = (column: string, nullable = false) =>
  nullable
    ? `${column} numeric check (${column} >= 0)`
    : `${column} numeric not null default 0 check (${column} >= 0)`;
const unitKind = (column: string) =>
  `${column} text not null default 'volume' check (${column} in ('weight', 'volume'))`;
const form = (column: string) =>
  `${column} text not null default 'tincture' check (${column} in ('tincture', 'dried', 'powder', 'capsules'))`;
/** A reference that clears itself when the row it names is deleted. */
const filedUnder = (column: string, table: string) =>
  `foreign key (company_id, ${column}) references ${table} on delete set null (${column})`;

function linkTable(table: string, own: [string, string], other: [string, string]): string {
  return `
create table ${table} (
  company_id bigint not null,
  ${own[1]} bigint not null,
  ${other[1]} bigint not null,
  primary key (company_id, ${own[1]}, ${other[1]}),
  foreign key (company_id, ${own[1]}) references ${own[0]} on delete cascade,
  foreign key (company_id, ${other[1]}) references ${other[0]} on delete cascade
);
create index on ${table} (company_id, ${other[1]});
${tenantTableSql(table)}`;
}

const herbLinks = (
  [
    ['partuseds', 'partused_id'],
    ['actions', 'action_id'],
    ['conditions', 'condition_id'],
    ['diseases', 'disease_id'],
    ['organs', 'organ_id'],
    ['specialisms', 'specialism_id'],
    ['symptoms', 'symptom_id'],
  ] as const
).map(([table, key]) => linkTable(`herb_${table}`, ['herbs', 'herb_id'], [table, key]));

export const clinicEntities: Migration = {
  name: '0004_clinic_entities',
  sql: `
create table patients (
  ${owned},
  patient_id bigint not null,
  patient_title text not null default '',
  patient_first_name text not null,
  patient_last_name text not null,
  patient_name text generated always as
    (btrim(patient_last_name || ', ' || patient_first_name, ', ')) stored,
  patient_dob date,
  patient_sex text not null default '',
  patient_gender text not null default '',
  patient_occupation text not null default '',
  patient_email text not null default '',
  patient_phone text not null default '',
  patient_mobile text not null default '',
  patient_preferred_contact text not null default 'Email',
  patient_address_line1 text not null default '',
  patient_address_line2 text not null default '',
  patient_city text not null default '',
  patient_county text not null default '',
  patient_postcode text not null default '',
  patient_country_id bigint,
  patient_location_id bigint,
  patient_reference_number text not null default '',
  patient_category_id bigint,
  patient_notes text not null default '',
  primary key (company_id, patient_id),
  ${filedUnder('patient_country_id', 'countries')},
  ${filedUnder('patient_location_id', 'locations')},
  ${filedUnder('patient_category_id', 'categories')}
);
create index on patients (company_id, patient_dob);
${tenantTableSql('patients', 'patient_id')}

create table herbs (
  ${owned},
  herb_id bigint not null,
  herb_name text not null,
  herb_latin_name text not null default '',
  herb_family text not null default '',
  herb_other_names text not null default '',
  herb_indications text not null default '',
  herb_cautions text not null default '',
  ${unitKind('herb_dose_unit_kind')},
  ${amount('herb_dose_min', true)},
  ${amount('herb_dose_max', true)},
  herb_category_id bigint,
  herb_notes text not null default '',
  primary key (company_id, herb_id),
  ${filedUnder('herb_category_id', 'categories')}
);
${tenantTableSql('herbs', 'herb_id')}
${herbLinks.join('\n')}

create table dispensary_products (
  ${owned},
  dispensary_product_id bigint not null,
  dispensary_product_name text not null,
  dispensary_product_herb_id bigint,
  dispensary_product_partused_id bigint,
  ${form('dispensary_product_form')},
  dispensary_product_strength text not null default '',
  ${unitKind('dispensary_product_unit_kind')},
  ${amount('dispensary_product_stock')},
  ${amount('dispensary_product_reorder_level')},
  ${amount('dispensary_product_cost')},
  ${amount('dispensary_product_price')},
  dispensary_product_supplier text not null default '',
  dispensary_product_category_id bigint,
  primary key (company_id, dispensary_product_id),
  foreign key (company_id, dispensary_product_herb_id) references herbs on delete restrict,
  ${filedUnder('dispensary_product_partused_id', 'partuseds')},
  ${filedUnder('dispensary_product_category_id', 'categories')}
);
create index on dispensary_products (company_id, dispensary_product_herb_id);
${tenantTableSql('dispensary_products', 'dispensary_product_id')}

create table products (
  ${owned},
  product_id bigint not null,
  product_name text not null,
  product_code text not null default '',
  product_description text not null default '',
  ${amount('product_price')},
  product_stock integer not null default 0 check (product_stock >= 0),
  product_category_id bigint,
  primary key (company_id, product_id),
  ${filedUnder('product_category_id', 'categories')}
);
${tenantTableSql('products', 'product_id')}

create table prescriptions (
  ${owned},
  prescription_id bigint not null,
  prescription_name text not null default '',
  prescription_patient_id bigint not null,
  prescription_date date not null default current_date,
  prescription_user_id bigint,
  ${form('prescription_form')},
  prescription_dose_instructions text not null default '',
  prescription_days integer check (prescription_days > 0),
  prescription_status text not null default 'draft'
    check (prescription_status in ('draft', 'dispensed')),
  ${amount('prescription_total_price')},
  prescription_notes text not null default '',
  primary key (company_id, prescription_id),
  foreign key (company_id, prescription_patient_id) references patients on delete restrict,
  ${filedUnder('prescription_user_id', 'users')}
);
create index on prescriptions (company_id, prescription_patient_id, prescription_date);
create index on prescriptions (company_id, prescription_date);
${tenantTableSql('prescriptions', 'prescription_id')}

create table prescription_lines (
  company_id bigint not null,
  prescription_line_id bigint not null,
  prescription_id bigint not null,
  prescription_line_order integer not null default 0,
  prescription_line_herb_id bigint,
  prescription_line_dispensary_product_id bigint,
  ${amount('prescription_line_quantity')},
  ${unitKind('prescription_line_unit_kind')},
  ${amount('prescription_line_price')},
  prescription_line_notes text not null default '',
  primary key (company_id, prescription_line_id),
  foreign key (company_id, prescription_id) references prescriptions on delete cascade,
  foreign key (company_id, prescription_line_herb_id) references herbs on delete restrict,
  foreign key (company_id, prescription_line_dispensary_product_id)
    references dispensary_products on delete restrict,
  check (prescription_line_herb_id is not null or prescription_line_dispensary_product_id is not null)
);
create index on prescription_lines (company_id, prescription_id, prescription_line_order);
create index on prescription_lines (company_id, prescription_line_herb_id);
create index on prescription_lines (company_id, prescription_line_dispensary_product_id);
${tenantTableSql('prescription_lines', 'prescription_line_id')}

create table snippets (
  ${owned},
  snippet_id bigint not null,
  snippet_order integer not null default 0,
  snippet_name text not null,
  snippet_body text not null default '',
  snippet_category_id bigint,
  primary key (company_id, snippet_id),
  ${filedUnder('snippet_category_id', 'categories')}
);
${tenantTableSql('snippets', 'snippet_id')}

create table patientletters (
  ${owned},
  patientletter_id bigint not null,
  patientletter_name text not null,
  patientletter_patient_id bigint not null,
  patientletter_date date not null default current_date,
  patientletter_user_id bigint,
  patientletter_body text not null default '',
  primary key (company_id, patientletter_id),
  foreign key (company_id, patientletter_patient_id) references patients on delete restrict,
  ${filedUnder('patientletter_user_id', 'users')}
);
create index on patientletters (company_id, patientletter_patient_id, patientletter_date);
${tenantTableSql('patientletters', 'patientletter_id')}

${linkTable('patient_conditions', ['patients', 'patient_id'], ['conditions', 'condition_id'])}
${linkTable('patient_symptoms', ['patients', 'patient_id'], ['symptoms', 'symptom_id'])}
${linkTable('patientletter_snippets', ['patientletters', 'patientletter_id'], ['snippets', 'snippet_id'])}
`,
};
