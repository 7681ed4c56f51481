/**
 * The search structure of an entity table, built from its definition: the stored
 * `search_text` column and the list-order index that carries it, and the table of search terms
 * that answers "which rows contain this word" under row-level security.
 *
 * Why a terms table: under row-level security the planner uses a condition inside an index only
 * when its operator is LEAKPROOF. LIKE, ILIKE and the trigram and full-text operators are not, so
 * for the application role no trigram or full-text index can serve a search. Text comparisons
 * (`>=`, `<`, `=`) are. So each row's search words are cut into their suffixes (every ending of
 * every word, 2 characters or longer, the first TERM_LENGTH characters kept) and stored, one row
 * per distinct term that starts no other, beside the row's list-order name: "contains 'hme'" is
 * then a range of terms starting with 'hme' — the suffix 'hmed' of 'ahmed' — read from one
 * company's part of one index.
 *
 * Migrations freeze this output as text: a shipped migration never changes when this file does.
 */
import type { EntityDefinition } from '../../../shared/entities';
import {
  SEARCH_HEAD_LENGTH,
  SEARCH_TERM_LENGTH,
  SEARCH_TERM_MIN,
  SEARCH_TEXT_COLUMN,
  plainIdentifier,
  searchTableOf,
} from '../../entities/search-sql';
import { tenantTableSql } from '../tenant-sql';

/** The separator between search columns in `search_text` (SEARCH_SEPARATOR), as SQL. */
const SEPARATOR_SQL = "E'\\x1f'";

/**
 * The body of `search_terms(document)`: the terms of a `search_text`. Words are split at the
 * column separator and at white space, exactly as a search splits what the user typed, so a word
 * typed can only match inside one stored word. A term that starts another term of the same row
 * is left out: every range of terms that holds it holds the longer one too, and the head read
 * (a word of SEARCH_HEAD_LENGTH characters or more) finds the longer one under the same head.
 * No reader asks for a term by equality but the row's own trigger, through this function. In the
 * order of collation "C" a term that starts others sorts just before them, so comparing each
 * with the next is enough. 1M patients: 58.1 -> 46.6 terms a patient.
 */
export const SEARCH_TERMS_BODY = `
  select coalesce(array_agg(term order by term), '{}') from (
    select term, lead(term) over (order by term) as next from (
      select distinct left(substr(word, start), ${SEARCH_TERM_LENGTH}) collate "C" as term
      from regexp_split_to_table(document, '[' || chr(31) || '[:space:]]+') word,
        generate_series(1, length(word) - 1) start) every_term) ordered
  where next is null or not starts_with(next, term)
`;

/** Creates or replaces `search_terms(document)` (see SEARCH_TERMS_BODY). */
export const SEARCH_TERMS_FUNCTION_SQL = `create or replace function search_terms(document text) returns text[]
language sql immutable strict parallel safe as $$${SEARCH_TERMS_BODY}$$;`;

/**
 * A date as YYYY-MM-DD. Not `::text`, whose form follows the session's DateStyle: a stored column
 * must not depend on a setting (PostgreSQL refuses it as not immutable).
 */
const isoDateSql = (column: string) =>
  (['year', 'month', 'day'] as const)
    .map((part, i) => `lpad(extract(${part} from ${column})::int::text, ${i ? 2 : 4}, '0')`)
    .join(` || '-' || `);

/** `E'\x1f' || coalesce(lower(a::text), '') || E'\x1f' || …`: each search column between separators. */
export function searchTextSql(d: EntityDefinition): string {
  const parts = d.list.search.map((name) => {
    const column = plainIdentifier(name);
    const isDate = d.fields.find((f) => f.name === name)?.value === 'date';
    return `coalesce(${isDate ? isoDateSql(column) : `lower(${column}::text)`}, '')`;
  });
  return [SEPARATOR_SQL, ...parts.flatMap((part) => [part, SEPARATOR_SQL])].join(' || ');
}

