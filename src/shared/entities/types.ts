/**
 * The shapes of an entity definition. One definition per entity set says everything
 * the server needs to validate, store, filter and sort it, and everything the web needs to draw
 * its list, filters and editor. Definitions are plain data plus zod rules: no behaviour.
 */
import type { z } from 'zod';
import type { ModuleDefinition } from '../module-entry';
import type { UnitKind } from '../units';

/** Editor item types: how a field is edited and shown. */
export type EditorType =
  | 'input'
  | 'textarea'
  | 'url'
  | 'number'
  | 'tel'
  | 'button'
  | 'toggle'
  | 'simple_relation'
  | 'single_select_relation'
  | 'select_relation'
  | 'select'
  | 'select_buttons'
  | 'colour'
  | 'tree_select'
  | 'date'
  | 'html'
  | 'slot';

/**
 * How a value is stored and compared. text: strings (search prefixes apply); number/integer:
 * numeric; toggle: 0/1; date: YYYY-MM-DD; id: a row id (keys and references); json: read-only
 * structured data sent as JSON text.
 */
export type ValueKind = 'text' | 'number' | 'integer' | 'toggle' | 'date' | 'id' | 'json';

export interface Option {
  value: string | number;
  label: string;
}

/** A quantity's unit kind: fixed, or read from another field of the same row. */
export type UnitOf = UnitKind | { kindField: string };

export interface FieldDefinition {
  /** The column name, also the key in payloads and replies. */
  name: string;
  type: EditorType;
  value: ValueKind;
  label: string;
  /** Validates (and normalises) a value a caller writes; messages name what is wrong. */
  rule: z.ZodType;
  /** Insert must give a non-empty value. */
  required: boolean;
  /** Never written through insert or update (keys, computed names, settings). */
  readOnly: boolean;
  /** Only admins (group 1) may write it. */
  adminOnly: boolean;
  /** What a new row gets when insert leaves the field out. */
  default?: string | number | null;
  options?: readonly Option[];
  maxLength?: number;
  /** date: a date and time (YYYY-MM-DD HH:mm:ss, shown DD/MM/YYYY HH:mm), not a day. */
  timed?: boolean;
  /**
   * date: an instant (timestamptz), e.g. an appointment's start. Travels as ISO 8601 with its
   * offset (2026-03-09T10:00:00+00:00) and is shown in the clinic's time zone; implies `timed`.
   */
  instant?: boolean;
  /** date: a date of birth; its picker opens on the decades, not on this month. */
  birthDate?: boolean;
  min?: number;
  max?: number;
  /** Stored in the base unit (mg, ml, mm) of this kind; shown metric or imperial. */
  unit?: UnitOf;
  /** An amount in the company currency. */
  money: boolean;
  /**
   * money: the price of an amount of this kind, stored per 100 g / 100 ml and shown per the
   * company's everyday amount (per 100 g, per oz); the label gets "per …" added.
   */
  pricePer?: UnitOf;
  /** single_select_relation: the entity set the id points at. */
  references?: string;
  /**
   * single_select_relation: the picker offers only the rows of `references` with these values
   * of that set's list filters (`{ user_practitioner: 1 }`: practitioners only). The server's
   * own checks still decide what may be saved.
   */
  pickWhere?: PickWhere;
  /** tree_select: the category_key of the category root whose subtree is offered. */
  categoryRoot?: string;
  hint?: string;
  /** False for long values (rich text) that only `get` returns. */
  inList: boolean;
  /** False for values that must stay unique, so `_copy` leaves them out. */
  copy: boolean;
  /** How the column is stored, where the value kind alone does not say (see FieldStorage). */
  storage?: FieldStorage;
}

/**
 * What the table's column needs beyond the value kind (src/server/db/ddl builds the column from
 * both). Plain data: the schema generator and the drift test read it, nothing else does.
 */
/** List filters of another entity set and the value each must have (see `pickWhere`). */
export type PickWhere = Readonly<Record<string, string | number>>;

export interface FieldStorage {
  /** An SQL type other than the value kind's (`citext`: e-mail logins compare case-blind). */
  type?: string;
  /** A column the database computes from others of its row: its SQL expression. */
  computed?: string;
  /** An SQL default the database fills in (`current_date`); the column is then never null. */
  default?: string;
  /** A reference: what happens when the row it names is deleted (default: restrict when
   *  required, else the reference is cleared). */
  onDelete?: 'restrict' | 'set null' | 'cascade';
}

/** Many-to-many link kept in `table (company_id, ownKey, otherKey)`. */
export interface RelationDefinition {
  /** `{entities}/add_{name}`, `remove_`, `get_`, `sync_`; also `_relations.{name}` on insert. */
  name: string;
  label: string;
  type: 'select_relation' | 'simple_relation';
  /** The related entity set. */
  entities: string;
  table: string;
  ownKey: string;
  otherKey: string;
  /** Only admins may change it (group membership grants privileges). */
  adminOnly: boolean;
  /** As a reference field's `pickWhere`: the picker offers only the related rows matching. */
  pickWhere?: PickWhere;
  /**
   * A call of the owning set, `{id, name}` (patients/add_medication_named), that links a name
   * typed in the picker, adding it to the related list when the list lacks it.
   */
  addByName?: string;
}

