/**
 * What the search box's text means (`docs/decisions/0027-search-terms-tables.md`), and the
 * condition that decides it.
 *
 * A plain search and an `&` search match word by word: every word must appear, in any order, in
 * some search column (each word within one column), dates read as the clinic writes them. `=`
 * matches one whole column, `~` is full text. The condition below, over `search_text`, is the
 * definition of a match: every query carries it. The terms table (./search-pages.ts) only finds
 * the candidate rows faster; it never decides on its own.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import { parseTextFilter, searchWordForms, type FilterScalar } from '../../shared/filters';
import { SEARCH_WORDS_MAX, SEARCH_WORDS_TEXT } from '../../shared/limits';
import { badRequest } from '../http/errors';
import { SEARCH_SEPARATOR, SEARCH_TEXT_COLUMN, searchDocumentSql } from './search-sql';
import { col, escapeLike, textMatch } from './text-match';

/** A typed word as the forms any of which matches it (a date: as typed and as stored). */
export type SearchWord = readonly string[];

export interface SearchQuery {
  /** words: each word must match; exact: the whole value; fulltext: a text-search query. */
  mode: 'words' | 'exact' | 'fulltext';
  /** The words to find candidate rows by (for exact, the value's words). */
  words: readonly SearchWord[];
  /** The text as typed, without its prefix. */
  text: string;
}

/** The search of `filters.search` (its first value that holds something), or null. */
export function parseSearch(value: FilterScalar | FilterScalar[]): SearchQuery | null {
  const parsed = (Array.isArray(value) ? value : [value])
    .map((v) => parseTextFilter(v))
    .find(Boolean);
  if (!parsed) return null;
  switch (parsed.mode) {
    case 'fulltext':
      return { mode: 'fulltext', words: [], text: parsed.text };
    case 'exact':
      return { mode: 'exact', words: parsed.text.split(/\s+/).map((w) => [w]), text: parsed.text };
    default: {
      const words = searchWordForms(parsed.text);
      // Refused by name rather than cut short: a search of fewer words would find other rows.
      if (words.length > SEARCH_WORDS_MAX) throw badRequest(SEARCH_WORDS_TEXT, 'filters');
      return { mode: 'words', words, text: parsed.text };
    }
  }
}

/**
 * `search_text like lower(pattern)`: the same rows as ILIKE on each column (ILIKE lower-cases both
 * sides too). `(select lower(…))` is computed once per query; a bare lower($n) in the generic
 * plan of a prepared statement runs for every row walked (measured: twice the cost of the walk).
 */
const like = (pattern: string) => sql`${col(SEARCH_TEXT_COLUMN)} like (select lower(${pattern}))`;

/** The condition a row must meet to match the search. */
export function searchCondition(d: EntityDefinition, q: SearchQuery): RawBuilder<unknown> {
  const columns = d.list.search;
  if (q.mode === 'fulltext') {
    // The same expression as the full-text document, so that one definition serves both.
    return sql`${sql.raw(searchDocumentSql(columns, 'r'))} @@ websearch_to_tsquery('simple', ${q.text})`;
  }
  // A separator typed into the box can only be matched column by column.
  if (q.text.includes(SEARCH_SEPARATOR)) {
    return q.mode === 'exact'
      ? textMatch(columns, { mode: 'exact', text: q.text })
      : sql.join(
          q.words.map(
            (forms) =>
              sql`(${sql.join(
                forms.map((w) => textMatch(columns, { mode: 'contains', text: w })),
                sql` or `,
              )})`,
          ),
          sql` and `,
        );
  }
  if (q.mode === 'exact')
    return like(`%${SEARCH_SEPARATOR}${escapeLike(q.text)}${SEARCH_SEPARATOR}%`);
  return sql.join(
    q.words.map(
      (forms) =>
        sql`(${sql.join(
          forms.map((w) => like(`%${escapeLike(w)}%`)),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}
