/**
 * Tree rules, for definitions with `tree` (categories): a mandatory node is never
 * deleted, only containers take children, only movable nodes move, only renameable labels change,
 * and no node moves under itself or its own descendants. The rule columns come from the
 * definition, so another tree-shaped entity gets the same rules by naming its columns.
 */
import { sql } from 'kysely';
import type { EntityDefinition, TreeDefinition } from '../../shared/entities';
import { capitalised, withArticle } from '../../shared/entities/labels';
import {
  containText,
  hasChildrenText,
  mandatoryText,
  unmovableText,
  unrenameableText,
} from '../../shared/entities/row-rules';
import { TREE_LIMIT } from '../../shared/limits';
import { clinicTimeZone } from '../diary/time-zone';
import type { CallContext } from '../http/calls';
import { badRequest, notFound } from '../http/errors';
import { findRow, selectRows, updateRow, type Row } from './repository';
import { notFoundText, refuseLocked } from './values';
import { col, filterConditions, type Filters } from './where';

export function treeOf(d: EntityDefinition): TreeDefinition {
  if (!d.tree) throw badRequest(`${d.title} are not a tree.`);
  return d.tree;
}

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

/** The id of `id` and all nodes below it. */
async function subtreeIds(ctx: CallContext, d: EntityDefinition, id: number): Promise<number[]> {
  const tree = treeOf(d);
  const result = await sql<{ id: number }>`with recursive sub as (
      select ${col(d.keys.id)} as id from ${sql.table(d.table)} r
        where r.company_id = ${companyOf(ctx)} and ${col(d.keys.id)} = ${id}
      union all
      select ${col(d.keys.id)} from ${sql.table(d.table)} r join sub on ${col(tree.parent)} = sub.id
        where r.company_id = ${companyOf(ctx)}
    ) select id from sub`.execute(ctx.trx);
  return result.rows.map((row) => row.id);
}

/** Checks that `parentId` may take a (new or moved) child; answers the parent row (null: root). */
export async function checkParent(
  ctx: CallContext,
  d: EntityDefinition,
  parentId: number,
  movingId?: number,
): Promise<Row | null> {
  const tree = treeOf(d);
  if (parentId === tree.rootValue) return null;
  const parent = await findRow(ctx.trx, d, companyOf(ctx), parentId);
  if (!parent) throw notFound(notFoundText(d, parentId));
  const closed = containText(d, parent);
  if (closed) throw badRequest(closed);
  if (movingId !== undefined && (await subtreeIds(ctx, d, movingId)).includes(parentId)) {
    throw badRequest(
      `${capitalised(withArticle(d.singular))} can not be moved under itself or one of its own sub-${d.title.toLowerCase()}.`,
    );
  }
  return parent;
}

/** The parent of a new node: the first selected id, else the root. */
export function parentOfInsert(
  d: EntityDefinition,
  selected: number | number[] | null | undefined,
): number {
  const first = Array.isArray(selected) ? selected[0] : selected;
  return first ?? treeOf(d).rootValue;
}

/** Sets the root column of `id` and its subtree after an insert or a move. */
export async function placeNode(
  ctx: CallContext,
  d: EntityDefinition,
  id: number,
  parent: Row | null,
): Promise<void> {
  const tree = treeOf(d);
  if (!tree.rootColumn) return;
  const root = parent ? (parent[tree.rootColumn] as number) || (parent[d.keys.id] as number) : id;
  const ids = await subtreeIds(ctx, d, id);
  await sql`update ${sql.table(d.table)} r set ${sql.ref(tree.rootColumn)} = ${root}
    where r.company_id = ${companyOf(ctx)} and ${col(d.keys.id)} = any(${sql.val(ids)}::bigint[])`.execute(
    ctx.trx,
  );
}

export function checkRename(d: EntityDefinition, before: Row, fieldName: string): void {
  const fixed = fieldName === d.keys.name ? unrenameableText(d, before) : null;
  if (fixed) throw badRequest(fixed);
}

/** Mandatory nodes stay; a node with children stays unless its children go with it. */
export async function checkTreeDelete(
  ctx: CallContext,
  d: EntityDefinition,
  rows: Row[],
): Promise<void> {
  const ids = new Set(rows.map((row) => row[d.keys.id] as number));
  for (const row of rows) {
    const mandatory = mandatoryText(d, row);
    if (mandatory) throw badRequest(mandatory);
    const below = await subtreeIds(ctx, d, row[d.keys.id] as number);
    if (below.some((id) => !ids.has(id))) throw badRequest(hasChildrenText(d, row));
  }
}

export async function changeParent(
  ctx: CallContext,
  d: EntityDefinition,
  id: number,
  parentId: number,
): Promise<Row> {
  const tree = treeOf(d);
  const before = await findRow(ctx.trx, d, companyOf(ctx), id, true);
  if (!before) throw notFound(notFoundText(d, id));
  refuseLocked(d, [before]);
  const unmovable = unmovableText(d, before);
  if (unmovable) throw badRequest(unmovable);
  const parent = await checkParent(ctx, d, parentId, id);
  await updateRow(ctx.trx, d, companyOf(ctx), id, { [tree.parent]: parentId });
  await placeNode(ctx, d, id, parent);
  const after = (await findRow(ctx.trx, d, companyOf(ctx), id)) as Row;
  await ctx.audit({ action: 'change_parent', entity: d.entities, entity_id: id, before, after });
  return after;
}

const treeOrder = (d: EntityDefinition) =>
  sql.join(
    [treeOf(d).parent, ...(d.keys.order ? [d.keys.order] : []), d.keys.name, d.keys.id].map(
      (c) => sql`${col(c)}`,
    ),
  );

export async function children(
  ctx: CallContext,
  d: EntityDefinition,
  parentId: number,
): Promise<Row[]> {
  return selectRows(ctx.trx, d, companyOf(ctx), {
    where: [sql`${col(treeOf(d).parent)} = ${parentId}`],
    orderBy: treeOrder(d),
    limit: TREE_LIMIT,
    shape: 'list',
  });
}

export async function allFlat(
  ctx: CallContext,
  d: EntityDefinition,
  filters: Filters,
  limit: number,
  page: number,
): Promise<Row[]> {
  return selectRows(ctx.trx, d, companyOf(ctx), {
    where: filterConditions(d, filters, await clinicTimeZone(ctx)),
    orderBy: treeOrder(d),
    limit: Math.min(limit, TREE_LIMIT),
    offset: (page - 1) * Math.min(limit, TREE_LIMIT),
    shape: 'list',
  });
}
