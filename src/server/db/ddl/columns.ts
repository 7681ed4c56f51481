/**
 * An entity field as a table column: its SQL type, nullability, default and the CHECK of its
 * options, all read from the field's definition (value kind, rule, options, storage hints).
 */
import type { FieldDefinition, ValueKind } from '../../../shared/entities';

/** The column type of each value kind, as PostgreSQL names it in `udt_name`. */
const UDT_OF_KIND: Record<ValueKind, string> = {
  text: 'text',
  number: 'numeric',
  integer: 'int4',
  toggle: 'int2',
  date: 'date',
  id: 'int8',
  json: 'jsonb',
};

/** The SQL type written in DDL for each `udt_name` we use. */
const SQL_TYPE_OF_UDT: Record<string, string> = {
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  timestamp: 'timestamp(0)',
  timestamptz: 'timestamptz(0)',
};

/** The type PostgreSQL reports for the column (`information_schema.columns.udt_name`). */
export function udtOf(field: FieldDefinition): string {
  if (field.storage?.type) return field.storage.type;
  if (field.value === 'date' && field.instant) return 'timestamptz';
  if (field.value === 'date' && field.timed) return 'timestamp';
  return UDT_OF_KIND[field.value];
}

const sqlTypeOf = (field: FieldDefinition) => {
  const udt = udtOf(field);
  return SQL_TYPE_OF_UDT[udt] ?? udt;
};

/**
 * Null is stored only where the field's own rule accepts it (an optional date, reference or
 * nullable quantity) and the database fills in no default; text, toggles and JSON never are.
 */
export function isNullable(field: FieldDefinition): boolean {
  // A computed column is declared without `not null`: its expression decides.
  if (field.storage?.computed) return true;
  if (field.value === 'text' || field.value === 'toggle' || field.value === 'json') return false;
  if (field.storage?.default) return false;
  return field.rule.safeParse(null).success;
}

export const sqlLiteral = (value: string | number): string =>
  typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

/**
 * The values a CHECK lets through: the options, and '' where a caller may leave a text choice
 * empty (the field's rule accepts '' when it is optional and written by callers).
 */
export function allowedValues(field: FieldDefinition): Array<string | number> | null {
  if (!field.options) return null;
  const values = field.options.map((o) => o.value);
  const emptyAllowed = field.value === 'text' && !field.required && !field.readOnly;
  return emptyAllowed && !values.includes('') ? [...values, ''] : values;
}

/** `col in ('a', 'b')`: the condition a column of fixed options must meet. */
export function optionCheckSql(field: FieldDefinition): string | null {
  const values = allowedValues(field);
  return values ? `${field.name} in (${values.map(sqlLiteral).join(', ')})` : null;
}

function defaultSql(field: FieldDefinition): string | null {
  if (field.storage?.default) return field.storage.default;
  if (field.default !== undefined && field.default !== null) return sqlLiteral(field.default);
  if (isNullable(field)) return null;
  switch (field.value) {
    case 'text':
      return "''";
    case 'number':
    case 'integer':
    case 'toggle':
      return '0';
    case 'json':
      return "'{}'";
    default:
      return null; // keys and required references: the writer always gives one
  }
}

/** The column's definition as `create table` and `alter table … add column` take it. */
export function columnSql(field: FieldDefinition): string {
  const type = sqlTypeOf(field);
  if (field.storage?.computed) {
    return `${field.name} ${type} generated always as (${field.storage.computed}) stored`;
  }
  const fallback = defaultSql(field);
  const checks = [
    optionCheckSql(field),
    field.min !== undefined ? `${field.name} >= ${field.min}` : null,
  ].filter((check) => check !== null);
  return [
    `${field.name} ${type}`,
    isNullable(field) ? '' : 'not null',
    fallback === null ? '' : `default ${fallback}`,
    ...checks.map((check) => `check (${check})`),
  ]
    .filter(Boolean)
    .join(' ');
}
