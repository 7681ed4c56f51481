/**
 * Names and expressions shared by the search's SQL (./search.ts) and its DDL (db/ddl/search.ts),
 * so that the query and the index or function it relies on can not drift apart. Column names come
 * from definitions and are checked to be plain identifiers.
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
 * `search_text`: every search column lower-cased, each between separators, so that one LIKE
 * answers "any search column contains…" exactly (a word without the separator can only match
 * within one column).
 */
export const SEARCH_TEXT_COLUMN = 'search_text';
export const SEARCH_SEPARATOR = '\u001f';

/** The search function of an entity table (db/ddl/search.ts): `search_patients(…)`. */
export const searchFunctionOf = (d: { table: string }) => `search_${plainIdentifier(d.table)}`;
