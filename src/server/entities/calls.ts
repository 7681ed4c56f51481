/**
 * The calls of one entity set, built from its definition. Each call needs
 * the privilege of the module route it belongs to: reads need `list`, insert `insert`, delete
 * `delete`, export its own `export`, and every other change (edits, order, relations, moves)
 * `update`.
 */
import { z } from 'zod';
import type { EntityDefinition } from '../../shared/entities';
import { TREE_LIMIT } from '../../shared/limits';
import { privilegeOf } from '../../shared/privileges';
import {
  defineCall,
  type Access,
  type CallContext,
  type CallDefinition,
  type CallResult,
} from '../http/calls';
import { exportCall } from '../exports/call';
import { importCall } from '../imports/call';
import { badRequest } from '../http/errors';
import type { FieldLabels } from '../http/validation';
import { callRoute, type EntityBehaviour } from './behaviour';
import { bulkCalls } from './bulk';
import * as payloads from './payloads';
import { fieldLabels } from './values';
import {
  changeRelation,
  relatedIds,
  relatedLabels,
  relationOf,
  type RelationChange,
} from './relations';
import { EntityService } from './service';
import { allFlat, changeParent, children, treeOf } from './tree';

type Handler = (ctx: CallContext, input: Record<string, unknown>) => Promise<unknown>;

/** The id a relation call is about: `id` or the entity's key. */
function ownerId(d: EntityDefinition, input: Record<string, unknown>): number {
  const id = input.id ?? input[d.keys.id];
  if (typeof id !== 'number') throw badRequest(`"${d.keys.id}" is required.`);
  return id;
}

const asIds = (value: unknown): number[] =>
  Array.isArray(value) ? (value as number[]) : value === undefined ? [] : [value as number];

export function buildEntityCalls(
  d: EntityDefinition,
  behaviour: EntityBehaviour,
): Map<string, CallDefinition> {
  const service = new EntityService(d, behaviour);
  const calls = new Map<string, CallDefinition>();
  const accessOf = (route: string): Access =>
    route === 'list' && d.openReads ? 'user' : { privilege: privilegeOf(d.module, route) };
  const add = (
    name: string,
    route: string,
    input: z.ZodType,
    handler: Handler,
    labels?: FieldLabels,
  ) => {
    calls.set(
      name,
      defineCall({
        path: `${d.entities}/${name}`,
        access: accessOf(route),
        input,
        ...(labels ? { labels } : {}),
        handler: async (ctx, data) => ({
          data: await handler(ctx, data as Record<string, unknown>),
        }),
      }),
    );
  };
  const pk = (input: Record<string, unknown>) => input[d.keys.id] as number;

  add('list', 'list', payloads.listInput, (ctx, i) => service.list(ctx, i as payloads.ListInput));
  add(
    'count',
    'list',
    z.strictObject({
      filters: payloads.filtersInput,
      relation_filters: payloads.relationFiltersInput,
    }),
    (ctx, i) => service.count(ctx, i),
  );
  add('get', 'list', payloads.pkInput(d), (ctx, i) => service.get(ctx, pk(i)));
  add(
    'insert',
    'insert',
    payloads.insertInput(d),
    (ctx, i) => service.insert(ctx, i),
    fieldLabels(d),
  );
  add('update', 'update', payloads.updateInput(d), async (ctx, i) => ({
    entity: await service.update(ctx, pk(i), i.field as string | undefined, i.value, i),
  }));
  add('delete', 'delete', payloads.deleteInput, async (ctx, i) => ({
    deleted: await service.delete(ctx, i.selected as number[]),
  }));
  calls.set('export', exportCall(d));
  for (const bulk of bulkCalls(d, behaviour, service))
    add(bulk.name, bulk.route, bulk.input, bulk.handler);
  calls.set('import', importCall(d, service, accessOf('insert')));
  add('typeahead', 'list', payloads.typeaheadInput, (ctx, i) =>
    service.typeahead(ctx, i as unknown as Parameters<EntityService['typeahead']>[1]),
  );
  add('typeahead_labels', 'list', payloads.labelsInput, (ctx, i) =>
    service.labels(ctx, i.ids as number[]),
  );
  add('reorder_list', 'update', payloads.reorderInput, (ctx, i) =>
    service.reorder(ctx, i.order as number[], i),
  );

  add('get_relation_ids', 'list', payloads.relationNameInput(d), (ctx, i) =>
    relatedIds(ctx, d, relationOf(d, i.relation_name as string), ownerId(d, i)),
  );
  add(
    'get_relation_id',
    'list',
    payloads.relationNameInput(d),
    async (ctx, i) =>
      (await relatedIds(ctx, d, relationOf(d, i.relation_name as string), ownerId(d, i)))[0] ??
      null,
  );

  for (const relation of d.relations) {
    const change =
      (kind: RelationChange) => async (ctx: CallContext, i: Record<string, unknown>) => {
        const ids = kind === 'sync' ? i.relations : i.relation_id;
        if (ids === undefined)
          throw badRequest(`"${kind === 'sync' ? 'relations' : 'relation_id'}" is required.`);
        const outcome = await changeRelation(
          ctx,
          d,
          behaviour,
          relation,
          kind,
          ownerId(d, i),
          asIds(ids),
        );
        if (kind === 'sync') return outcome.ids;
        return i.return_effected
          ? { entity: outcome.entity, entities: outcome.entities, relations: outcome.relations }
          : outcome.relations;
      };
    add(`add_${relation.name}`, 'update', payloads.relationInput(d), change('add'));
    add(`remove_${relation.name}`, 'update', payloads.relationInput(d), change('remove'));
    add(`sync_${relation.name}`, 'update', payloads.relationInput(d), change('sync'));
    add(`get_${relation.name}`, 'list', payloads.relationInput(d), (ctx, i) =>
      relatedLabels(ctx, d, relation, ownerId(d, i)),
    );
  }

  if (d.tree) {
    const parent = treeOf(d).parent;
    add(
      'get_all_flat',
      'list',
      z.strictObject({
        page: z.number().int().min(1).default(1),
        limit: z.number().int().min(1).default(TREE_LIMIT),
        filters: payloads.filtersInput,
      }),
      (ctx, i) => allFlat(ctx, d, i.filters as never, i.limit as number, i.page as number),
    );
    add(
      'get_children',
      'list',
      z.strictObject({
        [parent]: payloads.parentInput.optional(),
        id: payloads.parentInput.optional(),
      }),
      (ctx, i) => children(ctx, d, (i[parent] ?? i.id ?? 0) as number),
    );
    add(
      'change_parent',
      'update',
      z.strictObject({ [d.keys.id]: payloads.idInput, [parent]: payloads.parentInput }),
      async (ctx, i) => ({ entity: await changeParent(ctx, d, pk(i), i[parent] as number) }),
    );
  }

  for (const [name, extra] of Object.entries(behaviour.calls ?? {})) {
    calls.set(
      name,
      defineCall({
        path: `${d.entities}/${name}`,
        access: { privilege: privilegeOf(d.module, callRoute(d, name, extra)) },
        input: extra.input,
        ...(extra.download ? { download: true } : {}),
        handler: (ctx, input): Promise<CallResult> => extra.handler(ctx, input as never, d),
      }),
    );
  }
  return calls;
}
