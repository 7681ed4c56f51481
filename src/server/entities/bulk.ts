/**
 * Bulk actions of an entity set: `bulk_delete`, `bulk_update` (one field, one value) and
 * `bulk_link` (add to or remove from a relation), each on EITHER the chosen rows (`selected`) OR
 * every row matching the list's filters and search (`matching`, read exactly as the list and its
 * count read it: ./filtered-reads.ts), with the count the user confirmed. Every row goes through
 * the single-row path (the service's delete and update, the relation change), so the entity's own
 * rules, locks, privileges and its audit entry per row apply unchanged; the call's transaction
 * makes it all or nothing.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import {
  BULK_LINK_CHANGES,
  bulkLimitText,
  bulkMismatchText,
  type BulkLinkChange,
} from '../../shared/bulk';
import type { EntityDefinition } from '../../shared/entities';
import { BULK_LIMIT } from '../../shared/limits';
import type { CallContext } from '../http/calls';
import { ApiError, badRequest, conflict, notFound } from '../http/errors';
import type { EntityBehaviour } from './behaviour';
import { readOf, wholeSet } from './filtered-reads';
import { filtersInput, idInput, idList, relationFiltersInput } from './payloads';
import { changeRelation, checkChange, relationOf } from './relations';
import * as repo from './repository';
import type { EntityService } from './service';
import { notFoundText } from './values';

const matchingInput = z.strictObject({
  filters: filtersInput,
  relation_filters: relationFiltersInput,
});

/** The set a bulk action changes, and the count the user was shown and confirmed. */
const setShape = {
  selected: idList(BULK_LIMIT).min(1, 'Select at least one row.').optional(),
  matching: matchingInput.optional(),
  expected_count: z.number().int().min(1, 'Confirm at least one row.'),
};
type SetInput = z.output<z.ZodObject<typeof setShape>>;

/** Rows refused by name at most, and rows tried one by one to find them, after a refusal. */
const NAMED_MAX = 3;
const PROBE_MAX = 200;

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

/** The ids of the set in list order; refused when too large or not the size confirmed. */
async function resolveSet(ctx: CallContext, d: EntityDefinition, input: SetInput) {
  if ((input.selected === undefined) === (input.matching === undefined))
    throw badRequest('Give either "selected" or "matching".');
  const read = await readOf(ctx, d);
  const set = input.matching
    ? wholeSet(read, input.matching)
    : { ...wholeSet(read, {}), where: [repo.byIds(d, input.selected!)] };
  const rows = await repo.labelRows(ctx.trx, d, companyOf(ctx), { ...set, limit: BULK_LIMIT + 1 });
  if (rows.length > BULK_LIMIT) throw badRequest(bulkLimitText(rows.length, d.title));
  const ids = rows.map((row) => row.id);
  if (input.selected) {
    const found = new Set(ids);
    const missing = input.selected.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(notFoundText(d, missing));
  }
  if (ids.length !== input.expected_count)
    throw conflict(bulkMismatchText(ids.length, input.expected_count, d.title));
  return { ids, labels: new Map(rows.map((row) => [row.id, row.label])) };
}

/**
 * Runs `all`; when a rule refuses it, finds (one row at a time, each undone) the first rows that
 * refuse and why, so the message names them. The whole call still fails: nothing is kept.
 */
async function allOrNothing(
  ctx: CallContext,
  set: Awaited<ReturnType<typeof resolveSet>>,
  all: () => Promise<unknown>,
  one: (id: number) => Promise<unknown>,
): Promise<void> {
  await sql`savepoint bulk_all`.execute(ctx.trx);
  try {
    await all();
    return;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`rollback to savepoint bulk_all`.execute(ctx.trx);
    const named = await firstRefusals(ctx, set, one);
    if (named.length === 0) throw error;
    throw new ApiError(
      error.status,
      `Nothing was changed: ${named.join('; ')}${named.length === NAMED_MAX ? '; …' : '.'}`,
    );
  }
}

async function firstRefusals(
  ctx: CallContext,
  { ids, labels }: Awaited<ReturnType<typeof resolveSet>>,
  one: (id: number) => Promise<unknown>,
): Promise<string[]> {
  const named: string[] = [];
  for (const id of ids.slice(0, PROBE_MAX)) {
    await sql`savepoint bulk_one`.execute(ctx.trx);
    try {
      await one(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      named.push(`"${labels.get(id) ?? id}": ${error.message.replace(/\.$/, '')}`);
    }
    await sql`rollback to savepoint bulk_one`.execute(ctx.trx);
    if (named.length === NAMED_MAX) break;
  }
  return named;
}

interface BulkCall {
  name: string;
  /** The module route whose privilege the call needs. */
  route: 'list' | 'update' | 'delete';
  input: z.ZodType;
  handler: (ctx: CallContext, input: Record<string, unknown>) => Promise<unknown>;
}

const asIds = (value: number | number[]) => (Array.isArray(value) ? value : [value]);

export function bulkCalls(
  d: EntityDefinition,
  behaviour: EntityBehaviour,
  service: EntityService,
): BulkCall[] {
  const each = (ids: number[], change: (id: number) => Promise<unknown>) => async () => {
    for (const id of ids) await change(id);
  };
  const calls: BulkCall[] = [
    {
      // The exact size of the matching set (the list's count stops at a bound for broad searches).
      name: 'bulk_count',
      route: 'list',
      input: matchingInput,
      handler: async (ctx, input) => {
        const set = wholeSet(await readOf(ctx, d), input);
        return {
          count: await repo.countRows(ctx.trx, d, companyOf(ctx), set.where),
          limit: BULK_LIMIT,
        };
      },
    },
    {
      name: 'bulk_delete',
      route: 'delete',
      input: z.strictObject(setShape),
      handler: async (ctx, input) => {
        const set = await resolveSet(ctx, d, input as SetInput);
        await allOrNothing(
          ctx,
          set,
          () => service.delete(ctx, set.ids),
          (id) => service.delete(ctx, [id]),
        );
        return { count: set.ids.length };
      },
    },
    {
      name: 'bulk_update',
      route: 'update',
      input: z.strictObject({ ...setShape, field: z.string(), value: z.unknown() }),
      handler: async (ctx, input) => {
        // The field and value are checked once, before any row: a bad value refuses the call.
        const { field, parsed } = service.checkedValue(ctx, input.field as string, input.value);
        const set = await resolveSet(ctx, d, input as SetInput);
        const change = (id: number) => service.applyUpdate(ctx, id, field, parsed);
        await allOrNothing(ctx, set, each(set.ids, change), change);
        return { count: set.ids.length };
      },
    },
  ];
  if (d.relations.length === 0) return calls;
  return [
    ...calls,
    {
      name: 'bulk_link',
      route: 'update',
      input: z.strictObject({
        ...setShape,
        relation_name: z.string(),
        change: z.enum(BULK_LINK_CHANGES),
        relation_id: z.union([idInput, idList(1000).min(1)]),
      }),
      handler: async (ctx, input) => {
        const relation = relationOf(d, input.relation_name as string);
        checkChange(ctx, relation);
        const set = await resolveSet(ctx, d, input as SetInput);
        const related = asIds(input.relation_id as number | number[]);
        const change = (id: number) =>
          changeRelation(ctx, d, behaviour, relation, input.change as BulkLinkChange, id, related);
        await allOrNothing(ctx, set, each(set.ids, change), change);
        return { count: set.ids.length };
      },
    },
  ];
}
