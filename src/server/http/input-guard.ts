/**
 * One walk over every request payload before anything else reads it: strings anywhere (values
 * and field names) must be storable — PostgreSQL refuses NUL in text and lone surrogates in
 * jsonb, which used to surface as 500s — field names must not reach an object's prototype, and
 * nesting is bounded so that no later step (zod, JSON.stringify, jsonb) recurses itself to death.
 * The walk keeps its own stack, so a body nested far deeper than the limit is refused, not followed.
 */
import { badRequest } from './errors';

/** Levels of objects and lists a payload may nest, the body itself being level 1. */
export const MAX_INPUT_DEPTH = 32;

/** Names that reach or replace an object's prototype when used as a key. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** NUL, or a high surrogate not followed by a low one, or a low one not after a high one. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

export const unstorableText = (field: string) =>
  `"${field}" contains a character that can not be stored.`;
export const reservedNameText = (field: string, name: string) =>
  `"${field}" contains a field named "${name}", which is not allowed.`;

/**
 * How a place in the payload is named: `filters.search`, `favourites.0.label`; the body itself is
 * "payload". In an update (`{field, value}`) the value is named by its field, as the caller knows it.
 */
function namer(body: object): (path: readonly string[]) => string {
  const field = (body as { field?: unknown }).field;
  const valueName =
    typeof field === 'string' && field !== '' && isStorableText(field) ? field : null;
  return (path) => {
    const named = valueName && path[0] === 'value' ? [valueName, ...path.slice(1)] : path;
    return named.length ? named.join('.') : 'payload';
  };
}

/**
 * Refuses the payload with a 400 naming a field that breaks a rule. Top-level names starting
 * with `_` (the slug and token) are walked like any other.
 */
export function guardInput(body: object): void {
  const pathText = namer(body);
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (!isStorableText(value)) throw badRequest(unstorableText(pathText(path)));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      throw badRequest(
        `"${pathText(path.slice(0, 1))}" is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
      );
    }
    for (const [key, item] of Object.entries(value)) {
      if (RESERVED_NAMES.has(key)) throw badRequest(reservedNameText(pathText(path), key));
      if (!isStorableText(key)) {
        throw badRequest(
          `A field name in "${pathText(path)}" contains a character that can not be stored.`,
        );
      }
      pending.push({ value: item, path: [...path, key] });
    }
  }
}
