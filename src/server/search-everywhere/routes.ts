/**
 * `search/everywhere {text}` → `[{entities, rows: [{id, label}]}]`: the command palette's search;
 * a text of fewer than EVERYWHERE_TEXT_MIN characters looks nothing up (`[]`).
 */
import { z } from 'zod';
import { EVERYWHERE_TEXT_MAX } from '../../shared/search-everywhere';
import { tooManySearchWords } from '../../shared/filters';
import { maxLengthText, SEARCH_WORDS_TEXT } from '../../shared/limits';
import { defineCall, type CallDefinition } from '../http/calls';
import { searchEverywhere } from './service';

export const searchEverywhereCalls: CallDefinition[] = [
  defineCall({
    path: 'search/everywhere',
    // Any logged-in user: each kind is then searched only when the user may list it.
    access: 'user',
    input: z.strictObject({
      text: z
        .string()
        .max(EVERYWHERE_TEXT_MAX, maxLengthText(EVERYWHERE_TEXT_MAX))
        // Also refused by the entity search; said here first, about the field the caller sent.
        .refine((text) => !tooManySearchWords(text), SEARCH_WORDS_TEXT),
    }),
    handler: async (ctx, input) => ({ data: await searchEverywhere(ctx, input.text) }),
  }),
];
