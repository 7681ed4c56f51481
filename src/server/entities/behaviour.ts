/**
 * An entity set's behaviour: what it does beyond the generic engine (special screens are the
 * generic one plus explicit extras, never a fork) — rules only one entity has, such as revoking a
 * disabled user's sessions or keeping the administrators group from being emptied, and calls of
 * its own. Each set's behaviour lives in its feature folder (src/server/prescriptions/, …) and is
 * named in the one map src/server/entity-behaviours.ts. Each step runs inside the call's
 * transaction; throwing an ApiError refuses the call and undoes everything it wrote.
 */
import type { z } from 'zod';
import type { EntityDefinition, FieldDefinition, RelationDefinition } from '../../shared/entities';
import type { CallContext, CallResult } from '../http/calls';
import type { Row, RowFor as Stored } from './repository';

/** A call of one entity set only, e.g. prescriptions/save_lines. */
interface ExtraCall {
  /**
   * The module route whose privilege it needs (list, insert, update, delete or an extra route).
   * Left out for the call of a button: the route the button declares in the definition applies
   * (callRoute below), so the button and its call can not disagree.
   */
  route?: string;
  input: z.ZodType;
  /** Answers with a file download (see CallDefinition.download). */
  download?: boolean;
  handler(ctx: CallContext, input: never, definition: EntityDefinition): Promise<CallResult>;
}

/**
 * `D` is the set's definition, whose rows the steps read typed (`EntityBehaviour<typeof users>`
 * reads `after.user_id` as a number). The engine calls every behaviour with the rows it read for
 * that set, so the one map may hold them all as `EntityBehaviour`.
 */
export interface EntityBehaviour<D extends EntityDefinition = EntityDefinition> {
  /**
   * Fills in values the caller may leave out, before the required ones are checked (an
   * appointment's end, from its type's duration).
   */
  fillInsert?(ctx: CallContext, given: Row): Promise<void> | void;
  /** May fill in or refuse the values of a new row before it is written. */
  beforeInsert?(ctx: CallContext, values: Partial<Stored<D>> & Row): Promise<void> | void;
  afterInsert?(ctx: CallContext, row: Stored<D>): Promise<void>;
  /** May refuse a change of one field. */
  beforeUpdate?(
    ctx: CallContext,
    before: Stored<D>,
    field: FieldDefinition,
    value: unknown,
  ): Promise<void> | void;
  afterUpdate?(
    ctx: CallContext,
    before: Stored<D>,
    after: Stored<D>,
    field: FieldDefinition,
  ): Promise<void>;
  /** A rule across fields, checked on the stored row after insert and update; a text refuses. */
  checkRow?(row: Stored<D>): string | null;
  beforeDelete?(ctx: CallContext, rows: Array<Stored<D>>): Promise<void> | void;
  afterDelete?(ctx: CallContext, rows: Array<Stored<D>>): Promise<void>;
  /** After links of a relation changed (also on insert with `_relations`). */
  afterRelationChange?(ctx: CallContext, relation: RelationDefinition, id: number): Promise<void>;
  /**
   * Explains a failed insert or update the generic messages can not: throws an ApiError, or
   * returns to let them apply. A set that has this writes inside a savepoint, rolled back before
   * the call, so the explanation may still read (an appointment's clash names the other one).
   */
  explainWriteError?(ctx: CallContext, error: unknown, values: Row): Promise<void>;
  /** What `get` adds to the row besides its columns. */
  decorate?(ctx: CallContext, row: Stored<D>): Promise<Row>;
  calls?: Readonly<Record<string, ExtraCall>>;
}

/**
 * The module route an extra call needs: the one its button declares in the definition, else its
 * own. A call with neither, or with both, is a mistake test/unit/entity-extras.test.ts names.
 */
export function callRoute(definition: EntityDefinition, name: string, call: ExtraCall): string {
  const button = definition.extras.find((e) => e.type === 'button' && e.call === name);
  const route = button?.route ?? call.route;
  if (!route) throw new Error(`${definition.entities}/${name} has no privilege route.`);
  return route;
}
