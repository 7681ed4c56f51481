/**
 * Pages and counts of a search at any size, a million patients included. The condition in
 * ./search.ts decides what matches; this file decides how to find it fast, by what the words are
 * like:
 *
 * 1. A broad search (one row in five holds "an") most often has a page among the first rows of
 *    the list: a walk of the order index (index-only) that stops once it has the page, or after
 *    tuning.walkRows rows (tuning.farWalkRows when those held many matches). A single word the
 *    head key serves (below) skips the walk: the head finds its page as fast.
 * 2. Otherwise the terms table (db/ddl/search.ts) holds, for each word, every row that contains
 *    it: one range of one company's terms, carrying each row's list-order name, so the first rows
 *    in list order come out of the range without reading the entity table. A common word's range
 *    is read by its head instead (the key of its first characters in list order), stopping at the
 *    page. With several words each range is counted (up to tuning.narrowTerms) and the narrowest
 *    is read; the other narrow ones are intersected with it, the rest checked on the row.
 *
 * Both read only the searching company's part of an index: another company's rows are neither
 * read nor counted, so they can not change what a search returns or how long it takes.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import type { Tx } from '../db/tenancy';
import { searchCondition, type SearchQuery, type SearchWord } from './search';
import {
  distinctFirst,
  exactRange,
  findable,
  headOf,
  headTerms,
  rangeSizesSql,
  shortHeadRows,
  shortWordsOf,
  termsOf,
} from './search-ranges';
import { SEARCH_SEPARATOR, plainIdentifier } from './search-sql';
import { col } from './text-match';

/**
 * Where one path gives way to another. The figures suit a clinic of any size; the tests shrink
 * them so that a few thousand rows take every path (`tuneSearch`).
 */
const tuning = {
  /** Rows of the list order a search reads, at most, before it turns to the terms. */
  walkRows: 400,
  /**
   * …or this many, when the first walkRows rows held enough matches that the page is most likely
   * among these: a word spread over the list ("p01" in one row of ten, "77" in one of twenty)
   * is read there sooner than its thousands of terms are sorted. A surname is not spread: its
   * rows sit together in list order, and the first rows hold it or not.
   */
  farWalkRows: 2400,
  /** Term rows read per wanted row: one row holds a word in several terms (name, e-mail…). */
  termsPerRow: 3,
  /**
   * A word whose range holds fewer terms is narrow. Ranges are counted up to this when a search
   * has several words (the narrowest is read, other narrow ones intersected with it) and for a
   * count (a broad word whose rows need checking is counted in list order).
   */
  narrowTerms: 4000,
  /** A count is exact while the narrowest word's range holds at most this many terms… */
  countedTerms: 20_000,
  /** …or this many when each row must be checked as well; */
  checkedTerms: 5000,
  /**
   * A word whose range holds at least this many terms is read by its head instead (the terms
   * that start with its first SEARCH_HEAD_LENGTH characters, in list order), stopping once the
   * page is full; a smaller range is read whole and sorted.
   */
  headTerms: 600,
};

export type SearchTuning = typeof tuning;

/** Sets where the paths give way to each other (tests); returns the previous setting. */
export function tuneSearch(next: Partial<SearchTuning>): SearchTuning {
  const previous = { ...tuning };
  Object.assign(tuning, next);
  return previous;
}

/** …and beyond, matching rows are counted up to this: the badge then says "1,000+". */
const COUNT_CAP = 1000;

export interface SearchCount {
  count: number;
  /** More rows match than `count`. */
  more: boolean;
}

/** Searches the terms serve: words (not full text) in the list's own order. */
export const termsServe = (d: EntityDefinition, q: SearchQuery) =>
  q.mode !== 'fulltext' &&
  !d.keys.order &&
  !q.text.includes(SEARCH_SEPARATOR) &&
  q.words.some(findable);

/** How many terms each word's range holds, counted up to `cap`. */
async function rangeSizes(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  words: readonly SearchWord[],
  cap: number,
): Promise<number[]> {
  const result = await sql<{
    sizes: number[];
  }>`select ${rangeSizesSql(d, companyId, words, cap)} as sizes`.execute(trx);
  return result.rows[0]?.sizes ?? words.map(() => cap);
}

