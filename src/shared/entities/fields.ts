/**
 * Field builders: each returns a field specification with its editor type, value kind and rule;
 * `defineEntity` fills in the label (by the default rule of `labels.ts`) and the remaining
 * defaults.
 */
import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../limits';
import { TOGGLE_OPTIONS } from './labels';
import {
  choiceRule,
  colourRule,
  dateRule,
  emailRule,
  htmlRule,
  instantRule,
  idRule,
  numberRule,
  telRule,
  textRule,
  toggleRule,
  urlRule,
} from './rules';
import type { FieldDefinition, Option, PickWhere, UnitOf, ValueKind } from './types';

/** Type-level only: whether the field's column may hold null. No value has it at run time. */
declare const mayBeNull: unique symbol;

/**
 * A field as a definition lists it. The builders keep its name and value kind as literal types,
 * and whether its rule lets null through, so that RowOf (define.ts) can type an entity's rows.
 */
export type FieldSpec<
  N extends string = string,
  V extends ValueKind = ValueKind,
  Nullable extends boolean = boolean,
> = Omit<
  FieldDefinition,
  | 'name'
  | 'value'
  | 'label'
  | 'rule'
  | 'required'
  | 'readOnly'
  | 'adminOnly'
  | 'money'
  | 'inList'
  | 'copy'
> &
  Partial<
    Pick<
      FieldDefinition,
      'label' | 'required' | 'readOnly' | 'adminOnly' | 'money' | 'inList' | 'copy'
    >
  > & {
    name: N;
    value: V;
    /** Builds the field's rule: the definition builds it when it is first read (define.ts). */
    rule: () => z.ZodType;
    readonly [mayBeNull]?: Nullable;
  };

/** Null is let through where the field is optional (dates, references). */
type UnlessRequired<R extends boolean> = R extends true ? false : true;

/** Options every builder accepts. */
export interface Common {
  label?: string;
  required?: boolean;
  readOnly?: boolean;
  adminOnly?: boolean;
  hint?: string;
  copy?: boolean;
  default?: string | number | null;
  storage?: FieldDefinition['storage'];
}

const common = (o: Common) => ({ ...o, required: o.required ?? false });

/** Single-line text (editor `input`). */
export function input<N extends string>(
  name: N,
  o: Common & { max?: number } = {},
): FieldSpec<N, 'text', false> {
  const max = o.max ?? TEXT_MAX_LENGTH;
  const required = o.required ?? false;
  return {
    ...common(o),
    name,
    type: 'input',
    value: 'text',
    maxLength: max,
    rule: () => textRule(max, required),
  };
}

/** Multi-line plain text. */
export function textarea<N extends string>(
  name: N,
  o: Common & { max?: number } = {},
): FieldSpec<N, 'text', false> {
  const max = o.max ?? 5000;
  const required = o.required ?? false;
  return {
    ...common(o),
    name,
    type: 'textarea',
    value: 'text',
    maxLength: max,
    rule: () => textRule(max, required),
    inList: false,
  };
}

/** Rich text (HTML); returned by `get` only. */
export function html<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  return {
    ...common(o),
    name,
    type: 'html',
    value: 'text',
    rule: () => htmlRule(o.required ?? false),
    inList: false,
  };
}

export function email<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  return {
    ...common(o),
    name,
    type: 'input',
    value: 'text',
    maxLength: 255,
    rule: () => emailRule(o.required ?? false),
  };
}

export function url<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  return {
    ...common(o),
    name,
    type: 'url',
    value: 'text',
    maxLength: 2000,
    rule: () => urlRule(o.required ?? false),
  };
}

export function tel<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  return {
    ...common(o),
    name,
    type: 'tel',
    value: 'text',
    maxLength: 50,
    rule: () => telRule(o.required ?? false),
  };
}

export function colour<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  return {
    ...common(o),
    name,
    type: 'colour',
    value: 'text',
    maxLength: 7,
    rule: () => colourRule(o.required ?? false),
  };
}

/**
 * YYYY-MM-DD or null; with `timed` a date and time, YYYY-MM-DD HH:mm:ss; with `birthDate` a date
 * of birth (its picker opens decades back).
 */
export function date<N extends string, R extends boolean = false>(
  name: N,
  o: Common & { timed?: boolean; birthDate?: boolean; required?: R } = {},
): FieldSpec<N, 'date', UnlessRequired<R>> {
  const timed = o.timed ?? false;
  return {
    ...common(o),
    name,
    type: 'date',
    value: 'date',
    ...(timed ? { timed } : {}),
    rule: () => dateRule(o.required ?? false, timed),
  };
}

/**
 * An instant (timestamptz): ISO 8601 with its offset on the wire, shown in the clinic's time zone.
 * Appointments' starts and ends are instants; a day or a wall-clock rule is not.
 */
