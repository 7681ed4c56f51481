/**
 * Brings a company's module rows in line with the catalogue: adds missing modules (enabled, open
 * to the admin group), refreshes descriptions and essential flags, and fills settings keys that
 * are new with their defaults while keeping every value the clinic has set.
 */
import { ADMIN_GROUP_ID } from '../../shared/limits';
import { MODULES } from '../../shared/modules';
import { settingsTabsOf } from '../../shared/module-settings';
import { withDefaults } from '../../shared/settings';
import type { Tx } from '../db/tenancy';
import { notifyModuleChange } from './switches';

export async function syncModules(trx: Tx, companyId: number): Promise<void> {
  // Essential modules may be switched back on, new ones appear: caches must read them again.
  await notifyModuleChange(trx, companyId);
  const existing = await trx
    .selectFrom('modules')
    .select(['module_id', 'module_name', 'module_settings', 'module_public_settings'])
    .where('company_id', '=', companyId)
    .execute();
  const byName = new Map(existing.map((row) => [row.module_name, row]));
  for (const [order, definition] of MODULES.entries()) {
    const row = byName.get(definition.name);
    const tabs = settingsTabsOf(definition.name);
    const values = {
      module_description: definition.description,
      module_essential: definition.essential ? 1 : 0,
      module_order: order,
      module_settings: JSON.stringify(withDefaults(tabs, false, row?.module_settings)),
      module_public_settings: JSON.stringify(withDefaults(tabs, true, row?.module_public_settings)),
    };
    if (row) {
      await trx
        .updateTable('modules')
        .set({ ...values, ...(definition.essential ? { module_enabled: 1 } : {}) })
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
    await trx
      .insertInto('module_groups')
      .values({ company_id: companyId, module_id: inserted.module_id, group_id: ADMIN_GROUP_ID })
      .execute();
  }
}
