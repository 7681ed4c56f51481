/**
 * The rule each module setting must meet (src/shared/settings.ts describes the items). Apart from
 * the descriptions so that the landing page, which only reads settings, does not load zod.
 */
import { z } from 'zod';
import { HEX_COLOUR } from './colours';
import { maxLengthText, TEXT_MAX_LENGTH } from './limits';
import type { SettingItem, SettingValue } from './settings';

const EMAIL_TEXT = 'Must be an e-mail address.';
const URL_TEXT = 'Must be a web address (https://… or /…).';

/** The rule a value of this item must meet; messages name what is wrong. */
export function settingSchema(item: SettingItem): z.ZodType<SettingValue> {
  const text = z.string().max(TEXT_MAX_LENGTH, maxLengthText(TEXT_MAX_LENGTH));
  switch (item.type) {
    case 'text':
      return text;
    case 'email':
      // The union's own error covers a wrong type; the member's covers a malformed address.
      return z.union([z.literal(''), z.email(EMAIL_TEXT)], { error: EMAIL_TEXT });
    case 'url':
      return z.union(
        [
          z.literal(''),
          z
            .string()
            .max(2000, maxLengthText(2000))
            .regex(/^(https?:\/\/|\/)/, URL_TEXT),
        ],
        { error: URL_TEXT },
      );
    case 'colour':
      return z.string().regex(HEX_COLOUR, 'Must be a colour such as #6b7a2a.');
    case 'toggle':
      return z.union([z.literal(0), z.literal(1)], { error: 'Must be 1 (Yes) or 0 (No).' });
    case 'select': {
      const values = (item.options ?? []).map((o) => o.value);
      return z.string().refine((v) => values.includes(v), 'Must be one of the listed choices.');
    }
    case 'number': {
      let n = z.number({ error: 'Must be a number.' });
      if (item.min !== undefined) n = n.min(item.min, `Must be at least ${item.min}.`);
      if (item.max !== undefined) n = n.max(item.max, `Must be at most ${item.max}.`);
      return n;
    }
  }
}
