/**
 * A reference field as a foreign key: (company_id, column) names a row of the same company in the
 * referenced entity's table. Keys are per company, so the company is always part of the key.
 */
import {
  entityByPath,
  type EntityDefinition,
  type FieldDefinition,
} from '../../../shared/entities';

export type OnDelete = 'restrict' | 'set null' | 'cascade';

/**
 * The table a field's references point into, or null for a field that references nothing. A
 * tree's parent is no foreign key: top-level nodes hold the root value 0, which names no row.
 */
export function referencedTable(d: EntityDefinition, field: FieldDefinition): string | null {
  if (field.value !== 'id' || !field.references || d.tree?.parent === field.name) return null;
  return tableOfEntities(field.references);
}

/** The table of an entity set: its definition's, else (a set being added) the set's name. */
export const tableOfEntities = (entities: string): string =>
  entityByPath(entities)?.table ?? entities;

/** A required reference keeps its row alive; an optional one is cleared with it (filing). */
export const onDeleteOf = (field: FieldDefinition): OnDelete =>
  field.storage?.onDelete ?? (field.required ? 'restrict' : 'set null');

/** The `foreign key …` clause, as `create table` and `alter table … add` take it. */
export function foreignKeySql(d: EntityDefinition, field: FieldDefinition): string | null {
  const table = referencedTable(d, field);
  if (!table) return null;
  const onDelete = onDeleteOf(field);
  // `set null (col)`: clear only the reference, never company_id, which is part of the key.
  const action = onDelete === 'set null' ? `set null (${field.name})` : onDelete;
  return `foreign key (company_id, ${field.name}) references ${table} on delete ${action}`;
}
