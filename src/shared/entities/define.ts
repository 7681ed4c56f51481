/**
 * `defineEntity` turns a compact specification into a complete EntityDefinition: keys, labels and
 * capabilities get their defaults, filters and sort columns are derived from the fields, and any
 * name that does not resolve (a list column, a section item, a key) stops the import with an
 * error, so a broken definition never reaches the server or the web.
 */
import {
  ENTITY_ROUTES,
  type EntityModuleSpec,
  type ModuleDefinition,
  type PrivilegeRoute,
} from '../module-entry';
import type { z } from 'zod';
import type { FieldSpec } from './fields';
import type { ValueKind } from './types';
import { readOnly } from './fields';
import { defaultLabel } from './labels';
import type {
  Capabilities,
  EntityDefinition,
  EntityKeys,
  ExtraItem,
  FieldDefinition,
  FilterDefinition,
  FilterType,
  RelationDefinition,
  RowLock,
  SectionDefinition,
  TreeDefinition,
} from './types';

export interface RelationSpec {
  name: string;
  entities: string;
  table: string;
  /** The link table's column holding the related row's id. */
  otherKey: string;
  /** The link table's column holding this entity's id; defaults to the id key. */
  ownKey?: string;
  label?: string;
  type?: RelationDefinition['type'];
  adminOnly?: boolean;
  addByName?: string;
  pickWhere?: RelationDefinition['pickWhere'];
}

export interface SectionSpec extends Partial<Omit<SectionDefinition, 'items' | 'title'>> {
  title: string;
  items: readonly string[];
}

/** An extra item as written; a slot needs the module's `update` route unless it says otherwise. */
export type ExtraSpec = Omit<ExtraItem, 'route'> & { route?: string };

export interface EntitySpec<F extends FieldSpec = FieldSpec, B extends string = string> {
  entities: string;
  base: B;
  title: string;
  singular: string;
  table?: string;
  /**
   * The entity's entry in the module catalogue (src/shared/modules.ts). Every entity set has one;
   * only screens' own sub-definitions (prescription lines) leave it out.
   */
  module?: EntityModuleSpec;
  keys?: Partial<EntityKeys>;
  fields: readonly F[];
  relations?: readonly RelationSpec[];
  extras?: readonly ExtraSpec[];
  tabs: ReadonlyArray<{ name: string; label?: string; sections: readonly SectionSpec[] }>;
  list: {
    columns: readonly string[];
    search: readonly string[];
    filters?: readonly string[];
    /** Extra sortable columns besides the list columns, name, id and order. */
    sortable?: readonly string[];
    /** The order a list takes when the user chose none: a sortable field, `-` for newest first. */
    defaultSort?: string;
    /**
     * Fields that together name the same thing twice (a patient's names and date of birth): adding
     * a row whose values match an existing row's warns before saving.
     */
    duplicateCheck?: readonly string[];
    /** Fields a list row reads beyond its columns (a user's picture beside the name). */
    rowFields?: readonly string[];
  };
  capabilities?: Partial<Capabilities>;
  tree?: TreeDefinition;
  auditReads?: boolean;
  openReads?: boolean;
  lockedWhen?: RowLock;
  indexes?: EntityDefinition['indexes'];
  rowTitle?: EntityDefinition['rowTitle'];
}

function fail(spec: EntitySpec, text: string): never {
  throw new Error(`Entity "${spec.entities}": ${text}`);
}

/**
 * `field.rule`, built when first read and kept. Every definition is evaluated as the app starts,
 * and the zod chains of about 300 fields (four or five schemas each, zod's code compiled on the
 * way) took 50–70 ms of an entity screen's start on two cores, though the start checks almost
 * none of them.
 */
function withRuleOnFirstRead(field: Omit<FieldDefinition, 'rule'>, build: () => z.ZodType) {
  let rule: z.ZodType | undefined;
  return Object.defineProperty(field, 'rule', {
    enumerable: true,
    get: () => (rule ??= build()),
  }) as FieldDefinition;
}

function completeField(spec: FieldSpec, base: string): FieldDefinition {
  const stem = spec.value === 'id' && spec.references ? spec.name.replace(/_id$/, '') : spec.name;
  const { rule, ...rest } = spec;
  return withRuleOnFirstRead(
    {
      ...rest,
      label: spec.label ?? defaultLabel(stem, base),
      required: spec.required ?? false,
      readOnly: spec.readOnly ?? false,
      adminOnly: spec.adminOnly ?? false,
      money: spec.money ?? false,
      inList: spec.inList ?? true,
      copy: spec.copy ?? true,
    },
    rule,
  );
}

