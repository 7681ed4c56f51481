/**
 * The generic entity service: what every entity set can do (list, get, insert, update, delete,
 * typeahead, reorder), with the checks the definition implies — capabilities, writable fields,
 * rules, tree rules, all-or-nothing deletes — plus the entity set's own behaviour, and an audit
 * row for every write. Another company's id is looked up like any other and is simply not found.
 */
import { unkeyedText } from '../../shared/entities/row-rules';
import { FIELD_MISSING_TEXT } from '../../shared/envelope';
import type { Capabilities, EntityDefinition, FieldDefinition } from '../../shared/entities';
import { clinicTimeZone } from '../diary/time-zone';
import type { CallContext } from '../http/calls';
import { badRequest, forbidden, notFound } from '../http/errors';
import { capabilitiesOf } from './capabilities';
import { explained, explainedWrite } from './db-errors';
import type { EntityBehaviour } from './behaviour';
import { allLinkedIds, linkedIds } from './links';
import type { ListInput } from './payloads';
import { countMatches, listPage, readOf, typeaheadLabels } from './filtered-reads';
import { linkRelations, linkRelationsOfRows } from './relations';
import * as repo from './repository';
import type { Row } from './repository';
import { checkParent, checkRename, checkTreeDelete, parentOfInsert, placeNode } from './tree';
import {
  completeInsert,
  copiedValues,
  notFoundText,
  parseValue,
  refuseLocked,
  writableField,
} from './values';
import { conflictError, isStale, type Seen } from './versions';
import {
  filterConditions,
  orderBy,
  relationConditions,
  type Filters,
  type RelationFilters,
} from './where';

/** A new row's fields and relations, as `insertMany` takes them. */
interface NewRowInput extends Record<string, unknown> {
  _relations?: Record<string, number[]>;
}

interface InsertInput extends NewRowInput {
  _selected?: number | number[] | null;
  _copy?: number;
}

interface Query {
  page: number;
  limit: number;
  filters?: Filters;
  relation_filters?: RelationFilters;
}

export class EntityService {
  constructor(
    readonly d: EntityDefinition,
    private readonly behaviour: EntityBehaviour,
  ) {}

  private company = (ctx: CallContext) => ctx.caller.company.company_id;

  private where(q: Pick<Query, 'filters' | 'relation_filters'>, zone: string) {
    return [
      ...filterConditions(this.d, q.filters, zone),
      ...relationConditions(this.d, q.relation_filters),
    ];
  }

  private read = (ctx: CallContext) => readOf(ctx, this.d);

  async list(ctx: CallContext, q: ListInput): Promise<Row[]> {
    return listPage(await this.read(ctx), q, { offset: (q.page - 1) * q.limit, limit: q.limit });
  }

  /** How many rows match: exact, or for a broad search at least COUNT_CAP (`more`). */
  async count(ctx: CallContext, q: Pick<Query, 'filters' | 'relation_filters'>) {
    return countMatches(await this.read(ctx), q);
  }

  /** The stored row, or 404 (also for another company's id). */
  async require(ctx: CallContext, id: number, forUpdate = false): Promise<Row> {
    const row = await repo.findRow(ctx.trx, this.d, this.company(ctx), id, forUpdate);
    if (!row) throw notFound(notFoundText(this.d, id));
    return row;
  }

  /** A row as `get` answers it: its columns, its relations' ids and the entity's extras. */
  async present(ctx: CallContext, row: Row): Promise<Row> {
    const id = row[this.d.keys.id] as number;
    const relations = await allLinkedIds(ctx.trx, this.d.relations, this.company(ctx), id);
    const full = { ...row, _relations: relations };
    return this.behaviour.decorate ? this.behaviour.decorate(ctx, full) : full;
  }

  async get(ctx: CallContext, id: number): Promise<Row> {
    const row = await this.require(ctx, id);
    if (this.d.auditReads)
      await ctx.audit({ action: 'read', entity: this.d.entities, entity_id: id });
    return this.present(ctx, row);
  }

  private refuseReadOnly(ctx: CallContext, input: Record<string, unknown>): Row {
    const given: Row = {};
    for (const [name, value] of Object.entries(input)) {
      if (name.startsWith('_') || value === undefined) continue;
      writableField(ctx, this.d, name);
      given[name] = value;
    }
    return given;
  }

  private checkRow(row: Row): void {
    const problem = this.behaviour.checkRow?.(row);
    if (problem) throw badRequest(problem);
  }

  private refuseInsert(capabilities: Capabilities): void {
    if (!capabilities.insert) throw forbidden(`${this.d.title} can not be added here.`);
  }

