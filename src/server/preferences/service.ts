/**
 * A user's own preferences per module: stored per (user, module), readable and writable
 * only by that user, for a module the user can see.
 */
import { moduleByName } from '../../shared/modules';
import type { CallContext } from '../http/calls';
import { checkPreferencesAllowed } from '../entities/capabilities';
import { badRequest, forbidden, notFound } from '../http/errors';
import { requireField, requireValue } from '../modules/inputs';
import { findModuleByName } from '../modules/repository';
import { canSeeModule } from '../modules/visibility';
import {
  deletePreferences,
  mergePreference,
  readPreferences,
  type PreferenceOwner,
  type Preferences,
} from './repository';
import { checkPreferenceField, checkPreferenceValue, PREFERENCES_MAX_BYTES } from './rules';

/** The (company, user, module) the call is about, once the module is known, its own and visible. */
async function ownerFor(ctx: CallContext, moduleName: string, moduleId: number) {
  const definition = moduleByName(moduleName);
  if (!definition) throw notFound(`There is no module named "${moduleName}".`);
  if (!canSeeModule(ctx.user, moduleName)) {
    throw forbidden(`You do not have access to the ${definition.label} module.`);
  }
  const companyId = ctx.caller.company.company_id;
  const row = await findModuleByName(ctx.trx, companyId, moduleName);
  if (!row || row.module_id !== moduleId) {
    throw notFound(`Module ${moduleId} is not the "${moduleName}" module.`);
  }
  const owner: PreferenceOwner = { companyId, userId: ctx.user.user_id, moduleId };
  return owner;
}

export async function myPreferences(
  ctx: CallContext,
  moduleName: string,
  moduleId: number,
): Promise<Preferences> {
  return readPreferences(ctx.trx, await ownerFor(ctx, moduleName, moduleId));
}

interface PreferenceChange {
  module_id: number;
  field?: string | undefined;
  value?: unknown;
}

export async function updateMyPreference(
  ctx: CallContext,
  moduleName: string,
  change: PreferenceChange,
): Promise<Preferences> {
  const field = requireField(change.field);
  checkPreferenceField(field);
  const value = requireValue(change.value);
  const owner = await ownerFor(ctx, moduleName, change.module_id);
  await checkPreferencesAllowed(ctx, moduleName);
  checkPreferenceValue(moduleName, field, value);
  const before = await readPreferences(ctx.trx, owner);
  const { preferences, size } = await mergePreference(ctx.trx, owner, field, value);
  if (size > PREFERENCES_MAX_BYTES) {
    // Thrown errors roll the transaction back, so the over-size merge is never kept.
    throw badRequest(
      `Your preferences for this module are full (at most ${PREFERENCES_MAX_BYTES / 1024} KB); reset them first.`,
    );
  }
  await ctx.audit({
    action: 'update_my_preference_for_module',
    entity: 'user_preferences',
    entity_id: `${owner.userId}/${owner.moduleId}`,
    before: { [field]: before[field] ?? null },
    after: { [field]: value },
  });
  return preferences;
}

export async function resetMyPreferences(
  ctx: CallContext,
  moduleName: string,
  moduleId: number,
): Promise<Preferences> {
  const owner = await ownerFor(ctx, moduleName, moduleId);
  const before = await readPreferences(ctx.trx, owner);
  await deletePreferences(ctx.trx, owner);
  await ctx.audit({
    action: 'reset_my_preferences_for_module',
    entity: 'user_preferences',
    entity_id: `${owner.userId}/${owner.moduleId}`,
    before,
    after: {},
  });
  return {};
}
