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

/** The terms that start with the word's first SEARCH_TERM_LENGTH characters, lower-cased. */
function termRange(alias: string, word: string): RawBuilder<unknown> {
  const term = sql.ref(`${alias}.term`);
  const start = sql`(left(lower(${word}), ${SEARCH_TERM_LENGTH}) collate "C")`;
  // U+10FFFF sorts after every character, so the range ends after the last term with the start.
  return sql`${term} >= ${start} and ${term} < (${start} || chr(1114111))`;
}

/**
 * (row_id, sort_name) of the company's terms of any of the word's forms; a row may repeat. The id
 * comes first so that an intersection PostgreSQL sorts compares numbers, not names.
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

/**
 * The words of a search that short heads serve alone (db/ddl/search.ts): two or more, each one
 * form of SEARCH_TERM_MIN plain ASCII characters, which no head serves; null otherwise. Such a
 * word's short head is the whole word, so its short-head terms are exactly the rows holding it.
 */
export function shortWordsOf(words: readonly SearchWord[]): string[] | null {
  const short = words.every(
    (w) => w.length === 1 && exactRange(w) && codePoints(w[0]!) === SEARCH_TERM_MIN,
  );
  return short && words.length > 1 ? words.map((w) => w[0]!) : null;
}

/**
 * `(id, name)` of the rows holding every one of `words` (see `shortWordsOf`), in list order: each
 * word's terms read from the short head key, already in list order, and merged, so that a read
 * stops once `limit` rows are found (a merge join; a row holding a word in several terms repeats
 * until grouped). At most the words' whole ranges are read, when fewer rows than that match.
 */
export function shortHeadRows(
  d: EntityDefinition,
  companyId: number,
  words: readonly string[],
  limit: number,
) {
  const stream = (word: string) => sql`select t.sort_name, t.row_id from ${terms(d)} t
    where t.company_id = ${companyId} and t.short_head = (lower(${word}) collate "C")
    order by t.sort_name, t.row_id`;
  const [first, ...others] = words.map(stream);
  const joins = others.map(
    (other, i) => sql` join (${other}) ${sql.ref(`s${i + 1}`)}
      on ${sql.ref(`s${i + 1}.sort_name`)} = s0.sort_name and ${sql.ref(`s${i + 1}.row_id`)} = s0.row_id`,
  );
  return sql`select s0.row_id as id, s0.sort_name as name from (${first}) s0${sql.join(joins, sql``)}
    group by s0.sort_name, s0.row_id order by s0.sort_name, s0.row_id limit ${limit}`;
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
