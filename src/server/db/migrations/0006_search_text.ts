/**
 * Search that the application role can actually run fast. Row-level security lets the planner use
 * a condition as an index condition only when its operator is LEAKPROOF, and ILIKE, LIKE, the
 * trigram and the full-text operators are not: for the RLS-bound app role the trigram and
 * full-text GIN indexes of 0005 never served a query (EXPLAIN shows the company's rows walked in
 * name order with every row fetched from the heap), while every write paid for them.
 *
 * Instead each entity table gets `search_text`: its search columns lower-cased, each between
 * U+001F separators, and the list-order index carries it as an included column. A search is then
 * one cheap LIKE evaluated inside an index-only walk in list order that stops at the page's last
 * row, and the page's full rows are fetched by key afterwards (repository.selectRows).
 */
import type { Migration } from '../migrate';
import { SEARCH_INDEX_TABLES } from './0005_entity_search';

/** The engine's SEARCH_SEPARATOR (entities/search-sql.ts), frozen here as this migration ran. */
const SEPARATOR = "E'\\x1f'";

function searchTextSql(columns: readonly string[]): string {
  const parts = columns.map((c) => `coalesce(lower(${c}::text), '')`);
  return [SEPARATOR, ...parts.flatMap((part) => [part, SEPARATOR])].join(' || ');
}

function tableSql([table, id, name, search]: (typeof SEARCH_INDEX_TABLES)[number]): string {
  return [
    ...search.map((column) => `drop index ${table}_${column}_trgm;`),
    `drop index ${table}_fulltext;`,
    `drop index ${table}_order;`,
    `alter table ${table} add column search_text text
  generated always as (${searchTextSql(search)}) stored;`,
    `create index ${table}_order on ${table} (company_id, ${name}, ${id}) include (search_text);`,
    `analyze ${table};`,
  ].join('\n');
}

export const searchText: Migration = {
  name: '0006_search_text',
  sql: SEARCH_INDEX_TABLES.map(tableSql).join('\n\n'),
};
