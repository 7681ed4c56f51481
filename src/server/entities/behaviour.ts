/**
 * Per-entity extras beside the generic engine (special screens are the generic one plus explicit
 * extras, never a fork): rules only one entity has, such as revoking a disabled user's sessions or
 * keeping the administrators group from being emptied. Each hook runs inside the call's
 * transaction; throwing an ApiError refuses the call and undoes everything it wrote.
 */
import type { z } from 'zod';
import type { EntityDefinition, FieldDefinition, RelationDefinition } from '../../shared/entities';
import type { CallContext, CallResult } from '../http/calls';
import type { Row } from './repository';

/** A call of one entity set only, e.g. prescriptions/save_lines. */
export interface ExtraCall {
  /**
   * The module route whose privilege it needs (list, insert, update, delete or an extra route).
   * Left out for the call of a button: the route the button declares in the definition applies
   * (callRoute in ./hooks/index.ts), so the button and its call can not disagree.
   */
  route?: string;
  input: z.ZodType;
  handler(ctx: CallContext, input: never, definition: EntityDefinition): Promise<CallResult>;
}

export interface EntityHooks {
  /** May fill in or refuse the values of a new row before it is written. */
  beforeInsert?(ctx: CallContext, values: Row): Promise<void> | void;
  afterInsert?(ctx: CallContext, row: Row): Promise<void>;
  /** May refuse a change of one field. */
  beforeUpdate?(
    ctx: CallContext,
    before: Row,
    field: FieldDefinition,
    value: unknown,
  ): Promise<void> | void;
  afterUpdate?(ctx: CallContext, before: Row, after: Row, field: FieldDefinition): Promise<void>;
  /** A rule across fields, checked on the stored row after insert and update; a text refuses. */
  checkRow?(row: Row): string | null;
  beforeDelete?(ctx: CallContext, rows: Row[]): Promise<void> | void;
  afterDelete?(ctx: CallContext, rows: Row[]): Promise<void>;
  /** After links of a relation changed (also on insert with `_relations`). */
  afterRelationChange?(ctx: CallContext, relation: RelationDefinition, id: number): Promise<void>;
  /** What `get` adds to the row besides its columns. */
  decorate?(ctx: CallContext, row: Row): Promise<Row>;
  calls?: Readonly<Record<string, ExtraCall>>;
}
