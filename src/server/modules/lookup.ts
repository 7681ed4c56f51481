/** Finding the module a call names; another company's module answers exactly like a missing one. */
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';
import { findModuleForUpdate, type ModuleRow } from './repository';

export async function requireModule(ctx: CallContext, moduleId: number): Promise<ModuleRow> {
  const row = await findModuleForUpdate(ctx.trx, ctx.caller.company.company_id, moduleId);
  if (!row) throw notFound(`There is no module with id ${moduleId}.`);
  return row;
}
