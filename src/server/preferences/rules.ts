/**
 * What a preference may hold. Any JSON value, within size limits, under a plain field name; a few
 * fields that other screens read have a shape of their own (favourites: a list of
 * `{to, label, module_id}`).
 */
import { z } from 'zod';
import { maxLengthText } from '../../shared/limits';
import { PRODUCT_MODULE } from '../../shared/modules';
import { badRequest } from '../http/errors';
import { RESERVED_NAMES } from '../http/input-guard';
import { describeError } from '../http/validation';

const PREFERENCE_FIELD = /^[a-z_][a-z0-9_]{0,63}$/;
const PREFERENCE_VALUE_MAX_BYTES = 64 * 1024;
/** All of one user's preferences for one module; stops a loop of new field names filling a row. */
export const PREFERENCES_MAX_BYTES = 1024 * 1024;
const FAVOURITES_MAX = 100;
const FAVOURITE_LABEL_MAX = 100;

const favourite = z.strictObject({
  to: z.string().max(2000, maxLengthText(2000)).startsWith('/', 'Must start with "/".'),
  label: z.string().max(FAVOURITE_LABEL_MAX, maxLengthText(FAVOURITE_LABEL_MAX)),
  module_id: z.number().int(),
});

const SHAPED_FIELDS: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>> = {
  [PRODUCT_MODULE]: {
    favourites: z.array(favourite).max(FAVOURITES_MAX, `At most ${FAVOURITES_MAX} favourites.`),
  },
};

export function checkPreferenceField(field: string): void {
  if (!PREFERENCE_FIELD.test(field)) {
    throw badRequest(
      `"field" must be 1 to 64 lower-case letters, digits or underscores, not starting with a digit.`,
    );
  }
  // Preferences are read back as an object keyed by these names.
  if (RESERVED_NAMES.has(field)) throw badRequest(`"field" can not be "${field}".`);
}

export function checkPreferenceValue(moduleName: string, field: string, value: unknown): void {
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > PREFERENCE_VALUE_MAX_BYTES) {
    throw badRequest(`"value" is too large: at most ${PREFERENCE_VALUE_MAX_BYTES / 1024} KB.`);
  }
  const shape = SHAPED_FIELDS[moduleName]?.[field];
  if (!shape) return;
  // Wrapped so that the message names the preference and the place inside it (favourites.0.to).
  const parsed = z.object({ [field]: shape }).safeParse({ [field]: value }, { reportInput: true });
  if (!parsed.success) throw badRequest(describeError(parsed.error));
}
