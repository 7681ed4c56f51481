/**
 * Brings a company's module rows in line with the catalogue: adds missing modules (enabled, open
 * to the admin group), refreshes descriptions, order and essential flags, and fills settings keys
 * that are new with their defaults while keeping every value the clinic has set. Runs for every
 * company when the server starts (a module added to the catalogue reaches existing clinics then),
 * when a company is created, and from "Refresh module list". A row already in line is not
 * written, so a second run changes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { MODULES, type ModuleDefinition } from '../../shared/modules';
import { settingsTabsOf } from '../../shared/module-settings';
import { withDefaults } from '../../shared/settings';
import type { DB } from '../db/schema';
import { inTenant, type Tx } from '../db/tenancy';
import { notifyModuleChange } from './repository';

interface StoredModule {
  module_id: number;
  module_name: string;
  module_description: string;
  module_essential: number;
  module_enabled: number;
  module_order: number;
  module_settings: Record<string, unknown>;
  module_public_settings: Record<string, unknown>;
}

/** The columns the catalogue decides for a module, given its stored row (if any). */
function catalogueValues(definition: ModuleDefinition, order: number, row?: StoredModule) {
  const tabs = settingsTabsOf(definition.name);
  return {
    module_description: definition.description,
    module_essential: definition.essential ? 1 : 0,
    module_order: order,
    module_settings: JSON.stringify(withDefaults(tabs, false, row?.module_settings)),
    module_public_settings: JSON.stringify(withDefaults(tabs, true, row?.module_public_settings)),
    // Essential modules may not stay switched off.
    ...(definition.essential ? { module_enabled: 1 } : {}),
  };
}

/** Settings (JSON) compare by value: jsonb keeps its keys in an order of its own. */
const same = (stored: unknown, wanted: unknown) =>
  typeof stored === 'object' && typeof wanted === 'string'
    ? isDeepStrictEqual(stored, JSON.parse(wanted))
    : stored === wanted;

const inLine = (row: StoredModule, values: Record<string, unknown>) =>
  Object.entries(values).every(([column, value]) => same(row[column as keyof StoredModule], value));

/** Syncs one company's modules; true when a row was added or changed. */
export async function syncModules(trx: Tx, companyId: number): Promise<boolean> {
  const existing: StoredModule[] = await trx
    .selectFrom('modules')
    .select([
      'module_id',
      'module_name',
      'module_description',
      'module_essential',
      'module_enabled',
      'module_order',
      'module_settings',
      'module_public_settings',
    ])
    .where('company_id', '=', companyId)
    .execute();
  const byName = new Map(existing.map((row) => [row.module_name, row]));
  let changed = false;
  for (const [order, definition] of MODULES.entries()) {
    const row = byName.get(definition.name);
    const values = catalogueValues(definition, order, row);
    if (row) {
      if (inLine(row, values)) continue;
      changed = true;
      await trx
        .updateTable('modules')
        .set(values)
        .where('company_id', '=', companyId)
        .where('module_id', '=', row.module_id)
        .execute();
      continue;
    }
    // Two admins refreshing at once may both see the module missing: the second insert then
    // does nothing instead of failing the call.
    const inserted = await trx
      .insertInto('modules')
      .values({ company_id: companyId, module_name: definition.name, module_enabled: 1, ...values })
      .onConflict((oc) => oc.columns(['company_id', 'module_name']).doNothing())
      .returning('module_id')
      .executeTakeFirst();
    if (!inserted) continue;
    changed = true;
    await trx
      .insertInto('module_groups')
      .values({ company_id: companyId, module_id: inserted.module_id, group_id: ADMIN_GROUP_ID })
      .execute();
  }
  // Essential modules may be switched back on, new ones appear: caches must read them again.
  if (changed) await notifyModuleChange(trx, companyId);
  return changed;
}

/** Syncs every company, each in its own transaction; answers how many changed. */
export async function syncAllCompanies(db: Kysely<DB>): Promise<number> {
  const companies = await db.selectFrom('companies').select('company_id').execute();
  let changed = 0;
  for (const { company_id } of companies)
    if (await inTenant(db, company_id, (trx) => syncModules(trx, company_id))) changed += 1;
  return changed;
}
