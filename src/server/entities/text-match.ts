/**
 * Text conditions column by column (ILIKE, full text), for named text filters and for what the
 * stored `search_text` can not answer. Column names come from definitions; values are parameters.
 */
import { sql, type RawBuilder } from 'kysely';
import { filterWords, type ParsedTextFilter } from '../../shared/filters';
import { searchDocumentSql } from './search-sql';

/** `r.column` of the row alias every generic query uses. */
export const col = (name: string) => sql.ref(`r.${name}`);

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function textMatch(
  columns: readonly string[],
  parsed: ParsedTextFilter,
): RawBuilder<unknown> {
  const any = (pattern: string) =>
    sql`(${sql.join(
      columns.map((c) => sql`${col(c)}::text ilike ${pattern}`),
      sql` or `,
    )})`;
  switch (parsed.mode) {
    case 'contains':
      return any(`%${escapeLike(parsed.text)}%`);
    case 'exact':
      return any(escapeLike(parsed.text));
    case 'allwords':
      return sql.join(
        filterWords(parsed.text).map((w) => any(`%${escapeLike(w)}%`)),
        sql` and `,
      );
    case 'fulltext':
      // The same expression as the full-text document, so that one definition serves both.
      return sql`${sql.raw(searchDocumentSql(columns, 'r'))} @@ websearch_to_tsquery('simple', ${parsed.text})`;
  }
}