/** How a field filters; null for JSON values, which can not be filtered. */
export function filterTypeOf(field: FieldDefinition): FilterType | null {
  switch (field.value) {
    case 'text':
      return field.type === 'select' || field.type === 'select_buttons' ? 'select' : 'text';
    case 'number':
    case 'integer':
      return 'number';
    case 'toggle':
      return 'toggle';
    case 'date':
      return 'date';
    case 'id':
      return field.type === 'tree_select' ? 'category' : 'reference';
    case 'json':
      return null;
  }
}

function filterOf(field: FieldDefinition): FilterDefinition {
  const type = filterTypeOf(field);
  if (!type) throw new Error(`Field "${field.name}" holds JSON and can not be filtered.`);
  return {
    name: field.name,
    column: field.name,
    type,
    label: field.label,
    ...(field.options ? { options: field.options } : {}),
    ...(field.references ? { references: field.references } : {}),
    ...(field.categoryRoot ? { categoryRoot: field.categoryRoot } : {}),
  };
}

function completeExtra(spec: EntitySpec, extra: ExtraSpec): ExtraItem {
  if (extra.route) return { ...extra, route: extra.route };
  if (extra.type === 'slot') return { ...extra, route: 'update' };
  return fail(spec, `button "${extra.name}" needs the privilege route it runs under.`);
}

/**
 * The entity's module entry: the four entity routes, the block's own routes, then each route a
 * button declares that is not among them yet, labelled as the button — so a button's privilege
 * is named once, in its extra item, and the privilege tree, the server and the web all read it.
 */
function moduleEntryOf(
  spec: EntitySpec,
  module: EntityModuleSpec,
  extras: readonly ExtraItem[],
): ModuleDefinition {
  const routes: PrivilegeRoute[] = [...ENTITY_ROUTES, ...(module.routes ?? [])];
  for (const extra of extras)
    if (!routes.some((r) => r.route === extra.route))
      routes.push({ route: extra.route, label: extra.label });
  return {
    name: spec.entities,
    label: module.label ?? spec.title,
    description: module.description,
    essential: module.essential ?? false,
    route: `/app/${spec.entities}`,
    section: module.section,
    position: module.position,
    leftDrawer: module.leftDrawer ?? false,
    routes,
    tabs: module.tabs ?? [],
  };
}

/** Type-level only: the fields and base a definition was made from (for RowOf). */
declare const madeFrom: unique symbol;

/** A definition that still knows, as types, the fields it was made from. */
export type DefinedEntity<F extends FieldSpec, B extends string> = EntityDefinition & {
  readonly [madeFrom]?: { fields: F; base: B };
};

/** The type a column of each value kind is read as (node-postgres, with our type parsers). */
interface StoredAs {
  text: string;
  date: string;
  number: number;
  integer: number;
  id: number;
  toggle: 0 | 1;
  json: unknown;
}

type StoredOf<F> =
  F extends FieldSpec<string, infer V extends ValueKind, infer Z>
    ? StoredAs[V] | (true extends Z ? null : never)
    : never;

/**
 * An entity's row as its full read returns it, typed from its definition: `RowOf<typeof
 * prescriptions>` has `prescription_patient_id: number`, `prescription_date: string | null`…
 * Fields whose name is not a literal (built from a variable) are left out; the id key is added.
 */
export type RowOf<D> = typeof madeFrom extends keyof D
  ? D extends DefinedEntity<infer F, infer B>
    ? { [S in F as string extends S['name'] ? never : S['name']]: StoredOf<S> } & {
        [K in `${B}_id`]: number;
      }
    : never
  : never;