  /** New rows stored: each checked by the row rules, then audited with the stored row. */
  private async recordInserts(ctx: CallContext, rows: readonly Row[]): Promise<void> {
    for (const row of rows) this.checkRow(row);
    const entries = rows.map((row) => ({
      action: 'insert',
      entity: this.d.entities,
      entity_id: row[this.d.keys.id] as number,
      after: row,
    }));
    if (ctx.auditMany) await ctx.auditMany(entries);
    else for (const entry of entries) await ctx.audit(entry);
  }

  /**
   * `many` is for a caller inserting many rows in one call (an import): the capabilities it read
   * once, and the stored row answered as it is, without the relations and extras `get` adds.
   */
  async insert(
    ctx: CallContext,
    input: InsertInput,
    many?: { capabilities: Capabilities },
  ): Promise<Row> {
    const { d } = this;
    const capabilities = many?.capabilities ?? (await capabilitiesOf(ctx, d));
    this.refuseInsert(capabilities);
    const given = this.refuseReadOnly(ctx, input);
    let copied: Row = {};
    let relations = input._relations ?? {};
    let source: Row | undefined;
    if (input._copy !== undefined) {
      if (!capabilities.copy) throw forbidden(`${d.title} can not be copied.`);
      source = await this.require(ctx, input._copy);
      copied = copiedValues(d, source);
      const sourceLinks: Record<string, number[]> = {};
      for (const r of d.relations)
        sourceLinks[r.name] = await linkedIds(ctx.trx, r, this.company(ctx), input._copy);
      relations = { ...sourceLinks, ...relations };
    }
    await this.behaviour.fillInsert?.(ctx, given);
    const values = completeInsert(d, given, copied);
    let parent: Row | null = null;
    if (d.tree) {
      const parentId =
        input._selected != null
          ? parentOfInsert(d, input._selected)
          : ((source?.[d.tree.parent] as number | undefined) ?? d.tree.rootValue);
      parent = await checkParent(ctx, d, parentId);
      values[d.tree.parent] = parentId;
    }
    if (d.keys.order) {
      const siblings = d.tree
        ? { column: d.tree.parent, id: values[d.tree.parent] as number }
        : undefined;
      values[d.keys.order] = await repo.nextOrder(ctx.trx, d, this.company(ctx), siblings);
    }
    await this.behaviour.beforeInsert?.(ctx, values);
    const id = await explainedWrite(ctx, d, this.behaviour, values, () =>
      repo.insertRow(ctx.trx, d, this.company(ctx), values),
    );
    if (d.tree) await placeNode(ctx, d, id, parent);
    await linkRelations(ctx, d, this.behaviour, id, relations);
    await this.behaviour.afterInsert?.(ctx, await this.require(ctx, id));
    const row = await this.require(ctx, id);
    await this.recordInserts(ctx, [row]);
    return many ? row : this.present(ctx, row);
  }

  /**
   * Whether new rows can be written many per statement: not in a tree (each is placed under its
   * parent), not with a hand-made order (each is put last in turn) and not with an `afterInsert`
   * (it reads the row written just before).
   */
  private get insertsInBatches(): boolean {
    return !this.d.tree && !this.d.keys.order && !this.behaviour.afterInsert;
  }

  /**
   * New rows as `insert` adds them (an import's rows, without `_copy`), by the same pieces: each
   * row's writable fields, defaults and `beforeInsert`, then one multi-row insert answering the
   * stored rows, their relations, the row rules and one audit entry per row. All or nothing: any
   * refusal throws, as `insert` would for that row; the caller names the row by trying them
   * one at a time. Sets that can not batch (`insertsInBatches`) go through `insert` row by row.
   */
  async insertMany(
    ctx: CallContext,
    inputs: readonly NewRowInput[],
    capabilities: Capabilities,
  ): Promise<Row[]> {
    this.refuseInsert(capabilities);
    const rows: Row[] = [];
    if (!this.insertsInBatches) {
      for (const input of inputs) rows.push(await this.insert(ctx, input, { capabilities }));
      return rows;
    }
    const values: Row[] = [];
    for (const input of inputs) {
      const given = this.refuseReadOnly(ctx, input);
      await this.behaviour.fillInsert?.(ctx, given);
      const row = completeInsert(this.d, given, {});
      await this.behaviour.beforeInsert?.(ctx, row);
      values.push(row);
    }
    const company = this.company(ctx);
    rows.push(
      ...(await explained(this.d, () => repo.insertRows(ctx.trx, this.d, company, values))),
    );
    const links = rows.map((row, n) => ({
      id: row[this.d.keys.id] as number,
      relations: inputs[n]!._relations ?? {},
    }));
    await linkRelationsOfRows(ctx, this.d, this.behaviour, links);
    await this.recordInserts(ctx, rows);
    return rows;
  }