export function instant<N extends string, R extends boolean = false>(
  name: N,
  o: Common & { required?: R } = {},
): FieldSpec<N, 'date', UnlessRequired<R>> {
  return {
    ...common(o),
    name,
    type: 'date',
    value: 'date',
    timed: true,
    instant: true,
    rule: () => instantRule(o.required ?? false),
  };
}

export const TIME_OF_DAY_TEXT = 'Must be a time of day in the form HH:mm, from 00:00 to 24:00.';
const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/**
 * A wall-clock time of day, HH:mm (24:00 ends a day): working hours and breaks are kept in the
 * clinic's wall time and turned into instants in its time zone when a day is read.
 */
export function timeOfDay<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'text', false> {
  const required = o.required ?? false;
  return {
    ...common(o),
    name,
    type: 'input',
    value: 'text',
    maxLength: 5,
    rule: () =>
      textRule(5, required).refine((v) => v === '' || TIME_OF_DAY.test(v), TIME_OF_DAY_TEXT),
  };
}

/** 1 (Yes) or 0 (No). */
export function toggle<N extends string>(name: N, o: Common = {}): FieldSpec<N, 'toggle', false> {
  return {
    default: 0,
    ...common(o),
    name,
    type: 'toggle',
    value: 'toggle',
    options: TOGGLE_OPTIONS,
    rule: () => toggleRule(),
  };
}

/** One of fixed text options: a drop-down, or a row of buttons with `buttons`. */
export function select<N extends string>(
  name: N,
  options: readonly Option[],
  o: Common & { buttons?: boolean } = {},
): FieldSpec<N, 'text', false> {
  const values = options.map((option) => String(option.value));
  const { buttons, ...rest } = o;
  return {
    ...common(rest),
    name,
    type: buttons ? 'select_buttons' : 'select',
    value: 'text',
    options,
    rule: () =>
      choiceRule(
        values,
        rest.required ?? false,
        options.map((option) => option.label),
      ),
  };
}

export interface NumberOptions extends Common {
  min?: number;
  max?: number;
  integer?: boolean;
  /** Accepts null (no value); otherwise a number is always stored. */
  nullable?: boolean;
}

export function number<N extends string, Z extends boolean = false>(
  name: N,
  o: NumberOptions & { nullable?: Z } = {},
): FieldSpec<N, 'number' | 'integer', Z> {
  const { min, max, integer, nullable, ...rest } = o;
  return {
    ...common(rest),
    name,
    type: 'number',
    value: integer ? 'integer' : 'number',
    min,
    max,
    rule: () => numberRule({ min, max, integer, nullable }),
  };
}

/** A quantity in the base unit of its kind (mg, ml, mm); never negative. */
export function quantity<N extends string, Z extends boolean = false>(
  name: N,
  unit: UnitOf,
  o: NumberOptions & { nullable?: Z } = {},
): FieldSpec<N, 'number' | 'integer', Z> {
  return { ...number(name, { min: 0, max: 1e15, default: o.nullable ? null : 0, ...o }), unit };
}

/** An amount in the company currency; never negative. */
export function money<N extends string, Z extends boolean = false>(
  name: N,
  { pricePer, ...o }: NumberOptions & { nullable?: Z; pricePer?: UnitOf } = {},
): FieldSpec<N, 'number' | 'integer', Z> {
  const field = { ...number(name, { min: 0, max: 1e10, default: 0, ...o }), money: true };
  return pricePer ? { ...field, pricePer } : field;
}

/** The id of one row of another entity set, chosen with a typeahead. */
export function reference<N extends string, R extends boolean = false>(
  name: N,
  entities: string,
  o: Common & { required?: R; pickWhere?: PickWhere } = {},
): FieldSpec<N, 'id', UnlessRequired<R>> {
  return {
    ...common(o),
    name,
    type: 'single_select_relation',
    value: 'id',
    references: entities,
    rule: () => idRule(o.required ?? false),
  };
}

/** A category (a tree select) from the subtree under the root with key `root`. */
export function category<N extends string, R extends boolean = false>(
  name: N,
  root: string,
  o: Common & { required?: R } = {},
): FieldSpec<N, 'id', UnlessRequired<R>> {
  return {
    label: 'Category',
    ...common(o),
    name,
    type: 'tree_select',
    value: 'id',
    references: 'categories',
    categoryRoot: root,
    rule: () => idRule(o.required ?? false),
  };
}

/** A value only the server writes (keys, computed names, settings): shown, never edited. */
export function readOnly<N extends string, V extends ValueKind>(
  name: N,
  value: V,
  o: Common = {},
): FieldSpec<N, V, false> {
  const type = value === 'toggle' ? 'toggle' : value === 'date' ? 'date' : 'input';
  return { ...common(o), name, type, value, readOnly: true, rule: () => z.never() };
}
