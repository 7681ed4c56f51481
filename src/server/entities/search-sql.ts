/**
 * The SQL text of an entity's full-text search document. The migration that builds the index and
 * the repository that queries it use this one function, so the expressions match exactly and the
 * index is used. Column names come from definitions and are checked to be plain identifiers.
 */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function plainIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a plain column name.`);
  return name;
}

/** `to_tsvector('simple', a::text || ' ' || b::text)`; 'simple' so names are not stemmed. */
export function searchDocumentSql(columns: readonly string[], alias?: string): string {
  const prefix = alias ? `${plainIdentifier(alias)}.` : '';
  const text = columns.map((c) => `${prefix}${plainIdentifier(c)}::text`).join(` || ' ' || `);
  return `to_tsvector('simple'::regconfig, ${text})`;
}

/**
 * `search_text` (migration 0006): every search column lower-cased, each between separators, so
 * that one LIKE inside the list-order index answers "any search column contains…" exactly — a
 * term without the separator can only match within one column.
 */
export const SEARCH_TEXT_COLUMN = 'search_text';
export const SEARCH_SEPARATOR = '\u001f';

/**
 * The search terms of a row (db/ddl/search.ts): every ending of every stored word, at least
 * SEARCH_TERM_MIN characters long, cut to its first SEARCH_TERM_LENGTH characters. A typed word
 * of SEARCH_TERM_MIN…SEARCH_TERM_LENGTH characters is found exactly by the range of terms that
 * start with it; a longer one by the range of its first characters, checked against the row.
 */
export const SEARCH_TERM_LENGTH = 10;
export const SEARCH_TERM_MIN = 2;

/**
 * The head of a term: its first characters, a column of the terms table with a key of its own in
 * list order (company, head, sort_name, row_id), so that the first rows holding a common word
 * come out in list order without reading and sorting the word's whole range.
 */
export const SEARCH_HEAD_LENGTH = 3;

/** The terms table of an entity table. */
export const searchTableOf = (d: { table: string }) => `${plainIdentifier(d.table)}_search`;