interface TermsPlan {
  /** The narrowest word: its range of terms is read. */
  driver: SearchWord;
  /** Whether the driver is narrow (its range holds fewer than tuning.narrowTerms terms). */
  narrow: boolean;
  /** Other narrow words, whose ranges are intersected with the driver's. */
  alongside: SearchWord[];
  /** Whether each row must still meet the whole condition (broad or long words, exact). */
  check: boolean;
  /** How many terms the driver's range holds, counted up to tuning.narrowTerms; null: not counted. */
  driverTerms: number | null;
}

/**
 * The words when every word typed is of two letters (`shortWordsOf`) and none needs checking on
 * the row (an exact search does), else null.
 */
const shortOnly = (q: SearchQuery) => (q.mode === 'exact' ? null : shortWordsOf(q.words));

/** The words the terms can find, each once. */
function findableWords(q: SearchQuery): SearchWord[] {
  const byForms = new Map(q.words.filter(findable).map((w) => [w.join('\u0000'), w]));
  return [...byForms.values()];
}

/**
 * Which word's range to read (given each word's range size), which to intersect it with. A
 * single word needs no sizes (`null`): it is the driver.
 */
function planOf(
  q: SearchQuery,
  words: readonly SearchWord[],
  counted: readonly number[] | null,
): TermsPlan {
  const sizes = counted ?? words.map(() => 0);
  const narrowest = Math.min(...sizes);
  const driver = words[sizes.indexOf(narrowest)]!;
  const alongside = words.filter(
    (w, i) => w !== driver && exactRange(w) && sizes[i]! < tuning.narrowTerms,
  );
  const settled = new Set([driver, ...alongside].map((w) => w.join('\u0000')));
  const check =
    q.mode === 'exact' ||
    !exactRange(driver) ||
    q.words.some((w) => !settled.has(w.join('\u0000')));
  const driverTerms = counted ? narrowest : null;
  return { driver, narrow: narrowest < tuning.narrowTerms, alongside, check, driverTerms };
}

async function planTerms(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
): Promise<TermsPlan> {
  const words = findableWords(q);
  return planOf(q, words, await rangeSizes(trx, d, companyId, words, tuning.narrowTerms));
}

/**
 * The row behind a term row `alias` meets the whole condition: a probe per candidate into the
 * list-order index, which holds (company, name, id) and search_text, so no table row is read.
 * `offset 0` keeps it a probe: as a semi-join the planner may hash every row of the company that
 * meets the condition first (3,000 rows read for a word no row holds), and choose so by
 * statistics that other companies' rows move.
 */
function rowCheck(d: EntityDefinition, companyId: number, q: SearchQuery, alias: string) {
  const { keys, table } = d;
  return sql`exists (select 1 from ${sql.table(table)} r
    where r.company_id = ${companyId} and ${col(keys.name)} = ${sql.ref(`${alias}.sort_name`)}
      and ${col(keys.id)} = ${sql.ref(`${alias}.row_id`)} and ${searchCondition(d, q)}
    offset 0)`;
}

/**
 * (sort_name, row_id) of the plan's rows: the driver's terms, checked on the row when needed,
 * intersected with the other narrow words' terms (an intersection is a hashed set operation;
 * a join of two ranges was planned as a nested loop over both: 0.4 s). Rows repeat unless
 * intersected, as a row holds a word in several terms.
 */
function planRows(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  plan: TermsPlan,
  checked = plan.check,
) {
  const check = checked ? sql` and ${rowCheck(d, companyId, q, 't')}` : sql``;
  return sql.join(
    [
      sql`${termsOf(d, companyId, plan.driver)}${check}`,
      ...plan.alongside.map((w) => termsOf(d, companyId, w)),
    ],
    sql` intersect `,
  );
}

/** `(id, name)` of the first `wanted` matching rows among the first `rows` rows of the list. */
function walkOf(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  rows: number,
  wanted: number,
) {
  const { keys, table } = d;
  const [id, name] = [col(keys.id), col(keys.name)];
  return sql`select ${id} as id, ${name} as name from (
      select ${id}, ${name}, r.search_text from ${sql.table(table)} r
      where r.company_id = ${companyId} order by ${name}, ${id} limit ${rows}) r
    where ${searchCondition(d, q)} order by ${name}, ${id} limit ${wanted}`;
}

/**
 * Whether the first tuning.walkRows rows, holding `found` matches, held enough that the page is
 * most likely among the first tuning.farWalkRows; null when no count is enough.
 */