/** The list-order index: (company, name, id), carrying `search_text` for walks that read no row. */
export function orderIndexSql(d: EntityDefinition): string {
  const { table, keys } = d;
  return `create index ${table}_order on ${table} (company_id, ${keys.name}, ${keys.id}) include (${SEARCH_TEXT_COLUMN});`;
}

/** Replaces `search_text` (and so the order index) after the definition's search columns changed. */
export function redefineSearchTextSql(d: EntityDefinition): string {
  const { table } = d;
  return `
drop index ${table}_order;
alter table ${table} drop column ${SEARCH_TEXT_COLUMN};
alter table ${table} add column ${SEARCH_TEXT_COLUMN} text generated always as (${searchTextSql(d)}) stored;
${orderIndexSql(d)}`;
}

/** The terms of the table's rows `r`, as rows of its terms table (add a `where` on `r` to narrow). */
export function searchTermsOfRowsSql(d: EntityDefinition): string {
  const { table, keys } = d;
  return `insert into ${searchTableOf(d)} (company_id, term, sort_name, row_id)
  select r.company_id, t.term, r.${plainIdentifier(keys.name)}, r.${plainIdentifier(keys.id)}
  from ${table} r cross join unnest(search_terms(r.${SEARCH_TEXT_COLUMN})) t(term)`;
}

/**
 * A head of the terms: a stored column of each term's first `length` characters, and a key that
 * holds its terms in list order (search-pages.ts reads the first rows of a page from it and
 * stops). Stored, not an expression: `left()` is not leakproof, so under row-level security only
 * a plain column can be an index condition. The key is partial on a condition every row meets
 * (a head is never null), so that only a statement that names the head can read it: one that asks
 * for a range of terms can not be planned through it, filtering every term of the company (on
 * stale statistics one was, in CI: 85,757 rows for a word that matched none).
 */
function headKey(column: string, length: number, include: string) {
  const columnSql = `${column} text collate "C" generated always as (left(term, ${length})) stored`;
  const keyColumns = ['company_id', column, 'sort_name', 'row_id'];
  // As PostgreSQL prints it.
  const predicate = `(${column} IS NOT NULL)`;
  const indexSql = (d: EntityDefinition) =>
    `create index ${searchTableOf(d)}_${column} on ${searchTableOf(d)} (${keyColumns.join(', ')})${include} where ${predicate};`;
  return {
    column,
    columnSql,
    /** The key as the live schema lists it: its columns, then its predicate. */
    key: [...keyColumns, `where ${predicate}`],
    indexSql,
    /** Makes the key again, partial (migration 0033 for the head; a drift check's fix). */
    keySql: (d: EntityDefinition) =>
      `drop index if exists ${searchTableOf(d)}_${column};\n${indexSql(d)}`,
    /** Adds the column and its key to a terms table made before them (0031, 0037). */
    addSql: (d: EntityDefinition) => `alter table ${searchTableOf(d)} add column ${columnSql};
${indexSql(d)}
analyze ${searchTableOf(d)};`,
  };
}

/**
 * The head (SEARCH_HEAD_LENGTH characters): a common word's terms in list order, the term
 * included so that the rest of the word is checked in the index.
 */
export const SEARCH_HEAD = headKey('head', SEARCH_HEAD_LENGTH, ' include (term)');

/**
 * The short head (SEARCH_TERM_MIN characters, the shortest word the terms find): the terms of a
 * word of two letters, which no head serves. Its short head is the whole word, so the key holds
 * exactly the word's range, and the ranges of several such words are merged in list order.
 */
export const SEARCH_SHORT_HEAD = headKey('short_head', SEARCH_TERM_MIN, '');

/** The terms table's heads, in the order the migrations added them. */
const SEARCH_HEADS = [SEARCH_HEAD, SEARCH_SHORT_HEAD];

/** The primary key of a terms table: ranges of terms. */
const TERMS_KEY_COLUMNS = ['company_id', 'term', 'sort_name', 'row_id'].join(', ');
const termsKeySql = `primary key (${TERMS_KEY_COLUMNS})`;

