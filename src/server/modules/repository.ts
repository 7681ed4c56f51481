/**
 * Typed queries on a company's module rows. Every query names the company as well: row-level
 * security would stop a miss, but the repository never relies on it alone.
 */
import { sql, type Selectable } from 'kysely';
import { SESSION_CHANNEL } from '../auth/channels';
import type { ModulesTable } from '../db/schema';
import type { Tx } from '../db/tenancy';

export type ModuleRow = Selectable<ModulesTable>;

/** The two settings columns: private (logged-in users) and public (readable before login). */
export type SettingsColumn = 'module_settings' | 'module_public_settings';

const MODULE_COLUMNS = [
  'module_id',
  'module_name',
  'module_description',
  'module_enabled',
  'module_essential',
  'module_settings',
  'module_public_settings',
  'module_order',
  'company_id',
] as const;

/** The company's module rows, every column the module calls answer with. */
export const modulesOf = (trx: Tx, companyId: number) =>
  trx.selectFrom('modules').select(MODULE_COLUMNS).where('company_id', '=', companyId);

export function listModules(
  trx: Tx,
  companyId: number,
  options: { enabledOnly?: boolean } = {},
): Promise<ModuleRow[]> {
  let query = modulesOf(trx, companyId).orderBy('module_order').orderBy('module_id');
  if (options.enabledOnly) query = query.where('module_enabled', '=', 1);
  return query.execute();
}

/** The row, locked for the rest of the transaction so that concurrent writes queue up. */
export function findModuleForUpdate(
  trx: Tx,
  companyId: number,
  moduleId: number,
): Promise<ModuleRow | undefined> {
  return modulesOf(trx, companyId).where('module_id', '=', moduleId).forUpdate().executeTakeFirst();
}

export function findModuleByName(
  trx: Tx,
  companyId: number,
  moduleName: string,
): Promise<ModuleRow | undefined> {
  return modulesOf(trx, companyId).where('module_name', '=', moduleName).executeTakeFirst();
}

export async function updateModule(
  trx: Tx,
  companyId: number,
  moduleId: number,
  changes: Partial<Record<SettingsColumn, object>> & { module_enabled?: number },
): Promise<ModuleRow> {
  const { module_settings, module_public_settings, module_enabled } = changes;
  // Servers keep the rows, settings included (module-cache.ts).
  await notifyModuleChange(trx, companyId);
  return trx
    .updateTable('modules')
    .set({
      ...(module_settings ? { module_settings: JSON.stringify(module_settings) } : {}),
      ...(module_public_settings
        ? { module_public_settings: JSON.stringify(module_public_settings) }
        : {}),
      ...(module_enabled === undefined ? {} : { module_enabled }),
    })
    .where('company_id', '=', companyId)
    .where('module_id', '=', moduleId)
    .returning(MODULE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Tells every server, at commit, that the company's module rows changed (module-cache.ts). */
export async function notifyModuleChange(trx: Tx, companyId: number): Promise<void> {
  await sql`select pg_notify(${SESSION_CHANNEL}, ${String(companyId)})`.execute(trx);
}
