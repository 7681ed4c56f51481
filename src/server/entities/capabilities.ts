/** The capabilities an entity set has in this company: its definition's, less what its module switched off. */
import { effectiveCapabilities } from '../../shared/capabilities';
import type { Capabilities, EntityDefinition } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { settingsOf } from '../modules/present';
import { findModuleByName } from '../modules/repository';

export async function capabilitiesOf(
  ctx: CallContext,
  definition: EntityDefinition,
): Promise<Capabilities> {
  const row = await findModuleByName(ctx.trx, ctx.caller.company.company_id, definition.module);
  return effectiveCapabilities(definition, row ? settingsOf(row) : null);
}