function walksOn(found: RawBuilder<unknown>, wanted: number) {
  // The matches among the first rows that, as often further on, fill the page 1.5 times over.
  const dense = Math.ceil((1.5 * wanted * tuning.walkRows) / tuning.farWalkRows);
  return dense >= wanted ? null : sql`${found} between ${dense} and ${wanted - 1}`;
}

/**
 * `(id, name)` of the first `wanted` matching rows in list order, read from the list order
 * (index-only) and stopped once it has them: among the first tuning.walkRows rows, or, when
 * those held enough matches that the page is most likely near, among the first
 * tuning.farWalkRows. Fewer than `wanted` rows means the terms must give the page.
 */
function walkSql(d: EntityDefinition, companyId: number, q: SearchQuery, wanted: number) {
  const near = walkOf(d, companyId, q, tuning.walkRows, wanted);
  const on = walksOn(sql`(select count(*) from near)`, wanted);
  if (!on) return near;
  const far = walkOf(d, companyId, q, tuning.farWalkRows, wanted);
  return sql`with near as materialized (${near})
    select n.id, n.name from near n where not (${on})
    union all
    select f.id, f.name from (${far}) f where ${on}`;
}

/**
 * `byHead` when the driver's range is large (it holds tuning.headTerms terms or more), else
 * `sorted`. A small range is read whole and sorted: a rare word under a common head ('thornley'
 * under 'tho') would otherwise walk the whole head. When the plan counted the range already
 * (several words) that count decides; otherwise one statement counts the range up to
 * tuning.headTerms in a materialized CTE, each path behind a one-time condition on the count.
 */
function bySize(
  d: EntityDefinition,
  companyId: number,
  plan: TermsPlan,
  sorted: RawBuilder<unknown>,
  byHead: RawBuilder<unknown>,
) {
  // The plan's count stops at narrowTerms: it decides only when that is not below headTerms.
  if (plan.driverTerms !== null && tuning.headTerms <= tuning.narrowTerms) {
    return plan.driverTerms >= tuning.headTerms ? byHead : sorted;
  }
  const sized = sql`(select n from sized)`;
  return sql`select u.id, u.name from (
      with sized as materialized (select count(*) as n from (${termsOf(d, companyId, plan.driver)}
        limit ${tuning.headTerms}) x)
      select s.id, s.name from (${sorted}) s where ${sized} < ${tuning.headTerms}
      union all
      select h.id, h.name from (${byHead}) h where ${sized} >= ${tuning.headTerms}) u`;
}

/**
 * `(id, name)` of the first `wanted` matching rows in list order, from the plan's terms: one
 * statement whatever the plan, its branches gated by one-time conditions so that only the one
 * that applies runs. A common driver is read by its head, already in list order, and stops at
 * the page; other words' ranges are read whole and sorted.
 */
function termsPageSql(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  plan: TermsPlan,
  wanted: number,
) {
  const head = plan.alongside.length ? null : headOf(plan.driver);
  if (plan.check) {
    // In list order first, then checked until the page is full: a broad other word ("yasmin
    // example") is met by the first rows checked, not by every row of the range.
    const checked = (terms: RawBuilder<unknown>) => sql`select x.row_id as id, x.sort_name as name
      from (select distinct t.sort_name, t.row_id from (${terms}) t
        order by t.sort_name, t.row_id) x
      where ${rowCheck(d, companyId, q, 'x')} limit ${wanted}`;
    const sorted = checked(planRows(d, companyId, q, plan, false));
    return head
      ? bySize(d, companyId, plan, sorted, checked(headTerms(d, companyId, head, null)))
      : sorted;
  }
  const rows = planRows(d, companyId, q, plan);
  // An intersection holds each row once.
  if (plan.alongside.length)
    return sql`select x.row_id as id, x.sort_name as name from (${rows}) x
      order by x.sort_name, x.row_id limit ${wanted}`;
  // A row holds a word in several terms: the first terms in list order are read and made
  // distinct; only when rows with many terms of the word crowded that read out (rare) is the
  // whole range grouped instead.
  const read = wanted * tuning.termsPerRow;
  const inOrder = (source: RawBuilder<unknown>) => distinctFirst(source, rows, read, wanted);
  const sorted = inOrder(sql`select x.sort_name, x.row_id from (${rows}) x
    order by x.sort_name, x.row_id limit ${read}`);
  return head
    ? bySize(d, companyId, plan, sorted, inOrder(headTerms(d, companyId, head, read)))
    : sorted;
}