export function defineEntity<F extends FieldSpec, B extends string>(
  spec: EntitySpec<F, B>,
): DefinedEntity<F, B> {
  const base = spec.base;
  const capabilities: Capabilities = {
    insert: true,
    delete: true,
    selectMode: true,
    ordering: false,
    preferences: true,
    copy: true,
    loadOnSelect: spec.fields.some((f) => f.inList === false),
    ...spec.capabilities,
  };
  const keys: EntityKeys = {
    id: `${base}_id`,
    name: `${base}_name`,
    ...(capabilities.ordering ? { order: `${base}_order` } : {}),
    ...spec.keys,
  };
  const implicit: FieldSpec[] = [];
  if (!spec.fields.some((f) => f.name === keys.id))
    implicit.push(readOnly(keys.id, 'id', { label: 'Id' }));
  if (keys.order && !spec.fields.some((f) => f.name === keys.order)) {
    implicit.push(readOnly(keys.order, 'integer', { label: 'Order' }));
  }
  const fields = [...implicit, ...spec.fields].map((f) => completeField(f, base));
  const byName = new Map(fields.map((f) => [f.name, f]));
  if (byName.size !== fields.length) fail(spec, 'a field is declared twice.');
  const field = (name: string, where: string) =>
    byName.get(name) ?? fail(spec, `${where} names unknown field "${name}".`);
  for (const key of Object.values(keys) as Array<string | undefined>) if (key) field(key, 'a key');
  if (spec.tree) field(spec.tree.parent, 'the tree parent');

  const relations: RelationDefinition[] = (spec.relations ?? []).map((r) => ({
    name: r.name,
    label: r.label ?? defaultLabel(r.name),
    type: r.type ?? 'select_relation',
    entities: r.entities,
    table: r.table,
    ownKey: r.ownKey ?? keys.id,
    otherKey: r.otherKey,
    adminOnly: r.adminOnly ?? false,
    ...(r.addByName ? { addByName: r.addByName } : {}),
    ...(r.pickWhere ? { pickWhere: r.pickWhere } : {}),
  }));
  const extras = (spec.extras ?? []).map((e) => completeExtra(spec, e));
  const itemNames = new Set([
    ...byName.keys(),
    ...relations.map((r) => r.name),
    ...extras.map((e) => e.name),
  ]);
  if (itemNames.size !== byName.size + relations.length + extras.length) {
    fail(spec, 'a relation or extra item has the name of a field or of another item.');
  }
  if (spec.tabs.length === 0) fail(spec, 'the editor needs at least one tab.');
  const tabs = spec.tabs.map((tab) => ({
    name: tab.name,
    label: tab.label ?? defaultLabel(tab.name),
    sections: tab.sections.map((s) => {
      for (const item of s.items)
        if (!itemNames.has(item)) fail(spec, `section "${s.title}" names unknown item "${item}".`);
      return { columns: 1 as const, collapsible: true, startsClosed: false, ...s };
    }),
  }));

  const search = spec.list.search.map((name) => field(name, 'search'));
  for (const f of search)
    if (f.value !== 'text' && f.value !== 'date')
      fail(spec, `search field "${f.name}" is neither text nor a date.`);
  const columns = spec.list.columns.map((name) => field(name, 'a list column').name);
  const sortable = [
    ...new Set([
      ...columns,
      keys.name,
      keys.id,
      ...(keys.order ? [keys.order] : []),
      ...(spec.list.sortable ?? []),
    ]),
  ];
  for (const name of sortable)
    if (field(name, 'sortable').value === 'json') fail(spec, `"${name}" can not be sorted.`);
  const defaultSort = spec.list.defaultSort;
  if (defaultSort !== undefined && !sortable.includes(defaultSort.replace(/^-/, '')))
    fail(spec, `default order "${defaultSort}" is not sortable.`);
  const duplicateCheck = (spec.list.duplicateCheck ?? []).map(
    (name) => field(name, 'a duplicate check').name,
  );
  const rowFields = (spec.list.rowFields ?? []).map((name) => field(name, 'a row field').name);

  return {
    entities: spec.entities,
    base,
    table: spec.table ?? spec.entities,
    module: spec.entities,
    ...(spec.module ? { moduleEntry: moduleEntryOf(spec, spec.module, extras) } : {}),
    title: spec.title,
    singular: spec.singular,
    keys,
    fields,
    relations,
    extras,
    tabs,
    list: {
      columns,
      search: search.map((f) => f.name),
      filters: (spec.list.filters ?? []).map((name) => filterOf(field(name, 'a filter'))),
      sortable,
      ...(defaultSort !== undefined ? { defaultSort } : {}),
      duplicateCheck,
      rowFields,
    },
    capabilities,
    ...(spec.tree ? { tree: spec.tree } : {}),
    auditReads: spec.auditReads ?? false,
    openReads: spec.openReads ?? false,
    ...(spec.lockedWhen ? { lockedWhen: spec.lockedWhen } : {}),
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
    ...(spec.rowTitle ? { rowTitle: spec.rowTitle } : {}),
  };
}
