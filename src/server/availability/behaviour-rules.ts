/**
 * What working hours and exceptions share beyond the generic engine: the practitioner named must
 * be a user marked as one, times run forwards, and the label is written when left empty (and kept
 * in step while it is still the written one).
 */
import { sql } from 'kysely';
import type { EntityDefinition, FieldDefinition } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { findRow, updateRow, type Row } from '../entities/repository';

const labelOf = (d: EntityDefinition, field: string) =>
  d.fields.find((f) => f.name === field)?.label ?? field;

/** A refusal naming the field by its label, with the field for the editor to mark. */
export const refuse = (d: EntityDefinition, field: string, text: string) =>
  badRequest(`${labelOf(d, field)}: ${text}`, field);

/** Refuses a user who is not marked as a practitioner; an unknown id is left to the foreign key. */
export async function requirePractitioner(
  ctx: CallContext,
  d: EntityDefinition,
  field: string,
  userId: unknown,
): Promise<void> {
  if (typeof userId !== 'number') return;
  const { rows } = await sql<{ name: string; practitioner: number }>`
    select user_name as name, user_practitioner as practitioner from users
    where company_id = ${ctx.caller.company.company_id} and user_id = ${userId}`.execute(ctx.trx);
  const user = rows[0];
  if (user && user.practitioner !== 1)
    throw refuse(
      d,
      field,
      `${user.name} is not marked as a practitioner; tick "Practitioner" on their user record first.`,
    );
}

/** An end after its start; both are 'HH:mm', which compare as text. */
export function requireEndAfterStart(
  d: EntityDefinition,
  row: Row,
  startField: string,
  endField: string,
): void {
  const [start, end] = [row[startField], row[endField]];
  if (typeof start === 'string' && typeof end === 'string' && start && end && end <= start)
    throw refuse(d, endField, `Must be after ${labelOf(d, startField)} (${start}).`);
}

/** A last day on or after the first. */
export function requireDaysInOrder(
  d: EntityDefinition,
  row: Row,
  fromField: string,
  untilField: string,
): void {
  const [from, until] = [row[fromField], row[untilField]];
  if (typeof from === 'string' && typeof until === 'string' && until < from)
    throw refuse(d, untilField, `Must not be before ${labelOf(d, fromField)} (${from}).`);
}

/** The row as it will be once `field` holds `value`. */
export const withChange = (before: Row, field: FieldDefinition, value: unknown): Row => ({
  ...before,
  [field.name]: value,
});

/**
 * Keeps a written label in step with the row: when the name was empty or the label of the row
 * before, it becomes the label of the row after. The engine audits and answers the `after` object
 * it passes here, so it is changed in place as well as stored.
 */
export async function refreshLabel(
  ctx: CallContext,
  d: EntityDefinition,
  before: Row,
  after: Row,
  label: (row: Row) => string,
): Promise<void> {
  const name = d.keys.name;
  if (!name) return;
  const current = typeof after[name] === 'string' ? after[name] : '';
  const written = current === '' || current === label(before);
  const next = label(after);
  if (!written || current === next) return;
  const [company, id] = [ctx.caller.company.company_id, after[d.keys.id] as number];
  await updateRow(ctx.trx, d, company, id, { [name]: next });
  // The stored row, with the version the update gave it.
  Object.assign(after, await findRow(ctx.trx, d, company, id));
}
