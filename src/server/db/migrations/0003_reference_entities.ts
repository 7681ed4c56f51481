/**
 * Reference entities: the category tree, countries, the reference lists linked to herbs and
 * patients, and clinic locations. Every table is a tenant table (company_id leads every key,
 * row-level security forced, ids numbered per company).
 */
import type { Migration } from '../migrate';
import { tenantTableSql } from '../tenant-sql';

const toggle = (column: string, fallback: 0 | 1) =>
  `${column} smallint not null default ${fallback} check (${column} in (0, 1))`;

/** A list with a name, a description and a few text columns of its own. */
function referenceList(table: string, base: string, extraColumns: string[] = []): string {
  const extras = extraColumns.map((c) => `  ${c} text not null default '',\n`).join('');
  return `
create table ${table} (
  company_id bigint not null references companies on delete cascade,
  ${base}_id bigint not null,
  ${base}_name text not null,
${extras}  ${base}_description text not null default '',
  primary key (company_id, ${base}_id)
);
${tenantTableSql(table, `${base}_id`)}`;
}

export const referenceEntities: Migration = {
  name: '0003_reference_entities',
  sql: `
create extension if not exists btree_gin;

create table categories (
  company_id bigint not null references companies on delete cascade,
  category_id bigint not null,
  category_key text not null default '',
  category_label text not null,
  category_parent bigint not null default 0 check (category_parent >= 0),
  category_root bigint not null default 0,
  category_order integer not null default 0,
  ${toggle('category_mandatory', 0)},
  ${toggle('category_can_contain_children', 1)},
  ${toggle('category_movable', 1)},
  ${toggle('category_can_be_renamed', 1)},
  primary key (company_id, category_id),
  check (category_parent <> category_id)
);
create unique index categories_category_key_key on categories (company_id, category_key)
  where category_key <> '';
create index categories_parent on categories (company_id, category_parent, category_order);
${tenantTableSql('categories', 'category_id')}

create table countries (
  company_id bigint not null references companies on delete cascade,
  country_id bigint not null,
  country_name text not null,
  country_code text not null,
  country_alpha3 text not null default '',
  primary key (company_id, country_id),
  unique (company_id, country_code)
);
${tenantTableSql('countries', 'country_id')}
${referenceList('actions', 'action')}
${referenceList('conditions', 'condition')}
${referenceList('diseases', 'disease', ['disease_icd10_code'])}
${referenceList('symptoms', 'symptom')}
${referenceList('organs', 'organ', ['organ_system'])}
${referenceList('specialisms', 'specialism')}
${referenceList('partuseds', 'partused', ['partused_latin_name'])}

create table locations (
  company_id bigint not null references companies on delete cascade,
  location_id bigint not null,
  location_order integer not null default 0,
  location_name text not null,
  location_address_line1 text not null default '',
  location_address_line2 text not null default '',
  location_city text not null default '',
  location_postcode text not null default '',
  location_country_id bigint,
  location_phone text not null default '',
  location_email text not null default '',
  location_notes text not null default '',
  primary key (company_id, location_id),
  foreign key (company_id, location_country_id) references countries
    on delete set null (location_country_id)
);
${tenantTableSql('locations', 'location_id')}
`,
};
