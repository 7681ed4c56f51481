/**
 * The search structure of an entity table, built from its definition: the stored `search_text`,
 * the list-order index that carries it, a trigram index over it, and the table's search function
 * (entities/search.ts says why a function: LIKE is not leakproof, so under row-level security no
 * index could serve it). Migrations freeze this output as text: a shipped migration never changes
 * when this file does.
 */
import type { EntityDefinition } from '../../../shared/entities';
import { SEARCH_TEXT_COLUMN, plainIdentifier, searchFunctionOf } from '../../entities/search-sql';

/** The separator between search columns in `search_text` (SEARCH_SEPARATOR), as SQL. */
const SEPARATOR_SQL = "E'\\x1f'";

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

/**
 * The list-order index: (company, name, id), carrying `search_text` so that a common word's page
 * is found by walking the list order without reading the table.
 */
export function orderIndexSql(d: EntityDefinition): string {
  const { table, keys } = d;
  return `create index ${table}_order on ${table} (company_id, ${keys.name}, ${keys.id}) include (${SEARCH_TEXT_COLUMN});`;
}

/** Replaces `search_text` (and so its indexes) after the definition's search columns changed. */
export function redefineSearchTextSql(d: EntityDefinition): string {
  const { table } = d;
  return `
drop index ${table}_order;
alter table ${table} drop column ${SEARCH_TEXT_COLUMN};
alter table ${table} add column ${SEARCH_TEXT_COLUMN} text generated always as (${searchTextSql(d)}) stored;
${orderIndexSql(d)}
${searchIndexSql(d)}`;
}

/**
 * `search_conditions_sql(forms)`: the WHERE text of a search function's query, one LIKE a form
 * and the forms of a word OR-ed (`forms` holds how many forms each word has). Only numbers go
 * into the text; the patterns stay parameters ($1), lower-cased as `search_text` is.
 */
export const SEARCH_CONDITIONS_FUNCTION_SQL = `create function search_conditions_sql(forms integer[])
returns text language sql immutable strict parallel safe as $$
  select coalesce(string_agg('(' || (select string_agg(format('r.search_text like lower($1[%s])', p), ' or ')
      from generate_series(w.last - w.n + 1, w.last) p) || ')', ' and ' order by w.i), 'true')
  from (select f.n, f.i, sum(f.n) over (order by f.i) as last
    from unnest(forms) with ordinality f(n, i)) w
$$;`;

/** The trigram index of `search_text`, company first so that a search reads one company's part. */
export const searchIndexSql = (d: EntityDefinition) =>
  `create index ${d.table}_search_trgm on ${d.table} using gin (company_id, ${SEARCH_TEXT_COLUMN} gin_trgm_ops);`;

/**
 * `search_<table>(patterns, forms, max_rows)`: `(id, name)` of the current company's first
 * `max_rows` rows in list order (all when null) whose `search_text` matches every word. It runs
 * as the owner, so the trigram index can serve the LIKE; the company is fixed in its text. The
 * query is built per call (EXECUTE) so that PostgreSQL plans it with the words' values.
 */
export function searchFunctionSql(d: EntityDefinition): string {
  const { table } = d;
  const [id, name] = [plainIdentifier(d.keys.id), plainIdentifier(d.keys.name)];
  const fn = searchFunctionOf(d);
  return `create function ${fn}(patterns text[], forms integer[], max_rows bigint)
returns table (id bigint, name text) language plpgsql stable security definer
set search_path = public, pg_temp as $$ begin
  return query execute 'select r.${id}::bigint, r.${name}::text from ${table} r where r.company_id = current_company() and '
    || search_conditions_sql(forms) || ' order by r.${name}, r.${id} limit $2' using patterns, max_rows;
end $$;
revoke all on function ${fn}(text[], integer[], bigint) from public;
grant execute on function ${fn}(text[], integer[], bigint) to :app_role;`;
}
