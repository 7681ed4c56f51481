/**
 * The fields a write changed, read from its audit row's before and after and named in the entity
 * definition's words. Only the definition's own stored fields are shown (never a password hash,
 * an internal or a computed column), and a reference shows the label it had (`…_label`), not its id.
 * An instant is shown as the clinic's wall time (DD/MM/YYYY HH:mm in its zone), as lists show it.
 */
import type { AuditChange } from '../../shared/audit-trail';
import { entityByPath, type FieldDefinition } from '../../shared/entities';
import { showInstant } from '../../shared/instant-text';

type Values = Record<string, unknown>;

const asValues = (value: unknown): Values | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Values) : null;

function shown(row: Values | null, field: FieldDefinition, zone: string): string {
  if (!row) return '';
  const value = row[`${field.name}_label`] ?? row[field.name];
  if (value === null || value === undefined) return '';
  if (field.instant && typeof value === 'string') return showInstant(value, zone) || value;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function changesOf(
  entity: string,
  before: unknown,
  after: unknown,
  zone: string,
): AuditChange[] {
  const d = entityByPath(entity);
  const old = asValues(before);
  const now = asValues(after);
  if (!d || (!old && !now)) return [];
  return d.fields.flatMap((field) => {
    // The key never changes; a computed column (a full name) only echoes the fields it is made of.
    if (field.name === d.keys.id || field.storage?.computed) return [];
    const from = shown(old, field, zone);
    const to = shown(now, field, zone);
    return from === to ? [] : [{ field: field.name, label: field.label, before: from, after: to }];
  });
}

/** "Patients", or the stored name when no entity definition has it (`modules`, …). */
export const entityLabel = (entity: string): string => entityByPath(entity)?.title ?? entity;