/** A row of a search's page: its id and its name (the list's order, and a typeahead's label). */
export interface NamedRow {
  id: number;
  name: string;
}

/** `(id, name)` rows (in no order) in list order, past `offset`. */
export const inListOrder = (rows: RawBuilder<unknown>, offset: number) =>
  sql`select k.id, k.name from (${rows}) k order by k.name, k.id offset ${offset}`;

/**
 * What the first statement of a search of several words answers (see `pageSteps`): the page,
 * or the sizes of the words' ranges when the terms' statement must give it.
 */
interface FirstAnswer {
  page: NamedRow[] | null;
  sizes: number[] | null;
}

/** `(id, name)` rows as one JSON array in list order (`[]` when none). */
const jsonRows = (rows: RawBuilder<unknown>) =>
  sql`coalesce((select json_agg(json_build_object('id', j.id, 'name', j.name)
    order by j.name, j.id) from (${rows}) j), '[]')`;

/**
 * `(id, name)` of the first `wanted` rows whose ids are in every array of `ranges` (ids of each
 * word's terms) and, with `check`, that meet the whole condition, read by their keys.
 */
function intersectionPage(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  ranges: readonly RawBuilder<unknown>[],
  check: boolean,
  wanted: number,
) {
  const { keys, table } = d;
  const [id, name] = [col(keys.id), col(keys.name)];
  const ids = sql.join(
    ranges.map((r) => sql`select unnest(${r}) from ranges`),
    sql` intersect `,
  );
  const condition = check ? sql` and ${searchCondition(d, q)}` : sql``;
  return sql`select ${id} as id, ${name} as name from ${sql.table(table)} r
    where r.company_id = ${companyId} and ${id} = any(array(${ids}))${condition}
    order by ${name}, ${id} limit ${wanted}`;
}

/**
 * The first statement of a search of several words. It walks the first rows of the list; when
 * they hold too few matches, it reads the ids of each word's range, up to tuning.narrowTerms
 * terms. When every range is narrow, their ids' intersection (hashed numbers) gives the page, its
 * rows read by their keys and checked when a word needs it: counting the ranges and intersecting
 * them again in a second statement took twice as long (1M patients, "david ahmed": 0.8 + 1.5 ms
 * against 1.3 ms). Otherwise the walk goes on when the first rows were dense with matches (see
 * `walkSql`); when that finds too few as well, the statement answers the ranges' sizes, from
 * which `planOf` chooses the terms' statement.
 */
function firstOfWords(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  words: readonly SearchWord[],
  wanted: number,
) {
  const found = sql`(select count(*) from walked)`;
  const ranges = words.map((_, i) => sql.ref(`range_${i}`));
  const read = words.map(
    (word, i) => sql`case when ${found} < ${wanted} then array(select x.row_id
      from (${termsOf(d, companyId, word)}) x limit ${tuning.narrowTerms}) end as ${ranges[i]}`,
  );
  const narrow = sql.join(
    ranges.map((r) => sql`cardinality(${r}) < ${tuning.narrowTerms}`),
    sql` and `,
  );
  const sizes = sql`array[${sql.join(ranges.map((r) => sql`cardinality(${r})`))}]`;
  const intersection = intersectionPage(
    d,
    companyId,
    q,
    ranges,
    planOf(q, words, null).check,
    wanted,
  );
  const on = walksOn(found, wanted);
  const far = on
    ? {
        read: sql`, far as materialized (${walkOf(d, companyId, q, tuning.farWalkRows, wanted)})`,
        page: sql`when ${on} and (select count(*) from far) = ${wanted}
          then ${jsonRows(sql`select f.id, f.name from far f`)}`,
      }
    : { read: sql``, page: sql`` };
  return sql`with walked as materialized (${walkOf(d, companyId, q, tuning.walkRows, wanted)}),
      ranges as materialized (select ${sql.join(read)})${far.read},
      answer as materialized (select case
        when ${found} = ${wanted} then ${jsonRows(sql`select w.id, w.name from walked w`)}
        when (select ${narrow} from ranges) then ${jsonRows(intersection)}
        ${far.page} end as page)
    select a.page, case when a.page is null then (select ${sizes} from ranges) end as sizes
    from answer a`;
}

