/**
 * What every new company starts with, written inside its creation transaction: the ISO country
 * list, the mandatory category roots (one per entity set filed by category), and the basic
 * parts used and herbal actions.
 */
import { sql } from 'kysely';
import countries from '../../shared/data/countries.json';
import { CATEGORY_ROOTS } from '../../shared/entities/options';
import type { Tx } from '../db/tenancy';
import type { Company } from '../domain/company';
import { ACTIONS, PARTS_USED } from './data/materia-basics';
import { insertRows } from './insert';

export async function seedCompany(trx: Tx, company: Company): Promise<void> {
  const id = company.company_id;
  await insertRows(
    trx,
    id,
    'countries',
    countries.map((c) => ({
      country_name: c.name,
      country_code: c.code,
      country_alpha3: c.alpha3,
    })),
  );
  await insertRows(
    trx,
    id,
    'categories',
    Object.entries(CATEGORY_ROOTS).map(([key, label], index) => ({
      category_key: key,
      category_label: label,
      category_parent: 0,
      category_order: index + 1,
      category_mandatory: 1,
      category_can_contain_children: 1,
      category_movable: 0,
      category_can_be_renamed: 1,
    })),
  );
  // A root is its own root.
  await sql`update categories set category_root = category_id
    where company_id = ${id} and category_parent = 0`.execute(trx);
  await insertRows(
    trx,
    id,
    'partuseds',
    PARTS_USED.map(([name, latin]) => ({ partused_name: name, partused_latin_name: latin })),
  );
  await insertRows(
    trx,
    id,
    'actions',
    ACTIONS.map(([name, description]) => ({ action_name: name, action_description: description })),
  );
}
