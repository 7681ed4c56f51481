/**
 * Relation calls: `{entities}/add_{relation}`, `remove_`, `get_`, `sync_`, and
 * `get_relation_id(s)`. Related ids must exist in the same company (another company's id is
 * "not found" like any missing id); admin-only relations (group membership) refuse others.
 */
import {
  entityByPath,
  type EntityDefinition,
  type RelationDefinition,
} from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { EntityBehaviour } from './behaviour';
import { addLinks, linkedIds, linkedLabels, removeLinks, type Labelled } from './links';
import { existingIds, findRow, findRows, type Row } from './repository';
import { notFoundText, refuseLocked } from './values';

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

export function relationOf(d: EntityDefinition, name: string): RelationDefinition {
  const relation = d.relations.find((r) => r.name === name);
  if (!relation) throw badRequest(`Unknown relation "${name}".`);
  return relation;
}

function targetOf(relation: RelationDefinition): EntityDefinition {
  const target = entityByPath(relation.entities);
  if (!target) throw new Error(`Relation ${relation.name} targets unknown ${relation.entities}.`);
  return target;
}

/** Admin-only relations (group membership) refuse others, before any row is read. */
export function checkChange(ctx: CallContext, relation: RelationDefinition): void {
  if (relation.adminOnly && !ctx.user.is_admin) {
    throw forbidden(`Only administrators may change ${relation.label.toLowerCase()}.`);
  }
}

/** The owning row; one about to change is locked and must not be locked by its definition. */
async function requireOwner(
  ctx: CallContext,
  d: EntityDefinition,
  id: number,
  changing = false,
): Promise<Row> {
  const row = await findRow(ctx.trx, d, companyOf(ctx), id, changing);
  if (!row) throw notFound(notFoundText(d, id));
  if (changing) refuseLocked(d, [row]);
  return row;
}

async function requireTargets(
  ctx: CallContext,
  relation: RelationDefinition,
  ids: readonly number[],
): Promise<number[]> {
  const target = targetOf(relation);
  const unique = [...new Set(ids)];
  const found = new Set(await existingIds(ctx.trx, target, companyOf(ctx), unique));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) throw notFound(notFoundText(target, missing));
  return unique;
}

/** Links given at insert (`_relations`) or copied with `_copy`. */
export async function linkRelations(
  ctx: CallContext,
  d: EntityDefinition,
  behaviour: EntityBehaviour,
  id: number,
  relations: Record<string, number[]>,
): Promise<void> {
  await linkRelationsOfRows(ctx, d, behaviour, [{ id, relations }]);
}

/**
 * The links of many new rows (an import): per relation, the targets are checked in one query for
 * all rows, then each row is linked as `linkRelations` links one.
 */
export async function linkRelationsOfRows(
  ctx: CallContext,
  d: EntityDefinition,
  behaviour: EntityBehaviour,
  rows: ReadonlyArray<{ id: number; relations: Record<string, number[]> }>,
): Promise<void> {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row.relations)))];
  for (const name of names) {
    const relation = relationOf(d, name);
    const linking = rows.filter((row) => (row.relations[name] ?? []).length > 0);
    if (linking.length === 0) continue;
    checkChange(ctx, relation);
    await requireTargets(
      ctx,
      relation,
      linking.flatMap((row) => row.relations[name]!),
    );
    for (const row of linking) {
      const ids = [...new Set(row.relations[name])];
      await addLinks(ctx.trx, relation, companyOf(ctx), row.id, ids);
      await behaviour.afterRelationChange?.(ctx, relation, row.id);
    }
  }
}

export type RelationChange = 'add' | 'remove' | 'sync';

interface ChangeOutcome {
  /** The owning row. */
  entity: Row;
  /** The related rows this call linked or unlinked. */
  entities: Labelled[];
  /** All related rows now linked. */
  relations: Labelled[];
  ids: number[];
}

export async function changeRelation(
  ctx: CallContext,
  d: EntityDefinition,
  behaviour: EntityBehaviour,
  relation: RelationDefinition,
  change: RelationChange,
  id: number,
  ids: readonly number[],
): Promise<ChangeOutcome> {
  checkChange(ctx, relation);
  const entity = await requireOwner(ctx, d, id, true);
  const before = await linkedIds(ctx.trx, relation, companyOf(ctx), id);
  let effected: number[];
  if (change === 'remove') {
    effected = await removeLinks(ctx.trx, relation, companyOf(ctx), id, [...new Set(ids)]);
  } else {
    const wanted = await requireTargets(ctx, relation, ids);
    effected = await addLinks(ctx.trx, relation, companyOf(ctx), id, wanted);
    if (change === 'sync') {
      const dropped = before.filter((other) => !wanted.includes(other));
      effected = [
        ...effected,
        ...(await removeLinks(ctx.trx, relation, companyOf(ctx), id, dropped)),
      ];
    }
  }
  await behaviour.afterRelationChange?.(ctx, relation, id);
  const after = await linkedIds(ctx.trx, relation, companyOf(ctx), id);
  if (effected.length > 0) {
    await ctx.audit({
      action: `${change}_${relation.name}`,
      entity: d.entities,
      entity_id: id,
      before,
      after,
    });
  }
  const target = targetOf(relation);
  return {
    entity,
    entities: effected.length
      ? await linkedLabelsOf(ctx, relation, target, id, effected, change)
      : [],
    relations: await linkedLabels(ctx.trx, relation, target, companyOf(ctx), id),
    ids: after,
  };
}

/** Labels of effected rows: removed ones are no longer linked, so they are read directly. */
async function linkedLabelsOf(
  ctx: CallContext,
  relation: RelationDefinition,
  target: EntityDefinition,
  id: number,
  effected: number[],
  change: RelationChange,
): Promise<Labelled[]> {
  if (change === 'add')
    return linkedLabels(ctx.trx, relation, target, companyOf(ctx), id, effected);
  const rows = await findRows(ctx.trx, target, companyOf(ctx), effected);
  return rows.map((row) => ({
    id: row[target.keys.id] as number,
    label: String(row[target.keys.name]),
  }));
}

export async function relatedIds(
  ctx: CallContext,
  d: EntityDefinition,
  relation: RelationDefinition,
  id: number,
): Promise<number[]> {
  await requireOwner(ctx, d, id);
  return linkedIds(ctx.trx, relation, companyOf(ctx), id);
}

export async function relatedLabels(
  ctx: CallContext,
  d: EntityDefinition,
  relation: RelationDefinition,
  id: number,
): Promise<Labelled[]> {
  await requireOwner(ctx, d, id);
  return linkedLabels(ctx.trx, relation, targetOf(relation), companyOf(ctx), id);
}
