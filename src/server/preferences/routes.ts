/**
 * The per-module preference calls `{module}/get_my_preferences_for_module`,
 * `{module}/update_my_preference_for_module` and `{module}/reset_my_preferences_for_module`.
 * Consulted before the entity resolver, so every other path answers undefined.
 */
import { z } from 'zod';
import { MODULES } from '../../shared/modules';
import { defineCall, type CallDefinition, type CallFamily } from '../http/calls';
import { fieldField, moduleIdField } from '../modules/inputs';
import { myPreferences, resetMyPreferences, updateMyPreference } from './service';

const VERBS = [
  'get_my_preferences_for_module',
  'update_my_preference_for_module',
  'reset_my_preferences_for_module',
] as const;
type Verb = (typeof VERBS)[number];

const PREFERENCE_PATH = new RegExp(`^([a-z][a-z0-9_]*)/(${VERBS.join('|')})$`);

const moduleOnly = z.strictObject({ module_id: moduleIdField });

function preferenceCall(moduleName: string, verb: Verb): CallDefinition {
  const path = `${moduleName}/${verb}`;
  switch (verb) {
    case 'get_my_preferences_for_module':
      return defineCall({
        path,
        access: 'user',
        input: moduleOnly,
        handler: async (ctx, input) => ({
          data: await myPreferences(ctx, moduleName, input.module_id),
        }),
      });
    case 'update_my_preference_for_module':
      return defineCall({
        path,
        access: 'user',
        input: z.strictObject({
          module_id: moduleIdField,
          field: fieldField,
          value: z.unknown().optional(),
        }),
        handler: async (ctx, input) => ({
          data: await updateMyPreference(ctx, moduleName, input),
        }),
      });
    case 'reset_my_preferences_for_module':
      return defineCall({
        path,
        access: 'user',
        input: moduleOnly,
        handler: async (ctx, input) => ({
          data: await resetMyPreferences(ctx, moduleName, input.module_id),
          messages: [{ type: 's', text: 'Your preferences for this module are reset.' }],
        }),
      });
  }
}

/** Built once for every catalogue module; other names get a call that says the module is unknown. */
const catalogueCalls = new Map<string, CallDefinition>(
  MODULES.flatMap((m) => VERBS.map((verb) => [`${m.name}/${verb}`, preferenceCall(m.name, verb)])),
);

export const preferenceCalls: CallFamily = {
  resolve(path) {
    const match = PREFERENCE_PATH.exec(path);
    if (!match) return undefined;
    const [, moduleName = '', verb] = match;
    return catalogueCalls.get(path) ?? preferenceCall(moduleName, verb as Verb);
  },
  paths: () => [...catalogueCalls.keys()],
};
