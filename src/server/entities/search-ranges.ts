/**
 * The SQL of the search terms (db/ddl/search.ts) that search-pages.ts puts together: which words
 * a range serves, a word's range of terms, its head read in list order, and the first distinct
 * rows of terms in list order.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import type { SearchWord } from './search';
import {
  SEARCH_HEAD_LENGTH,
  SEARCH_TERM_LENGTH,
  SEARCH_TERM_MIN,
  searchTableOf,
} from './search-sql';

const codePoints = (word: string) => [...word].length;

/** A word the terms can find: at least one term long (shorter ones are checked on the row). */
export const findable = (word: SearchWord) =>
  word.every((form) => codePoints(form) >= SEARCH_TERM_MIN);

/**
 * Whether a word's range holds exactly the rows that contain it, so no row needs checking: not
 * cut to the term length, and plain ASCII (lower-cased alike by JavaScript and PostgreSQL).
 */
export const exactRange = (word: SearchWord) =>
  word.every((form) => codePoints(form) <= SEARCH_TERM_LENGTH && /^[\x21-\x7e]+$/.test(form));

const terms = (d: EntityDefinition) => sql.table(searchTableOf(d));

/**
 * The terms that start with the word's first SEARCH_TERM_LENGTH characters, lower-cased, and
 * so their heads with its first SEARCH_HEAD_LENGTH. The heads' condition changes no answer; it
 * bounds every plan: read through the head key, a range is then one head's terms, never the
 * whole company's (the key includes the term, so a plan could otherwise filter all of them).
 * The primary key includes the head (migration 0032), so it is checked in the index.
 */
function termRange(alias: string, word: string): RawBuilder<unknown> {
  const [term, head] = [sql.ref(`${alias}.term`), sql.ref(`${alias}.head`)];
  const cut = (length: number) => sql`(left(lower(${word}), ${length}) collate "C")`;
  const [start, headStart] = [cut(SEARCH_TERM_LENGTH), cut(SEARCH_HEAD_LENGTH)];
  // The head's ends as one-time subplans: a plan's filter would otherwise compute them again
  // for every term it reads (0.6 ms more for 1,500 terms), where an index condition does once.
  const once = (value: RawBuilder<unknown>) => sql`(select ${value})`;
  // U+10FFFF sorts after every character, so a range ends after the last value with its start.
  return sql`${term} >= ${start} and ${term} < (${start} || chr(1114111))
    and ${head} >= ${once(headStart)} and ${head} < ${once(sql`${headStart} || chr(1114111)`)}`;
}

/**
 * (row_id, sort_name) of the company's terms of any of the word's forms; a row may repeat. The
 * id first: an intersection of ranges that PostgreSQL sorts (when it expects few terms) then
 * compares numbers, not names by the collation (1,500 terms: 0.1 ms instead of 0.6–1.5).
 */
export const termsOf = (d: EntityDefinition, companyId: number, word: SearchWord) =>
  sql.join(
    word.map(
      (form) => sql`select t.row_id, t.sort_name from ${terms(d)} t
        where t.company_id = ${companyId} and ${termRange('t', form)}`,
    ),
    sql` union all `,
  );

/** `array[…]` of how many terms each word's range holds, counted up to `cap`. */
export function rangeSizesSql(
  d: EntityDefinition,
  companyId: number,
  words: readonly SearchWord[],
  cap: number,
) {
  const sizes = words.map(
    (word) => sql`(select count(*)::int from (${termsOf(d, companyId, word)} limit ${cap}) x)`,
  );
  return sql`array[${sql.join(sizes)}]`;
}

/**
 * `(id, name)` of the first `wanted` distinct rows among `firsts` (terms in list order, at most
 * `read`), or, when rows with many terms crowded them out, of the whole of `all` grouped.
 */
export function distinctFirst(
  firsts: RawBuilder<unknown>,
  all: RawBuilder<unknown>,
  read: number,
  wanted: number,
) {
  const crowded = sql`(select count(*) from firsts) = ${read}
    and (select count(distinct f.row_id) from firsts f) < ${wanted}`;
  return sql`select p.id, p.name from (
      with firsts as materialized (${firsts})
      select f.row_id as id, f.sort_name as name from (select distinct sort_name, row_id from firsts) f
        where not (${crowded})
      union all
      select g.row_id, g.sort_name from (select x.sort_name, x.row_id from (${all}) x
        group by x.sort_name, x.row_id order by x.sort_name, x.row_id limit ${wanted}) g
        where ${crowded}) p
    order by p.name, p.id limit ${wanted}`;
}

/** The word a head read serves: one form, plain ASCII, at least a head long. */
export const headOf = (word: SearchWord): string | null =>
  word.length === 1 && exactRange(word) && codePoints(word[0]!) >= SEARCH_HEAD_LENGTH
    ? word[0]!
    : null;

/**
 * The terms that start with `word`, in list order, from the head key (company, head, sort_name,
 * row_id) including the term: an ordered index-only scan that stops at `read` terms, or where
 * whoever reads it stops. The head is the index condition; the rest of the word is checked on
 * each index entry with `left()`, which no index can serve, so the planner can not turn to the
 * range key and sort instead.
 */
export function headTerms(
  d: EntityDefinition,
  companyId: number,
  word: string,
  read: number | null,
) {
  const rest =
    codePoints(word) > SEARCH_HEAD_LENGTH
      ? sql` and left(t.term, ${codePoints(word)}) = lower(${word})`
      : sql``;
  const limit = read === null ? sql`` : sql` limit ${read}`;
  return sql`select t.sort_name, t.row_id from ${terms(d)} t
    where t.company_id = ${companyId}
      and t.head = (left(lower(${word}), ${SEARCH_HEAD_LENGTH}) collate "C")${rest}
    order by t.sort_name, t.row_id${limit}`;
}
