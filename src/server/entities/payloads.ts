/**
 * Payload schemas of the generic calls, derived from a definition. Unknown top-level keys are
 * refused by name (strict objects); names inside filters, sort and relations are checked by the
 * service against the definition, never passed on unchecked.
 */
import { z } from 'zod';
import type { EntityDefinition } from '../../shared/entities';
import { ROW_SHAPES } from '../../shared/entities/row-shapes';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, TYPEAHEAD_LIMIT } from '../../shared/limits';

/** A row id: a positive whole number, also accepted as digits in a string. */
export const idInput = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Must be an id (a whole number).' })
    .int('Must be an id (a whole number).')
    .positive('Must be an id.')
    .max(Number.MAX_SAFE_INTEGER),
);
/** A parent id: like an id, but 0 (the root) is allowed. */
export const parentInput = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Must be an id (a whole number).' })
    .int()
    .min(0, 'Must be an id or 0.')
    .max(Number.MAX_SAFE_INTEGER),
);
export const idList = (max = LIST_LIMIT_MAX) => z.array(idInput).max(max, `At most ${max} ids.`);

const scalar = z.union([z.string().max(1000, 'Maximum of 1000 characters allowed.'), z.number()]);
const filterValue = z.union([scalar, z.null(), z.array(scalar).max(1000)]);
export const filtersInput = z.record(z.string(), filterValue).optional();
export const relationFiltersInput = z
  .record(z.string(), z.union([idInput, z.null(), idList(1000)]))
  .optional();
export const sortInput = z
  .union([
    z.string(),
    z.strictObject({ field: z.string(), direction: z.enum(['asc', 'desc']).default('asc') }),
  ])
  .optional();

const limitOf = (fallback: number) =>
  z
    .number()
    .int()
    .min(1, 'Must be at least 1.')
    .default(fallback)
    .transform((n) => Math.min(n, LIST_LIMIT_MAX));
const page = z.number().int().min(1, 'Must be at least 1.').max(1_000_000).default(1);

export const listInput = z.strictObject({
  page,
  limit: limitOf(LIST_PAGE_SIZE),
  filters: filtersInput,
  relation_filters: relationFiltersInput,
  sort: sortInput,
  row_shape: z.enum(ROW_SHAPES, { error: `Must be one of: ${ROW_SHAPES.join(', ')}.` }).optional(),
});
export type ListInput = z.output<typeof listInput>;

/** Typeahead also carries the client's "extra action data": extra keys are ignored, not refused. */
export const typeaheadInput = z.looseObject({
  page,
  limit: limitOf(TYPEAHEAD_LIMIT),
  filters: filtersInput,
  relation_filters: relationFiltersInput,
});

export const reorderInput = z.strictObject({
  order: idList(),
  filters: filtersInput,
  relation_filters: relationFiltersInput,
});

export const deleteInput = z.strictObject({
  selected: idList().min(1, 'Select at least one row.'),
});
export const labelsInput = z.strictObject({ ids: idList() });

export const pkInput = (d: EntityDefinition) => z.strictObject({ [d.keys.id]: idInput });

/** `_version` and `_seen`: what the user saw, so that a stale save is refused (../versions.ts). */
export const updateInput = (d: EntityDefinition) =>
  z.strictObject({
    [d.keys.id]: idInput,
    field: z.string().optional(),
    value: z.unknown(),
    _version: z.number().int().min(1, 'Must be a row version.').optional(),
    _seen: z.unknown().optional(),
  });

export const relationNameInput = (d: EntityDefinition) =>
  z.strictObject({
    [d.keys.id]: idInput.optional(),
    id: idInput.optional(),
    relation_name: z.string(),
  });

/** add_/remove_/get_/sync_: the row as `id` or by its key name; related ids as given. */
export const relationInput = (d: EntityDefinition) =>
  z.strictObject({
    [d.keys.id]: idInput.optional(),
    id: idInput.optional(),
    relation_id: z.union([idInput, idList(1000)]).optional(),
    relations: idList(1000).optional(),
    relation_name: z.string().optional(),
    return_effected: z.boolean().optional(),
  });

export const insertInput = (d: EntityDefinition) => {
  const shape: Record<string, z.ZodType> = {};
  for (const field of d.fields) {
    // Read-only fields are accepted and refused by the service with a clearer message.
    shape[field.name] = field.readOnly ? z.unknown().optional() : field.rule.optional();
  }
  return z.strictObject({
    ...shape,
    _relations: z.record(z.string(), idList(1000)).optional(),
    _selected: z.union([parentInput, z.array(parentInput), z.null()]).optional(),
    _copy: idInput.optional(),
  });
};
