/** Module administration: re-reading the catalogue and switching modules on and off. */
import { ESSENTIAL_MODULE_TEXT } from '../../shared/modules';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { requireModule } from './lookup';
import { isEssential, presentModule, type ModuleView } from './present';
import { listModules, updateModule } from './repository';
import { syncModules } from './sync';

const summary = (modules: ModuleView[]) =>
  modules.map(({ module_id, module_name, module_enabled, module_essential }) => ({
    module_id,
    module_name,
    module_enabled,
    module_essential,
  }));

/** Brings the company's rows in line with the catalogue and answers the whole list. */
export async function refreshModuleList(ctx: CallContext): Promise<ModuleView[]> {
  const companyId = ctx.caller.company.company_id;
  const before = (await listModules(ctx.trx, companyId)).map(presentModule);
  await syncModules(ctx.trx, companyId);
  const after = (await listModules(ctx.trx, companyId)).map(presentModule);
  await ctx.audit({
    action: 'update_module_list',
    entity: 'modules',
    before: summary(before),
    after: summary(after),
  });
  return after;
}

export async function setModuleEnabled(
  ctx: CallContext,
  moduleId: number,
  enabled: 0 | 1,
): Promise<ModuleView> {
  const row = await requireModule(ctx, moduleId);
  if (enabled === 0 && isEssential(row)) throw badRequest(ESSENTIAL_MODULE_TEXT);
  const updated = await updateModule(ctx.trx, ctx.caller.company.company_id, row.module_id, {
    module_enabled: enabled,
  });
  await ctx.audit({
    action: 'update_module_enabled',
    entity: 'modules',
    entity_id: row.module_id,
    before: { module_enabled: row.module_enabled },
    after: { module_enabled: updated.module_enabled },
  });
  return presentModule(updated);
}