  /**
   * One field of a row. With `_version` (and `_seen`) the save is refused with a 409
   * when the field changed since the user saw it (./versions.ts); the row is locked first, so
   * of two saves made from the same version exactly one wins.
   */
  async update(
    ctx: CallContext,
    id: number,
    fieldName: string | undefined,
    value: unknown,
    seen: Seen = {},
  ): Promise<Row> {
    const { field, parsed } = this.checkedValue(ctx, fieldName, value);
    return this.present(ctx, await this.applyUpdate(ctx, id, field, parsed, seen));
  }

  /** The field and value of an update, checked once before any row is read (bulk: ./bulk.ts). */
  checkedValue(ctx: CallContext, fieldName: string | undefined, value: unknown) {
    if (fieldName === undefined || fieldName === '') throw badRequest(FIELD_MISSING_TEXT);
    const field = writableField(ctx, this.d, fieldName);
    if (value === undefined) throw badRequest('"value" is required.');
    return { field, parsed: parseValue(field, value) };
  }

  /** One row's update with a checked value, under every rule of the row; answers the row after. */
  async applyUpdate(
    ctx: CallContext,
    id: number,
    field: FieldDefinition,
    parsed: unknown,
    seen: Seen = {},
  ): Promise<Row> {
    const { d } = this;
    const before = await this.require(ctx, id, true);
    refuseLocked(d, [before]);
    if (isStale(before, field, seen))
      throw await conflictError(ctx, d, id, field, await this.present(ctx, before));
    if (d.tree) checkRename(d, before, field.name);
    await this.behaviour.beforeUpdate?.(ctx, before, field, parsed);
    await explainedWrite(ctx, d, this.behaviour, { ...before, [field.name]: parsed }, () =>
      repo.updateRow(ctx.trx, d, this.company(ctx), id, { [field.name]: parsed }),
    );
    const after = await this.require(ctx, id);
    this.checkRow(after);
    await this.behaviour.afterUpdate?.(ctx, before, after, field);
    await ctx.audit({ action: 'update', entity: d.entities, entity_id: id, before, after });
    return after;
  }

  /** All or nothing: one missing or protected row refuses the whole delete. */
  async delete(ctx: CallContext, selected: number[]): Promise<number[]> {
    const { d } = this;
    if (!(await capabilitiesOf(ctx, d)).delete)
      throw forbidden(`${d.title} can not be deleted here.`);
    const ids = [...new Set(selected)];
    // Locked until the end: a dispense running meanwhile can not slip in before the delete.
    const rows = await repo.findRows(ctx.trx, d, this.company(ctx), ids, true);
    const found = new Set(rows.map((row) => row[d.keys.id] as number));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(notFoundText(d, missing));
    for (const row of rows) {
      const unkeyed = unkeyedText(d, row);
      if (unkeyed) throw badRequest(unkeyed);
    }
    refuseLocked(d, rows);
    if (d.tree) await checkTreeDelete(ctx, d, rows);
    await this.behaviour.beforeDelete?.(ctx, rows);
    await explained(d, () => repo.deleteRows(ctx.trx, d, this.company(ctx), ids));
    await this.behaviour.afterDelete?.(ctx, rows);
    for (const row of rows) {
      await ctx.audit({
        action: 'delete',
        entity: d.entities,
        entity_id: row[d.keys.id] as number,
        before: row,
      });
    }
    return ids;
  }

  async typeahead(ctx: CallContext, q: Query) {
    return typeaheadLabels(await this.read(ctx), q, {
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
  }

  async labels(ctx: CallContext, ids: number[]) {
    if (ids.length === 0) return [];
    return repo.labelRows(ctx.trx, this.d, this.company(ctx), {
      where: [repo.byIds(this.d, [...new Set(ids)])],
      orderBy: orderBy(this.d, undefined),
    });
  }

  async reorder(
    ctx: CallContext,
    order: number[],
    q: Pick<Query, 'filters' | 'relation_filters'>,
  ): Promise<number[]> {
    const { d } = this;
    if (!(await capabilitiesOf(ctx, d)).ordering)
      throw forbidden(`${d.title} can not be put in order.`);
    // Refuses unknown filter names even though the order is by id.
    this.where(q, await clinicTimeZone(ctx));
    const ids = [...new Set(order)];
    const existing = new Set(await repo.existingIds(ctx.trx, d, this.company(ctx), ids));
    const missing = ids.find((id) => !existing.has(id));
    if (missing !== undefined) throw notFound(notFoundText(d, missing));
    await repo.saveOrder(ctx.trx, d, this.company(ctx), ids);
    await ctx.audit({ action: 'reorder', entity: d.entities, after: ids });
    return ids;
  }
}
