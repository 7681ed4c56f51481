/** Module settings and administration calls; see src/server/api.ts. */
import { z } from 'zod';
import { defineCall, type CallDefinition } from '../http/calls';
import { refreshModuleList, setModuleEnabled } from './admin-service';
import { fieldField, moduleIdField } from './inputs';
import {
  enabledPublicSettings,
  productPublicSettings,
  resetToDefaults,
  updateSetting,
  visibleSettings,
} from './settings-service';

const none = z.strictObject({});
const moduleOnly = z.strictObject({ module_id: moduleIdField });
const settingChange = z.strictObject({
  module_id: moduleIdField,
  field: fieldField,
  value: z.unknown().optional(),
});
const UPDATE_SETTINGS = { privilege: 'modules/update_settings' };

export const moduleCalls: CallDefinition[] = [
  defineCall({
    path: 'modules/get_public_settings',
    access: 'public',
    input: none,
    handler: async (ctx) => ({
      data: await enabledPublicSettings(ctx.trx, ctx.caller.company.company_id),
    }),
  }),
  defineCall({
    path: 'modules/fetch_public_settings',
    access: 'public',
    input: none,
    handler: async (ctx) => ({
      data: await productPublicSettings(ctx.trx, ctx.caller.company.company_id),
    }),
  }),
  defineCall({
    path: 'modules/get_settings',
    access: 'user',
    input: none,
    handler: async (ctx) => ({
      data: await visibleSettings(ctx.trx, ctx.caller.company.company_id, ctx.user),
    }),
  }),
  defineCall({
    path: 'modules/reset_module_settings_to_default',
    access: UPDATE_SETTINGS,
    input: moduleOnly,
    handler: async (ctx, input) => ({
      data: await resetToDefaults(ctx, input.module_id),
      messages: [{ type: 's', text: 'The settings are back to their defaults.' }],
    }),
  }),
  defineCall({
    path: 'modules/update_module_list',
    access: UPDATE_SETTINGS,
    input: none,
    handler: async (ctx) => ({ data: await refreshModuleList(ctx) }),
  }),
  defineCall({
    path: 'modules/update_public_settings',
    access: UPDATE_SETTINGS,
    input: settingChange,
    handler: async (ctx, input) => ({
      data: { module_public_settings: await updateSetting(ctx, true, input) },
    }),
  }),
  defineCall({
    path: 'modules/update_settings',
    access: UPDATE_SETTINGS,
    input: settingChange,
    handler: async (ctx, input) => ({
      data: { module_settings: await updateSetting(ctx, false, input) },
    }),
  }),
  defineCall({
    path: 'modules/update_module_enabled',
    access: { privilege: 'modules/update_module_enabled' },
    input: z.strictObject({
      module_id: moduleIdField,
      module_enabled: z.union([z.literal(0), z.literal(1)], {
        error: 'Must be 1 (enabled) or 0 (disabled).',
      }),
    }),
    handler: async (ctx, input) => ({
      data: await setModuleEnabled(ctx, input.module_id, input.module_enabled),
    }),
  }),
];