/**
 * A search's page in statements, for a search the terms serve (`termsServe`). `rows` is
 * `(id, name)` rows in no order (order them by name, id). One word: the walk and the terms are one
 * statement (the terms' branch runs only when the walk found too few). Several words: a first
 * statement (`firstOfWords`) answers the page, or the sizes of the words' ranges that `terms`
 * turns into the terms' statement that gives it (`then` does either with the first's answer).
 * `search/everywhere` puts several entity sets' first statements into one.
 */
type PageSteps =
  | { rows: RawBuilder<unknown> }
  | {
      first: RawBuilder<unknown>;
      terms(sizes: readonly number[]): RawBuilder<unknown>;
      then(answer: FirstAnswer): NamedRow[] | RawBuilder<unknown>;
    };

export function pageSteps(
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  wanted: number,
): PageSteps {
  const words = findableWords(q);
  // Two-letter words only: their short heads, merged in list order, give the page at once.
  const short = shortOnly(q);
  if (short) return { rows: shortHeadRows(d, companyId, short, wanted) };
  if (words.length === 1) {
    const plan = planOf(q, words, null);
    const terms = termsPageSql(d, companyId, q, plan, wanted);
    // A word the head serves needs no walk: its range is read sorted when small, by its head
    // when large, both stopping at the page (a word spread over the list, "p01", included).
    if (!plan.check && headOf(plan.driver)) return { rows: terms };
    const walk = walkSql(d, companyId, q, wanted);
    return {
      rows: sql`with walked as materialized (${walk})
        select w.id, w.name from walked w where (select count(*) from walked) = ${wanted}
        union all
        select t.id, t.name from (${terms}) t where (select count(*) from walked) < ${wanted}`,
    };
  }
  const terms = (sizes: readonly number[]) =>
    termsPageSql(d, companyId, q, planOf(q, words, sizes), wanted);
  return {
    first: firstOfWords(d, companyId, q, words, wanted),
    terms,
    then: ({ page, sizes }) =>
      sizes ? terms(sizes) : (page ?? []).map((r) => ({ id: Number(r.id), name: r.name })),
  };
}

/** The column of `firstWithRows`' rows that carries the ranges' sizes. */
const SIZES = '_search_sizes';

/**
 * A list's first statement of a search of several words (`pageSteps`) that reads its page's rows
 * too: `rowsOf` reads the rows of an `(id, name)` source in list order (`repo.rowsOfKeys`), here
 * the page past `offset`. Each row carries the ranges' sizes (SIZES), null unless the first
 * statement answered those instead of a page: then it answers one row, its other columns null, as
 * it does for an empty page (`firstAnswerOf` tells them apart). The page's rows then need no
 * statement of their own: one round trip for a page of several words instead of two.
 */
export function firstWithRows(
  first: RawBuilder<unknown>,
  offset: number,
  rowsOf: (source: RawBuilder<unknown>) => RawBuilder<unknown>,
) {
  const page = sql`select k.id, k.name from json_to_recordset(f.page) as k(id bigint, name text)`;
  // Joined on nothing, the rows can only be a nested loop over the first's one row: they come in
  // the order rowsOf gives them.
  return sql<Record<string, unknown>>`with first as materialized (${first})
    select f.sizes as ${sql.ref(SIZES)}, x.* from first f
      left join lateral (${rowsOf(inListOrder(page, offset))}) x on true`;
}

/** The page's rows `firstWithRows` answered (rows of `idKey`), or the ranges' sizes. */
export function firstAnswerOf(
  rows: readonly Record<string, unknown>[],
  idKey: string,
): { rows: Record<string, unknown>[] } | { sizes: number[] } {
  const sizes = rows[0]?.[SIZES];
  if (Array.isArray(sizes)) return { sizes: sizes.map(Number) };
  return {
    rows: rows.filter((r) => r[idKey] !== null).map(({ [SIZES]: _sizes, ...row }) => row),
  };
}

/**
 * The last step of a search's page in the list's own order with no other filter: its `(id, name)`
 * rows when an earlier statement answered them already, else the statement that gives them; past
 * `offset` and in list order either way. Null when
 * the terms can not serve the search (see `termsServe`). A broad search most often has its page
 * among the first rows of the list (the walk); otherwise the narrowest word's terms give it
 * (`pageSteps`). A typeahead needs no more than the names (its labels); a list reads the page's
 * rows in the statement that finds it (filtered-reads.ts, `searchedRows`).
 */