/** Whether a live primary key is `termsKeySql` (as pg_get_constraintdef prints it). */
export const isTermsKey = (definition: string) =>
  definition === `PRIMARY KEY (${TERMS_KEY_COLUMNS})`;

/** Drops a terms table's foreign key to companies (migration 0034): see `searchTermsSql`. */
export const dropTermsForeignKeySql = (d: EntityDefinition, constraint: string) =>
  `alter table ${searchTableOf(d)} drop constraint ${constraint};`;

/** Gives a terms table `termsKeySql` again: 0032 had included the head, 0033 took it back. */
export const searchTermsKeySql = (d: EntityDefinition, constraint: string) =>
  `alter table ${searchTableOf(d)} drop constraint ${constraint}, add ${termsKeySql};`;

/**
 * Fills a terms table again from its rows: emptied and filled with its keys dropped, which are
 * then built once from the sorted terms (a million patients' terms inserted into both keys one
 * by one would take many times longer). The tables are briefly not forced under row-level
 * security, so that an owner who is not a superuser reads and writes every company's rows.
 */
export function refillSearchTermsSql(d: EntityDefinition, primaryKey: string): string {
  const terms = searchTableOf(d);
  return `alter table ${terms} drop constraint ${primaryKey};
${SEARCH_HEADS.map((h) => `drop index if exists ${terms}_${h.column};`).join('\n')}
truncate ${terms};
alter table ${d.table} no force row level security;
alter table ${terms} no force row level security;
${searchTermsOfRowsSql(d)};
alter table ${terms} force row level security;
alter table ${d.table} force row level security;
alter table ${terms} add ${termsKeySql};
${SEARCH_HEADS.map((h) => h.indexSql(d)).join('\n')}
analyze ${terms};`;
}

/**
 * The terms table, filled for the rows there are, then kept by a trigger in the writer's own
 * transaction. The primary key holds ranges of terms, and a row's old terms are found in it
 * when the row changes; the head key serves common words in list order. No foreign key to
 * companies: the terms come and go with their row (a company's rows go with it, and their
 * trigger takes their terms), and a key would check every term of a written row against the
 * company, ~57 checks a patient (1M patients: insert p50 2.24 -> 1.93 ms in SQL).
 */
export function searchTermsSql(d: EntityDefinition): string {
  const { table, keys } = d;
  const terms = searchTableOf(d);
  const name = plainIdentifier(keys.name);
  const id = plainIdentifier(keys.id);
  return `
create table ${terms} (
  company_id bigint not null,
  term text collate "C" not null,
  sort_name text not null,
  row_id bigint not null,
  ${SEARCH_HEADS.map((h) => h.columnSql).join(',\n  ')},
  ${termsKeySql}
);
${searchTermsOfRowsSql(d)};
${SEARCH_HEADS.map((h) => h.indexSql(d)).join('\n')}
${tenantTableSql(terms)}
create function ${terms}_sync() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    delete from ${terms} s where s.company_id = old.company_id
      and s.term = any(search_terms(old.${SEARCH_TEXT_COLUMN}))
      and s.sort_name = old.${name} and s.row_id = old.${id};
  end if;
  if tg_op <> 'DELETE' then
    insert into ${terms} (company_id, term, sort_name, row_id)
      select new.company_id, t.term, new.${name}, new.${id}
      from unnest(search_terms(new.${SEARCH_TEXT_COLUMN})) t(term);
  end if;
  return null;
end $$;
create trigger ${terms}_added_or_removed after insert or delete on ${table}
  for each row execute function ${terms}_sync();
${searchTermsChangedTriggerSql(d)}
analyze ${terms};`;
}

/** The trigger that keeps a row's terms when its search text or name changes. */
export function searchTermsChangedTriggerSql(d: EntityDefinition): string {
  const terms = searchTableOf(d);
  const name = plainIdentifier(d.keys.name);
  return `create trigger ${terms}_changed after update on ${d.table} for each row
  when (old.${SEARCH_TEXT_COLUMN} is distinct from new.${SEARCH_TEXT_COLUMN}
    or old.${name} is distinct from new.${name})
  execute function ${terms}_sync();`;
}