/** Editor items that are neither fields nor relations: action buttons and custom slots. */
export interface ExtraItem {
  name: string;
  type: 'button' | 'slot';
  label: string;
  /**
   * The privilege route of the entity's module it needs (`dispense` → prescriptions/dispense,
   * `list` for a print button): the web enables it by this route and the server checks the
   * button's call against it. Slots default to `update`.
   */
  route: string;
  /** button: the call it makes, relative to the entity set (`dispense` → prescriptions/dispense). */
  call?: string;
  /** button: a confirmation text; shown in a 'Confirm' dialog before the call. */
  confirm?: string;
}

export interface SectionDefinition {
  title: string;
  /** How many of the editor's two columns the section spans on wide screens. */
  columns: 1 | 2;
  collapsible: boolean;
  startsClosed: boolean;
  /** Names of fields, relations or extra items, in order. */
  items: readonly string[];
}

export interface TabDefinition {
  name: string;
  label: string;
  sections: readonly SectionDefinition[];
}

export type FilterType =
  'text' | 'number' | 'date' | 'select' | 'toggle' | 'reference' | 'category';

export interface FilterDefinition {
  name: string;
  column: string;
  type: FilterType;
  label: string;
  options?: readonly Option[];
  references?: string;
  categoryRoot?: string;
}

export interface Capabilities {
  insert: boolean;
  delete: boolean;
  selectMode: boolean;
  /** Rows carry `{base}_order`; `reorder_list` saves a hand-made order. */
  ordering: boolean;
  preferences: boolean;
  /** `insert` with `_copy` duplicates a row with its relations. */
  copy: boolean;
  /** The list holds only some fields, so selecting a row loads it with `get`. */
  loadOnSelect: boolean;
}

/** Tree-shaped entities (categories): a parent key, a root value and optional rule columns. */
export interface TreeDefinition {
  parent: string;
  /** The parent value of top-level nodes. */
  rootValue: 0;
  /** Holds the id of the node's top-level ancestor. */
  rootColumn?: string;
  /**
   * 0/1 columns enforcing the tree rules (mandatory, movable, renamable, may hold children) when
   * present.
   */
  mandatory?: string;
  container?: string;
  movable?: string;
  renameable?: string;
}

export interface EntityKeys {
  id: string;
  /** The label column (a computed, read-only column for users and patients). */
  name: string;
  secondary?: string;
  order?: string;
}

export interface EntityDefinition {
  /** The path segment of its calls and routes, and the name of the module that owns it. */
  entities: string;
  /** The singular stem of its column names: `herb` → herb_id, herb_name. */
  base: string;
  table: string;
  module: string;
  /** Its module's catalogue entry, from the definition's `module` block (every entity set). */
  moduleEntry?: ModuleDefinition;
  title: string;
  singular: string;
  keys: EntityKeys;
  fields: readonly FieldDefinition[];
  relations: readonly RelationDefinition[];
  extras: readonly ExtraItem[];
  tabs: readonly TabDefinition[];
  list: {
    columns: readonly string[];
    search: readonly string[];
    filters: readonly FilterDefinition[];
    sortable: readonly string[];
    /** The order when the user chose none (`-field` for descending); else the stable order. */
    defaultSort?: string;
    /** Fields whose values, all matching an existing row's, warn before an insert. */
    duplicateCheck: readonly string[];
    /** Fields a list row reads beyond its columns (a user's picture): in its summary too. */
    rowFields: readonly string[];
  };
  capabilities: Capabilities;
  tree?: TreeDefinition;
  /** Reading one row is written to the audit log (patient records). */
  auditReads: boolean;
  /**
   * Every logged-in user may read it (list, get, typeahead, labels, tree reads) without the
   * module's `list` privilege: the category tree the shell loads for everyone and the
   * reference lists records pick from. Writes still need their privileges.
   */
  openReads: boolean;
  /** Rows in this state can no longer be changed or deleted (a dispensed prescription). */
  lockedWhen?: RowLock;
  /** Indexes beyond the keys and the list order, each a column list after company_id. */
  indexes?: readonly (readonly string[])[];
  /**
   * What people call a row when its name column is a program name (a module's label). Given the
   * catalogue's labels as an argument: a definition must not load the catalogue, which is built
   * from the definitions.
   */
  rowTitle?: (
    row: Readonly<Record<string, unknown>>,
    moduleLabel: (name: string) => string | null,
  ) => string | null;
}

export interface RowLock {
  field: string;
  value: string;
  /** Why: the editor's hint and the server's refusal. */
  text: string;
}
