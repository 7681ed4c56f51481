/** Pure helpers on rows of one entity set: keys, labels, lookups and list pages. */
import { fieldOf, type EntityDefinition } from '../../../shared/entities';
import { requiredText } from '../../../shared/entities/labels';
import { ENVELOPE_FIELDS } from '../../../shared/envelope';
import { moduleByName } from '../../../shared/modules';
import type { Id, Row } from './types';

export function idOf(definition: EntityDefinition, row: Row | null | undefined): Id | null {
  const id = row?.[definition.keys.id];
  return typeof id === 'number' ? id : null;
}

const moduleLabel = (name: string) => moduleByName(name)?.label ?? null;

export function labelOf(definition: EntityDefinition, row: Row | null | undefined): string {
  const title = row ? definition.rowTitle?.(row, moduleLabel) : null;
  if (title) return title;
  const name = row?.[definition.keys.name];
  if (typeof name === 'string' && name.trim() !== '') return name;
  const id = idOf(definition, row);
  return id === null ? '' : `#${id}`;
}

/** Updated rows are stored without the envelope fields. */
export function stripEnvelope(row: Row): Row {
  const clean: Row = { ...row };
  for (const field of ENVELOPE_FIELDS) delete clean[field];
  return clean;
}

export function lookupOf(definition: EntityDefinition, rows: readonly Row[]): Record<Id, Row> {
  const lookup: Record<Id, Row> = {};
  for (const row of rows) {
    const id = idOf(definition, row);
    if (id !== null) lookup[id] = row;
  }
  return lookup;
}

/** Secondary key → id, for finding rows by a stable name (category roots by key). */
export function keyLookupOf(
  definition: EntityDefinition,
  rows: readonly Row[],
): Record<string, Id> {
  const key = definition.keys.secondary;
  const lookup: Record<string, Id> = {};
  if (!key) return lookup;
  for (const row of rows) {
    const id = idOf(definition, row);
    const value = row[key];
    if (id !== null && (typeof value === 'string' || typeof value === 'number') && value !== '') {
      lookup[String(value)] = id;
    }
  }
  return lookup;
}

interface ListPage {
  list: Row[];
  no_more: boolean;
}

/**
 * Page 1 replaces the list, later pages append; no more pages once a page is empty or
 * shorter than the limit. A row already listed (the list moved while paging) is not repeated.
 */
export function mergePage(
  definition: EntityDefinition,
  current: readonly Row[],
  page: number,
  limit: number,
  rows: readonly Row[],
): ListPage {
  const base = page <= 1 ? [] : current;
  const seen = new Set(base.map((row) => idOf(definition, row)));
  const fresh = rows.filter((row) => !seen.has(idOf(definition, row)));
  return { list: [...base, ...fresh], no_more: rows.length === 0 || rows.length < limit };
}

/** The list with `row` replacing the row of the same id (when listed). */
export function replaceRow(definition: EntityDefinition, list: readonly Row[], row: Row): Row[] {
  const id = idOf(definition, row);
  return list.map((item) => (idOf(definition, item) === id ? { ...item, ...row } : item));
}

/** Defaults of a new row from the definition (its `defaults`). */
export function defaultsOf(definition: EntityDefinition): Row {
  const defaults: Row = {};
  for (const field of definition.fields) {
    if (!field.readOnly && field.default !== undefined) defaults[field.name] = field.default;
  }
  return defaults;
}

/**
 * A refusal shown beside its field, without the label the server put before it (the field's
 * own label is right above): `Common name: Can not be empty` → `Can not be empty`.
 */
export function refusalText(message: string | null, label?: string): string {
  const text = message ?? 'The change was not saved.';
  if (!label) return text;
  const prefix = `${label}: `;
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

/** The required fields among `names` left empty, each with its message ("Name is required."). */
export function missingRequired(
  definition: EntityDefinition,
  names: readonly string[],
  values: Row,
): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const name of names) {
    const field = fieldOf(definition, name);
    const value = values[name];
    const empty =
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (field?.required && empty) missing[name] = requiredText(field.label);
  }
  return missing;
}
