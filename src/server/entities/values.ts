/**
 * Checks on values a caller writes: the field must exist and be writable by this caller, and the
 * value must pass the field's rule. Messages name the field.
 */
import type { EntityDefinition, FieldDefinition } from '../../shared/entities';
import { lockText } from '../../shared/entities/locks';
import type { CallContext } from '../http/calls';
import { badRequest, forbidden } from '../http/errors';
import { describeIssueWith, type FieldLabels } from '../http/validation';
import { requiredText } from '../../shared/entities/labels';
import type { Row } from './repository';

export function writableField(
  ctx: CallContext,
  d: EntityDefinition,
  name: string,
): FieldDefinition {
  const field = d.fields.find((f) => f.name === name);
  if (!field) throw badRequest(`Unknown field "${name}".`);
  if (field.readOnly) throw badRequest(`"${name}" can not be changed here.`);
  if (field.adminOnly && !ctx.user.is_admin)
    throw forbidden(`Only administrators may change "${name}".`);
  return field;
}

/** Each field's label, so that a refusal names the field as the screen does. */
export const fieldLabels = (d: EntityDefinition): FieldLabels =>
  Object.fromEntries(d.fields.map((f) => [f.name, f.label]));

/** The value must pass the field's rule; a refusal names the field by its label. */
export function parseValue(field: FieldDefinition, value: unknown): unknown {
  const parsed = field.rule.safeParse(value, { reportInput: true });
  if (parsed.success) return parsed.data;
  const labels = { [field.name]: field.label };
  throw badRequest(
    parsed.error.issues
      .map((i) => describeIssueWith(labels)({ ...i, path: [field.name, ...i.path] }))
      .join(' '),
    field.name,
  );
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Values of a new row: copied ones, then defaults for what is missing; required ones checked. */
export function completeInsert(d: EntityDefinition, given: Row, copied: Row): Row {
  const values: Row = { ...copied, ...given };
  for (const field of d.fields) {
    // A read-only field's default is its starting value (a waitlist entry starts 'waiting').
    if (field.name in values) continue;
    if (field.default !== undefined) values[field.name] = field.default;
  }
  for (const field of d.fields) {
    if (field.required && isEmpty(values[field.name]))
      throw badRequest(requiredText(field.label), field.name);
  }
  return values;
}

/** The copyable, writable values of a row being copied; its name marked as a copy. */
export function copiedValues(d: EntityDefinition, source: Row): Row {
  const values: Row = {};
  for (const field of d.fields) {
    if (field.readOnly || !field.copy) continue;
    values[field.name] = source[field.name];
  }
  const name = d.fields.find((f) => f.name === d.keys.name);
  if (name && !name.readOnly && typeof values[name.name] === 'string') {
    const max = name.maxLength ?? 255;
    values[name.name] = `${String(values[name.name]).slice(0, max - 7)} (copy)`;
  }
  return values;
}

export const notFoundText = (d: EntityDefinition, id: number | string) =>
  `There is no ${d.singular} with id ${id}.`;

/**
 * The definition's row lock (`lockedWhen`, a dispensed prescription): every change the engine
 * makes to a row — update, delete, relations, a move in a tree, an entity's own extra calls —
 * refuses a locked row here, so the rule has one home.
 */
export function refuseLocked(d: EntityDefinition, rows: readonly Row[]): void {
  for (const row of rows) {
    const locked = lockText(d, row);
    if (locked) throw badRequest(locked);
  }
}
