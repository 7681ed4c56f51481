/**
 * Before adding a row, the row it may duplicate: the definition's `duplicateCheck` fields (a
 * patient's names and date of birth), all given, looked up with the list call's own search —
 * their values as search words, as a user would type them — and compared exactly (letter case
 * and surrounding spaces aside) on the rows found.
 */
import type { EntityDefinition } from '../../../shared/entities';
import type { SliceContext } from './context';
import type { Row } from './types';

export interface DuplicateActions {
  /** An existing row with the same values in every duplicateCheck field, or null. */
  findDuplicate: (values: Row) => Promise<Row | null>;
}

/** How many rows the lookup reads: the exact match is among the few rows all words find. */
const LOOKUP_LIMIT = 20;

/** Checked fields hold text, dates or numbers: compared as text. */
const comparable = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim().toLowerCase() : '';

const given = (value: unknown) =>
  value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** The search words that find the candidates; null when some checked value is missing. */
function duplicateSearch(definition: EntityDefinition, values: Row): string | null {
  const fields = definition.list.duplicateCheck;
  if (fields.length === 0 || !fields.every((name) => given(values[name]))) return null;
  return fields.map((name) => comparable(values[name])).join(' ');
}

const sameValues = (definition: EntityDefinition, row: Row, values: Row): boolean =>
  definition.list.duplicateCheck.every(
    (name) => comparable(row[name]) === comparable(values[name]),
  );

export function duplicateSlice(ctx: SliceContext): DuplicateActions {
  const { definition, transport, path } = ctx;
  return {
    async findDuplicate(values) {
      const search = duplicateSearch(definition, values);
      if (search === null) return null;
      const reply = await transport(
        path('list'),
        { page: 1, limit: LOOKUP_LIMIT, filters: { search } },
        'log',
      );
      const rows = reply.ok && Array.isArray(reply.data) ? (reply.data as Row[]) : [];
      return rows.find((row) => sameValues(definition, row, values)) ?? null;
    },
  };
}
