/** The capabilities an entity set has in this company: its definition's, less what its module switched off. */
import { effectiveCapabilities, NO_PREFERENCES_TEXT } from '../../shared/capabilities';
import { entityByPath, type Capabilities, type EntityDefinition } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { forbidden } from '../http/errors';
import { settingsOf } from '../modules/present';

export async function capabilitiesOf(
  ctx: CallContext,
  definition: EntityDefinition,
): Promise<Capabilities> {
  const companyId = ctx.caller.company.company_id;
  const row = await ctx.services.moduleCache.row(ctx.trx, companyId, definition.module);
  return effectiveCapabilities(definition, row ? settingsOf(row) : null);
}

/** Preferences are refused for an entity module that does not allow them (by definition or setting). */
export async function checkPreferencesAllowed(ctx: CallContext, moduleName: string): Promise<void> {
  const definition = entityByPath(moduleName);
  if (definition && !(await capabilitiesOf(ctx, definition)).preferences) {
    throw forbidden(NO_PREFERENCES_TEXT);
  }
}
