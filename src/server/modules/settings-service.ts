/**
 * Reading and changing module settings. Public and private settings share one routine: the field
 * must be an item of the module's tabs with the matching public flag, and its value must meet the
 * item's rule (src/shared/settings.ts) before anything is written.
 */
import { PRODUCT_MODULE } from '../../shared/modules';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import {
  settingDefaults,
  settingItems,
  type SettingItem,
  type SettingsObject,
} from '../../shared/settings';
import { settingSchema } from '../../shared/setting-rules';
import type { CallContext } from '../http/calls';
import type { AuthUser } from '../domain/caller';
import { typeWords } from '../http/validation';
import { badRequest } from '../http/errors';
import type { Tx } from '../db/tenancy';
import { requireField, requireValue } from './inputs';
import { requireModule } from './lookup';
import { presentModule, publicSettingsOf, settingsOf, tabsOf, type ModuleView } from './present';
import { findModuleByName, listModules, updateModule, type SettingsColumn } from './repository';
import { canSeeModule } from './visibility';
import { PRICING_SETTINGS, repriceDrafts } from '../prescriptions/totals';
import { timeZoneOf } from '../diary/time-zone';

const columnOf = (isPublic: boolean): SettingsColumn =>
  isPublic ? 'module_public_settings' : 'module_settings';

/**
 * Public settings of every enabled module: what the landing page may read before login. The
 * product module's row also carries `clinic_time_zone`, the zone its `time_zone` setting means
 * ('' is the server's zone, which only the server knows), so that screens show instants in it.
 */
export async function enabledPublicSettings(trx: Tx, companyId: number) {
  const rows = await listModules(trx, companyId, { enabledOnly: true });
  return rows.map((row) => {
    const settings = publicSettingsOf(row);
    return {
      module_id: row.module_id,
      module_name: row.module_name,
      module_public_settings: settings,
      ...(row.module_name === PRODUCT_MODULE
        ? { clinic_time_zone: timeZoneOf(settings[TIME_ZONE_SETTING]) }
        : {}),
    };
  });
}

/** The product module's public settings; defaults when its row is somehow absent. */
export async function productPublicSettings(trx: Tx, companyId: number): Promise<SettingsObject> {
  const row = await findModuleByName(trx, companyId, PRODUCT_MODULE);
  return row
    ? publicSettingsOf(row)
    : settingDefaults(tabsOf({ module_name: PRODUCT_MODULE }), true);
}

/**
 * Private settings of the modules the user may see. Admins get every module, disabled ones too
 * (they switch them back on); others only enabled ones, as a disabled module refuses their calls.
 */
export async function visibleSettings(trx: Tx, companyId: number, user: AuthUser) {
  const rows = await listModules(trx, companyId, { enabledOnly: !user.is_admin });
  return rows
    .filter((row) => canSeeModule(user, row.module_name))
    .map((row) => ({
      module_id: row.module_id,
      module_name: row.module_name,
      module_settings: settingsOf(row),
    }));
}

export interface SettingChange {
  module_id: number;
  field?: string | undefined;
  value?: unknown;
}

/** The type a value of the item has before its finer rule (colour, e-mail, choice) applies. */
const expectedType = (item: SettingItem): 'number' | 'string' =>
  item.type === 'toggle' || item.type === 'number' ? 'number' : 'string';

function checkedValue(item: SettingItem, value: unknown) {
  if (typeof value !== expectedType(item)) {
    throw badRequest(`"${item.name}" must be ${typeWords(expectedType(item))}.`);
  }
  const parsed = settingSchema(item).safeParse(value);
  if (!parsed.success) {
    throw badRequest(`"${item.name}": ${parsed.error.issues.map((i) => i.message).join(' ')}`);
  }
  return parsed.data;
}

/** Sets one public or private setting; answers the module's complete settings of that kind. */
export async function updateSetting(
  ctx: CallContext,
  isPublic: boolean,
  change: SettingChange,
): Promise<SettingsObject> {
  const field = requireField(change.field);
  const row = await requireModule(ctx, change.module_id);
  const item = settingItems(tabsOf(row)).find((i) => i.name === field && i.public === isPublic);
  if (!item) {
    const kind = isPublic ? 'public setting' : 'setting';
    throw badRequest(`The "${row.module_name}" module has no ${kind} named "${field}".`);
  }
  const value = checkedValue(item, requireValue(change.value));
  const before = isPublic ? publicSettingsOf(row) : settingsOf(row);
  const after = { ...before, [field]: value };
  const column = columnOf(isPublic);
  const changes = isPublic ? { module_public_settings: after } : { module_settings: after };
  await updateModule(ctx.trx, ctx.caller.company.company_id, row.module_id, changes);
  if (row.module_name === PRODUCT_MODULE && PRICING_SETTINGS.has(field)) await repriceDrafts(ctx);
  await ctx.audit({
    action: isPublic ? 'update_public_settings' : 'update_settings',
    entity: 'modules',
    entity_id: row.module_id,
    before: { [column]: before },
    after: { [column]: after },
  });
  return after;
}

/**
 * The clinic's identity is not part of its look: resetting the product module's settings brings
 * back the default colours, units and currency but keeps the name and admin e-mail that the
 * landing page and mails show (they were set when the company was created).
 */
const KEPT_ON_RESET: Readonly<Record<string, readonly string[]>> = {
  [PRODUCT_MODULE]: ['company_name', 'admin_email'],
};

function defaultsKeepingIdentity(current: SettingsObject, isPublic: boolean, moduleName: string) {
  const defaults = settingDefaults(tabsOf({ module_name: moduleName }), isPublic);
  for (const key of KEPT_ON_RESET[moduleName] ?? []) {
    const kept = current[key];
    if (key in defaults && kept !== undefined) defaults[key] = kept;
  }
  return defaults;
}

export async function resetToDefaults(ctx: CallContext, moduleId: number) {
  const row = await requireModule(ctx, moduleId);
  const before = presentModule(row);
  const updated = await updateModule(ctx.trx, ctx.caller.company.company_id, row.module_id, {
    module_settings: defaultsKeepingIdentity(before.module_settings, false, row.module_name),
    module_public_settings: defaultsKeepingIdentity(
      before.module_public_settings,
      true,
      row.module_name,
    ),
  });
  const after = presentModule(updated);
  if (row.module_name === PRODUCT_MODULE) await repriceDrafts(ctx);
  await ctx.audit({
    action: 'reset_module_settings_to_default',
    entity: 'modules',
    entity_id: row.module_id,
    before: bothSettings(before),
    after: bothSettings(after),
  });
  return { module_id: after.module_id, ...bothSettings(after) };
}

const bothSettings = (view: ModuleView) => ({
  module_settings: view.module_settings,
  module_public_settings: view.module_public_settings,
});
