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
  idRule,
  numberRule,
  telRule,
  textRule,
  toggleRule,
  urlRule,
} from './rules';
import type { FieldDefinition, Option, UnitOf } from './types';

export type FieldSpec = Omit<
  FieldDefinition,
  'label' | 'required' | 'readOnly' | 'adminOnly' | 'money' | 'inList' | 'copy'
> &
  Partial<
    Pick<
      FieldDefinition,
      'label' | 'required' | 'readOnly' | 'adminOnly' | 'money' | 'inList' | 'copy'
    >
  >;

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
export function input(name: string, o: Common & { max?: number } = {}): FieldSpec {
  const max = o.max ?? TEXT_MAX_LENGTH;
  const required = o.required ?? false;
  return {
    ...common(o),
    name,
    type: 'input',
    value: 'text',
    maxLength: max,
    rule: textRule(max, required),
  };
}

/** Multi-line plain text. */
export function textarea(name: string, o: Common & { max?: number } = {}): FieldSpec {
  const max = o.max ?? 5000;
  const required = o.required ?? false;
  return {
    ...common(o),
    name,
    type: 'textarea',
    value: 'text',
    maxLength: max,
    rule: textRule(max, required),
    inList: false,
  };
}

/** Rich text (HTML); returned by `get` only. */
export function html(name: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'html',
    value: 'text',
    rule: htmlRule(o.required ?? false),
    inList: false,
  };
}

export function email(name: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'input',
    value: 'text',
    maxLength: 255,
    rule: emailRule(o.required ?? false),
  };
}

export function url(name: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'url',
    value: 'text',
    maxLength: 2000,
    rule: urlRule(o.required ?? false),
  };
}

export function tel(name: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'tel',
    value: 'text',
    maxLength: 50,
    rule: telRule(o.required ?? false),
  };
}

export function colour(name: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'colour',
    value: 'text',
    maxLength: 7,
    rule: colourRule(o.required ?? false),
  };
}

/** YYYY-MM-DD or null; with `timed` a date and time, YYYY-MM-DD HH:mm:ss. */
export function date(name: string, o: Common & { timed?: boolean } = {}): FieldSpec {
  const timed = o.timed ?? false;
  return {
    ...common(o),
    name,
    type: 'date',
    value: 'date',
    ...(timed ? { timed } : {}),
    rule: dateRule(o.required ?? false, timed),
  };
}

/** 1 (Yes) or 0 (No). */
export function toggle(name: string, o: Common = {}): FieldSpec {
  return {
    default: 0,
    ...common(o),
    name,
    type: 'toggle',
    value: 'toggle',
    options: TOGGLE_OPTIONS,
    rule: toggleRule(),
  };
}

/** One of fixed text options: a drop-down, or a row of buttons with `buttons`. */
export function select(
  name: string,
  options: readonly Option[],
  o: Common & { buttons?: boolean } = {},
): FieldSpec {
  const values = options.map((option) => String(option.value));
  const { buttons, ...rest } = o;
  return {
    ...common(rest),
    name,
    type: buttons ? 'select_buttons' : 'select',
    value: 'text',
    options,
    rule: choiceRule(
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

export function number(name: string, o: NumberOptions = {}): FieldSpec {
  const { min, max, integer, nullable, ...rest } = o;
  return {
    ...common(rest),
    name,
    type: 'number',
    value: integer ? 'integer' : 'number',
    min,
    max,
    rule: numberRule({ min, max, integer, nullable }),
  };
}

/** A quantity in the base unit of its kind (mg, ml, mm); never negative. */
export function quantity(name: string, unit: UnitOf, o: NumberOptions = {}): FieldSpec {
  return { ...number(name, { min: 0, max: 1e15, default: o.nullable ? null : 0, ...o }), unit };
}

/** An amount in the company currency; never negative. */
export function money(name: string, o: NumberOptions = {}): FieldSpec {
  return { ...number(name, { min: 0, max: 1e10, default: 0, ...o }), money: true };
}

/** The id of one row of another entity set, chosen with a typeahead. */
export function reference(name: string, entities: string, o: Common = {}): FieldSpec {
  return {
    ...common(o),
    name,
    type: 'single_select_relation',
    value: 'id',
    references: entities,
    rule: idRule(o.required ?? false),
  };
}

/** A category (a tree select) from the subtree under the root with key `root`. */
export function category(name: string, root: string, o: Common = {}): FieldSpec {
  return {
    label: 'Category',
    ...common(o),
    name,
    type: 'tree_select',
    value: 'id',
    references: 'categories',
    categoryRoot: root,
    rule: idRule(o.required ?? false),
  };
}

/** A value only the server writes (keys, computed names, settings): shown, never edited. */
export function readOnly(name: string, value: FieldDefinition['value'], o: Common = {}): FieldSpec {
  const type = value === 'toggle' ? 'toggle' : value === 'date' ? 'date' : 'input';
  return { ...common(o), name, type, value, readOnly: true, rule: z.never() };
}
