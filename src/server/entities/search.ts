/**
 * What the search box's text means, and how the matching rows are found
 * (docs/decisions/0064-search-by-trigram-index.md).
 *
 * A plain search and an `&` search match word by word: every word must appear, in any order, in
 * some search column (each word within one column), dates read as the clinic writes them. `=`
 * matches one whole column, `~` is full text. All of it is a LIKE over the row's `search_text`
 * (every search column lower-cased, each between separators), which a trigram index serves.
 *
 * Under row-level security PostgreSQL uses an index for a condition only when its operator is
 * LEAKPROOF, and LIKE is not; so the index is read through the table's search function
 * (db/ddl/search.ts), which runs as the owner and fixes `company_id = current_company()` itself.
 * It answers ids and names only; the rows are then read under row-level security as any other.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import { parseTextFilter, searchWordForms, type FilterScalar } from '../../shared/filters';
import { SEARCH_WORDS_MAX, SEARCH_WORDS_TEXT } from '../../shared/limits';
import { badRequest } from '../http/errors';
import {
  SEARCH_SEPARATOR,
  SEARCH_TEXT_COLUMN,
  searchDocumentSql,
  searchFunctionOf,
} from './search-sql';
import { col, escapeLike, textMatch } from './text-match';

/** A typed word as the forms any of which matches it (a date: as typed and as stored). */
type SearchWord = readonly string[];

export interface SearchQuery {
  /** words: each word must match; exact: the whole value; fulltext: a text-search query. */
  mode: 'words' | 'exact' | 'fulltext';
  /** The words, each with its forms (for exact, unused). */
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
      return { mode: 'exact', words: [], text: parsed.text };
    default: {
      const words = searchWordForms(parsed.text);
      // Refused by name rather than cut short: a search of fewer words would find other rows.
      if (words.length > SEARCH_WORDS_MAX) throw badRequest(SEARCH_WORDS_TEXT, 'filters');
      return { mode: 'words', words, text: parsed.text };
    }
  }
}

/** A badge counts up to this many matching rows and then says "1,000+". */
export const COUNT_CAP = 1000;

/**
 * Whether the search function answers the search: not full text, and no separator typed (one can
 * only be matched column by column, by the plain condition below).
 */
export const indexServes = (q: SearchQuery) =>
  q.mode !== 'fulltext' && !q.text.includes(SEARCH_SEPARATOR);

/** Each word's LIKE patterns (one per form); for exact, the whole value between separators. */
function patternsOf(q: SearchQuery): string[][] {
  if (q.mode === 'exact')
    return [[`%${SEARCH_SEPARATOR}${escapeLike(q.text)}${SEARCH_SEPARATOR}%`]];
  return q.words.map((forms) => forms.map((w) => `%${escapeLike(w)}%`));
}

/**
 * `(id, name)` of the company's first `maxRows` matching rows in list order (all when null), from
 * the table's search function. PostgreSQL plans it with the words' values: a rare word is read
 * from the trigram index, a common one by walking the list order until the page is full.
 */
export function matchingRows(
  d: EntityDefinition,
  q: SearchQuery,
  maxRows: number | null,
): RawBuilder<{ id: string; name: string }> {
  const patterns = patternsOf(q);
  return sql`select m.id, m.name from ${sql.raw(searchFunctionOf(d))}(
    ${patterns.flat()}::text[], ${patterns.map((forms) => forms.length)}::int[], ${maxRows}::bigint) m`;
}

/**
 * `search_text like lower(pattern)`: the same rows as ILIKE on each column. `(select lower(…))` is
 * computed once per statement; a bare lower($n) in a prepared statement's generic plan runs per row.
 */
const like = (pattern: string) => sql`${col(SEARCH_TEXT_COLUMN)} like (select lower(${pattern}))`;

/** The definition of a match, as a plain condition on the row (`r`). */
export function searchCondition(d: EntityDefinition, q: SearchQuery): RawBuilder<unknown> {
  const columns = d.list.search;
  if (q.mode === 'fulltext') {
    // The same expression as the full-text document, so that one definition serves both.
    return sql`${sql.raw(searchDocumentSql(columns, 'r'))} @@ websearch_to_tsquery('simple', ${q.text})`;
  }
  // A separator typed into the box can only be matched column by column.
  if (q.text.includes(SEARCH_SEPARATOR)) {
    if (q.mode === 'exact') return textMatch(columns, { mode: 'exact', text: q.text });
    const anyForm = (forms: SearchWord) =>
      sql`(${sql.join(
        forms.map((w) => textMatch(columns, { mode: 'contains', text: w })),
        sql` or `,
      )})`;
    return sql.join(q.words.map(anyForm), sql` and `);
  }
  const anyPattern = (forms: readonly string[]) => sql`(${sql.join(forms.map(like), sql` or `)})`;
  return sql.join(patternsOf(q).map(anyPattern), sql` and `);
}

/**
 * The search as a condition beside other filters or another order: the ids the search function
 * finds, or the plain condition where it does not serve (full text).
 */
export const searchedCondition = (d: EntityDefinition, q: SearchQuery): RawBuilder<unknown> =>
  indexServes(q)
    ? sql`${col(d.keys.id)} in (select s.id from (${matchingRows(d, q, null)}) s)`
    : searchCondition(d, q);
