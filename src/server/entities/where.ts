/**
 * Filters, search, relation filters and sort order as SQL, from a definition. Every column and
 * table name used here comes from the definition; caller-supplied names are only looked up, and
 * an unknown one is refused by name. Values always travel as parameters.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition, FieldDefinition, FilterType } from '../../shared/entities';
import { filterTypeOf } from '../../shared/entities/define';
import {
  isActiveFilter,
  parseTextFilter,
  stripExactPrefix,
  type FilterScalar,
  type ParsedTextFilter,
} from '../../shared/filters';
import { parseDateRange } from '../../shared/date-ranges';
import { ISO_DATE_TEXT, isIsoDate } from '../../shared/iso-date';
import { badRequest } from '../http/errors';
import { parseSearch, searchCondition, type SearchQuery } from './search';
import { col, textMatch } from './text-match';

export { col };

type Condition = RawBuilder<unknown>;
export type Filters = Record<string, FilterScalar | null | FilterScalar[]> | undefined;
export type RelationFilters = Record<string, number | null | number[]> | undefined;

function scalarValue(field: FieldDefinition, type: FilterType, raw: FilterScalar): unknown {
  const value = stripExactPrefix(raw);
  const problem = (text: string) => badRequest(`Filter "${field.name}": ${text}`);
  switch (type) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (String(value).trim() === '' || !Number.isFinite(n)) throw problem('Must be a number.');
      return n;
    }
    case 'toggle':
      if (String(value) !== '0' && String(value) !== '1')
        throw problem('Must be 1 (Yes) or 0 (No).');
      return Number(value);
    case 'reference':
    case 'category': {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) throw problem('Must be an id.');
      return n;
    }
    case 'date': // whole values are read by dateCondition
    case 'select':
    case 'text':
      return String(value);
  }
}

/** Nodes of the category subtree under `ids` (inclusive), for category filters. */
function categorySubtree(ids: unknown[]): RawBuilder<unknown> {
  return sql`(with recursive sub as (
    select c.category_id from categories c where c.company_id = r.company_id and c.category_id in (${sql.join(ids)})
    union all
    select c.category_id from categories c join sub on c.category_parent = sub.category_id
      where c.company_id = r.company_id
  ) select category_id from sub)`;
}

function fieldCondition(
  field: FieldDefinition,
  value: FilterScalar | FilterScalar[],
  zone: string,
): Condition | null {
  const type = filterTypeOf(field);
  if (!type) throw badRequest(`Filter "${field.name}" is not allowed.`);
  const values = (Array.isArray(value) ? value : [value]).filter(isActiveFilter);
  if (values.length === 0) return null;
  if (type === 'text') {
    const parsed = values
      .map((v) => parseTextFilter(v))
      .filter((p): p is ParsedTextFilter => p !== null);
    if (parsed.length === 0) return null;
    return sql`(${sql.join(
      parsed.map((p) => textMatch([field.name], p)),
      sql` or `,
    )})`;
  }
  if (type === 'date') return dateCondition(field, values, zone);
  const typed = values.map((v) => scalarValue(field, type, v));
  if (type === 'category') return sql`${col(field.name)} in ${categorySubtree(typed)}`;
  return sql`${col(field.name)} in (${sql.join(typed)})`;
}

/**
 * Days and `from..to` ranges (shared/date-ranges), any of them matching. A day is compared as a
 * half-open span, so a timed field's whole day matches too. An instant's day is the clinic's:
 * from its midnight in `zone` to the next (23 or 25 hours on a day the clocks change).
 */
function dateCondition(field: FieldDefinition, values: FilterScalar[], zone: string): Condition {
  const column = col(field.name);
  const dayStart = (day: RawBuilder<unknown>) =>
    field.instant ? sql`(${day})::timestamp at time zone ${zone}` : day;
  const spans = values.map((raw) => {
    const text = String(stripExactPrefix(raw)).trim();
    const isRange = text.includes('..');
    const range = isRange
      ? parseDateRange(text)
      : isIsoDate(text)
        ? { from: text, to: text }
        : null;
    if (!range)
      throw badRequest(`Filter "${field.name}": ${isRange ? DATE_RANGE_TEXT : ISO_DATE_TEXT}`);
    const { from, to } = range;
    const ends = [
      ...(from !== null ? [sql`${column} >= ${dayStart(sql`${from}::date`)}`] : []),
      ...(to !== null ? [sql`${column} < ${dayStart(sql`${to}::date + 1`)}`] : []),
    ];
    return sql`(${sql.join(ends, sql` and `)})`;
  });
  return sql`(${sql.join(spans, sql` or `)})`;
}

