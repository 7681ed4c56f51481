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
