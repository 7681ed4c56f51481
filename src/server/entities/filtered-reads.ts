/**
 * The reads of a filtered set — a list page, its count, typeahead labels — with or without a
 * search. A search alone, in the list's own order, is answered by the table's search function
 * (./search.ts), which finds the page's ids and names; beside other filters or in another order
 * the ids it finds are a condition beside theirs.
 */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import type { RowShape } from '../../shared/entities/row-shapes';
import type { Tx } from '../db/tenancy';
import { clinicTimeZone } from '../diary/time-zone';
import type { CallContext } from '../http/calls';
import * as repo from './repository';
import type { Row } from './repository';
import {
  COUNT_CAP,
  indexServes,
  matchingRows,
  searchedCondition,
  type SearchQuery,
} from './search';
import {
  listOrderBy,
  orderBy,
  relationConditions,
  splitFilters,
  type Filters,
  type RelationFilters,
  type Sort,
} from './where';

interface ReadQuery {
  filters?: Filters;
  relation_filters?: RelationFilters;
  sort?: Sort;
}

interface Page {
  offset: number;
  limit: number;
}

interface Read {
  trx: Tx;
  d: EntityDefinition;
  companyId: number;
  /** The clinic's time zone: an instant field's day filter means its days. */
  zone: string;
}

/** Only an instant field's filter reads the zone: a set without one skips the settings read. */
const hasInstants = (d: EntityDefinition) => d.fields.some((field) => field.instant === true);

/** What a read of `d` needs of the call. */
export const readOf = async (ctx: CallContext, d: EntityDefinition): Promise<Read> => ({
  trx: ctx.trx,
  d,
  companyId: ctx.caller.company.company_id,
  zone: hasInstants(d) ? await clinicTimeZone(ctx) : 'UTC',
});

/** The search, when it is the whole query and its function can answer it in list order. */
function searchAlone({ d, zone }: Pick<Read, 'd' | 'zone'>, q: ReadQuery): SearchQuery | null {
  if (q.sort !== undefined && q.sort !== '') return null;
  const { conditions, search } = splitFilters(d, q.filters, zone);
  if (!search || conditions.length > 0 || d.keys.order) return null;
  if (relationConditions(d, q.relation_filters).length > 0) return null;
  return indexServes(search) ? search : null;
}

/** Every condition of the query, a search's included. */
function conditionsOf({ d, zone }: Read, q: ReadQuery): RawBuilder<unknown>[] {
  const { conditions, search } = splitFilters(d, q.filters, zone);
  const all = [...conditions, ...relationConditions(d, q.relation_filters)];
  return search ? [...all, searchedCondition(d, search)] : all;
}

/** `(id, name)` rows in list order, past `offset`. */
const inListOrder = (rows: RawBuilder<unknown>, offset: number) =>
  sql`select k.id, k.name from (${rows}) k order by k.name, k.id offset ${offset}`;

export async function listPage(
  read: Read,
  q: ReadQuery & { row_shape?: RowShape },
  page: Page,
): Promise<Row[]> {
  const { trx, d, companyId } = read;
  const shape = q.row_shape === 'summary' ? 'summary' : 'list';
  const search = searchAlone(read, q);
  if (search) {
    const found = inListOrder(matchingRows(d, search, page.offset + page.limit), page.offset);
    return repo.rowsOf(trx, repo.rowsOfKeys(trx, d, companyId, found, shape));
  }
  return repo.selectRows(trx, d, companyId, {
    where: conditionsOf(read, q),
    orderBy: listOrderBy(d, q.sort),
    ...page,
    shape,
  });
}

interface SearchCount {
  count: number;
  /** More rows match than `count` (a search is counted up to COUNT_CAP). */
  more: boolean;
}

export async function countMatches(read: Read, q: ReadQuery): Promise<SearchCount> {
  const { trx, d, companyId } = read;
  const search = searchAlone(read, q);
  if (!search)
    return { count: await repo.countRows(trx, d, companyId, conditionsOf(read, q)), more: false };
  const result = await sql<{ count: number }>`select count(*)::int as count
    from (${matchingRows(d, search, COUNT_CAP + 1)}) x`.execute(trx);
  const count = result.rows[0]?.count ?? 0;
  return count > COUNT_CAP ? { count: COUNT_CAP, more: true } : { count, more: false };
}

export async function typeaheadLabels(read: Read, q: ReadQuery, page: Page) {
  const { trx, d, companyId } = read;
  const search = searchAlone(read, q);
  if (search) {
    // A search's page holds the names already, in the list's order: they are the labels.
    const found = await sql<{ id: string; name: string }>`${inListOrder(
      matchingRows(d, search, page.offset + page.limit),
      page.offset,
    )}`.execute(trx);
    return found.rows.map((r) => ({ id: Number(r.id), label: r.name }));
  }
  return repo.labelRows(trx, d, companyId, {
    where: conditionsOf(read, q),
    orderBy: orderBy(d, undefined),
    ...page,
  });
}

/**
 * The whole filtered set as the list reads it — the same conditions, in the same order as its
 * pages — for a read that walks every row (an export's cursor).
 */
export function wholeSet(read: Read, q: ReadQuery) {
  return {
    where: conditionsOf(read, q),
    orderBy: searchAlone(read, q) ? orderBy(read.d, undefined) : listOrderBy(read.d, q.sort),
  };
}

/**
 * A typeahead's `(id, name)` rows when the search function answers it alone (search/everywhere
 * puts several sets' into one statement), else null: read those with `typeaheadLabels`.
 */
export function typeaheadSource(read: Omit<Read, 'trx'>, q: ReadQuery, limit: number) {
  const search = searchAlone(read, q);
  return search ? matchingRows(read.d, search, limit) : null;
}