const DATE_RANGE_TEXT = `${ISO_DATE_TEXT} A range is written YYYY-MM-DD..YYYY-MM-DD (either end may be left out).`;

/** The text search over the definition's search columns, besides the named filters. */
const SEARCH_FILTER = 'search';

const allowedCache = new WeakMap<EntityDefinition, ReadonlyMap<string, FieldDefinition>>();

/**
 * The named filters a caller may use: exactly the definition's list filters, which the web's
 * filter panel, category drawer, list addresses and patient history are all built from. Any other
 * field — however plainly stored — is not a filter: `patients/list` filtered by `patient_notes`
 * would read notes without the audit entry `get` writes.
 */
function allowedFilters(definition: EntityDefinition): ReadonlyMap<string, FieldDefinition> {
  let allowed = allowedCache.get(definition);
  if (!allowed) {
    const names = new Set(definition.list.filters.map((f) => f.name));
    allowed = new Map(definition.fields.filter((f) => names.has(f.name)).map((f) => [f.name, f]));
    allowedCache.set(definition, allowed);
  }
  return allowed;
}

/**
 * The named filters as conditions, and the search apart: its pages are found differently. `zone`
 * is the clinic's (diary/time-zone.ts), whose days an instant field's filter means.
 */
export function splitFilters(
  definition: EntityDefinition,
  filters: Filters,
  zone: string,
): { conditions: Condition[]; search: SearchQuery | null } {
  const conditions: Condition[] = [];
  let search: SearchQuery | null = null;
  for (const [name, value] of Object.entries(filters ?? {})) {
    // Checked before the value, so an unknown name is refused even when its value is empty.
    if (name !== SEARCH_FILTER && !allowedFilters(definition).has(name)) {
      throw badRequest(`Unknown filter "${name}".`);
    }
    if (value === null || !isActiveFilter(value)) continue;
    if (name === SEARCH_FILTER) {
      search = parseSearch(value);
      continue;
    }
    const condition = fieldCondition(
      allowedFilters(definition).get(name) as FieldDefinition,
      value,
      zone,
    );
    if (condition) conditions.push(condition);
  }
  return { conditions, search };
}

/** Every filter, the search included, as conditions. */
export function filterConditions(
  definition: EntityDefinition,
  filters: Filters,
  zone: string,
): Condition[] {
  const { conditions, search } = splitFilters(definition, filters, zone);
  return search ? [...conditions, searchCondition(definition, search)] : conditions;
}

export function relationConditions(
  definition: EntityDefinition,
  filters: RelationFilters,
): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, value] of Object.entries(filters ?? {})) {
    const relation = definition.relations.find((r) => r.name === name);
    if (!relation) throw badRequest(`Unknown relation filter "${name}".`);
    const ids = value === null ? [] : Array.isArray(value) ? value : [value];
    if (ids.length === 0) continue;
    conditions.push(sql`exists (select 1 from ${sql.table(relation.table)} l
      where l.company_id = r.company_id and ${sql.ref(`l.${relation.ownKey}`)} = ${col(definition.keys.id)}
      and ${sql.ref(`l.${relation.otherKey}`)} in (${sql.join(ids)}))`);
  }
  return conditions;
}

export type Sort = string | { field: string; direction: 'asc' | 'desc' } | undefined;

/** A list's order: the requested one, else the definition's default. */
export const listOrderBy = (definition: EntityDefinition, sort: Sort): RawBuilder<unknown> =>
  orderBy(definition, sort === undefined || sort === '' ? definition.list.defaultSort : sort);

/** The requested order, then the definition's stable order (order key, name, id). */
export function orderBy(definition: EntityDefinition, sort: Sort): RawBuilder<unknown> {
  const { keys } = definition;
  const stable = [...(keys.order ? [keys.order] : []), keys.name, keys.id];
  const terms = stable.map((name) => sql`${col(name)} asc`);
  if (sort !== undefined && sort !== '') {
    const descending = typeof sort === 'string' ? sort.startsWith('-') : sort.direction === 'desc';
    const name = typeof sort === 'string' ? sort.replace(/^-/, '') : sort.field;
    if (!definition.list.sortable.includes(name)) throw badRequest(`Unknown sort field "${name}".`);
    terms.unshift(
      descending ? sql`${col(name)} desc nulls last` : sql`${col(name)} asc nulls last`,
    );
  }
  return sql.join(terms);
}
