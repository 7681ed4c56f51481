/**
 * What every new company starts with, written inside its creation transaction: the ISO country
 * list, the mandatory category roots (one per entity set filed by category), and the starting
 * lists of ./data/starting-rows.ts (parts used, herbal actions, …) and the medicines of
 * ./data/medicines.ts, mapped to their drug classes.
 */
import { sql } from 'kysely';
import countries from '../../shared/data/countries.json';
import { entityByPath } from '../../shared/entities';
import { CATEGORY_ROOTS } from '../../shared/entities/options';
import type { Tx } from '../db/tenancy';
import type { Company } from '../domain/company';
import { MEDICINES } from './data/medicines';
import { STARTING_ROWS } from './data/starting-rows';
import { idsOf, insertRows } from './insert';

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
  for (const [entities, rows] of STARTING_ROWS) {
    const table = entityByPath(entities)?.table;
    if (!table) throw new Error(`Starting rows name unknown entity set "${entities}".`);
    await insertRows(trx, id, table, rows);
  }
  // Medicines name their drug class, so they follow the starting drug classes.
  const classes = await sql<{ id: string; name: string }>`select drug_class_id as id,
      drug_class_name as name from drug_classes where company_id = ${id}`.execute(trx);
  const classIds = new Map(classes.rows.map((r) => [r.name, Number(r.id)]));
  await insertRows(
    trx,
    id,
    'medicines',
    MEDICINES.map(([name, drugClass]) => ({
      medicine_name: name,
      medicine_drug_class_id: idsOf(classIds, [drugClass], 'drug class')[0] ?? null,
    })),
  );
}