export async function searchPageSource(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
  offset: number,
  limit: number,
): Promise<NamedRow[] | RawBuilder<unknown> | null> {
  if (!termsServe(d, q)) return null;
  const steps = pageSteps(d, companyId, q, offset + limit);
  if ('rows' in steps) return inListOrder(steps.rows, offset);
  const result = await sql<FirstAnswer>`${steps.first}`.execute(trx);
  const page = steps.then(result.rows[0]!);
  return Array.isArray(page) ? page.slice(offset) : inListOrder(page, offset);
}

/** A search page's `(id, name)` rows, from what `searchPageSource` answered. */
export async function namedRowsOf(
  trx: Tx,
  source: NamedRow[] | RawBuilder<unknown>,
): Promise<NamedRow[]> {
  if (Array.isArray(source)) return source;
  const result = await sql<{ id: string; name: string }>`${source}`.execute(trx);
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** A count of up to COUNT_CAP + 1 rows as the badge shows it: "1,000+" beyond COUNT_CAP. */
const capped = (count: number): SearchCount =>
  count > COUNT_CAP ? { count: COUNT_CAP, more: true } : { count, more: false };

/** Counts `rows`, the matching rows up to COUNT_CAP + 1. */
async function countShort(trx: Tx, rows: RawBuilder<unknown>): Promise<SearchCount> {
  const result = await sql<{ count: number }>`select count(*)::int as count
    from (${rows}) x`.execute(trx);
  return capped(result.rows[0]?.count ?? 0);
}

/** Counts the rows that match, up to `cap`, in list order. */
async function countByWalk(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
): Promise<SearchCount> {
  const result = await sql<{ count: number }>`select count(*)::int as count from (
    select 1 from ${sql.table(d.table)} r where r.company_id = ${companyId}
      and ${searchCondition(d, q)} limit ${COUNT_CAP + 1}) x`.execute(trx);
  return capped(result.rows[0]?.count ?? 0);
}

/**
 * How many rows match a search with no other filter: exact while the narrowest word is narrow
 * enough to count in its terms, else exact up to COUNT_CAP and "more" beyond. Null when the terms
 * can not serve the search.
 */
export async function searchCount(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
): Promise<SearchCount | null> {
  if (!termsServe(d, q)) return null;
  const short = shortOnly(q);
  if (short) return countShort(trx, shortHeadRows(d, companyId, short, COUNT_CAP + 1));
  // One word that needs no check is counted in its range at once: its size decides nothing.
  const words = findableWords(q);
  const alone = words.length === 1 ? planOf(q, words, null) : null;
  const plan = alone && !alone.check ? alone : await planTerms(trx, d, companyId, q);
  // Broad, and each row to check: such rows are many, or found quickly in list order.
  if (!plan.narrow && plan.check) return countByWalk(trx, d, companyId, q);
  const limit = plan.check ? tuning.checkedTerms : tuning.countedTerms;
  const result = await sql<{ terms: number; rows: number }>`
    select count(*)::int as terms, count(distinct x.row_id)::int as rows from (
      select row_id from (${planRows(d, companyId, q, plan)}) r limit ${limit + 1}) x`.execute(trx);
  const counted = result.rows[0];
  if (counted && counted.terms <= limit) return { count: counted.rows, more: false };
  return countByWalk(trx, d, companyId, q);
}

/**
 * For a search the direct paths above do not serve (beside other filters, in another order): a
 * condition that narrows the rows to those of the narrowest word, when it is narrow. The search's
 * own condition is still applied; this only spares the walk over the rest.
 */
export async function narrowingCondition(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  q: SearchQuery,
): Promise<RawBuilder<unknown> | null> {
  if (q.mode === 'fulltext' || q.text.includes(SEARCH_SEPARATOR)) return null;
  const words = findableWords(q);
  if (words.length === 0) return null;
  const sizes = await rangeSizes(trx, d, companyId, words, tuning.narrowTerms);
  const narrowest = words[sizes.indexOf(Math.min(...sizes))]!;
  if (Math.min(...sizes) >= tuning.narrowTerms) return null;
  const id = plainIdentifier(d.keys.id);
  return sql`${col(id)} = any(array(select x.row_id from (${termsOf(d, companyId, narrowest)}) x))`;
}
