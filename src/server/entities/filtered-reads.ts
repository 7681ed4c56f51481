/**
 * The reads of a filtered set — a list page, its count, typeahead labels — with or without a
 * search. A search alone, in the list's own order, is answered from the search terms directly
 * (./search-pages.ts); beside other filters or in another order its condition joins theirs,
 * narrowed to the rows of its narrowest word when that word is narrow.
 */
import type { RawBuilder } from 'kysely';
import type { EntityDefinition } from '../../shared/entities';
import type { RowShape } from '../../shared/entities/row-shapes';
import { beginAgain, commitWithNext, type Tx } from '../db/tenancy';
import { clinicTimeZone } from '../diary/time-zone';
import type { CallContext } from '../http/calls';
import * as repo from './repository';
import type { Row } from './repository';
import { searchCondition, type SearchQuery } from './search';
import {
  firstAnswerOf,
  firstWithRows,
  inListOrder,
  narrowingCondition,
  pageSteps,
  searchCount,
  namedRowsOf,
  searchPageSource,
  termsServe,
  type SearchCount,
} from './search-pages';
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

/** The search, when it is the whole query and the terms can answer it in list order. */
function directSearch({ d, zone }: Pick<Read, 'd' | 'zone'>, q: ReadQuery): SearchQuery | null {
  if (q.sort !== undefined && q.sort !== '') return null;
  const { conditions, search } = splitFilters(d, q.filters, zone);
  if (!search || conditions.length > 0) return null;
  if (relationConditions(d, q.relation_filters).length > 0) return null;
  return termsServe(d, search) ? search : null;
}

/** Every condition of the query, a search's included (and narrowed when it can be). */
async function conditionsOf(
  { trx, d, companyId, zone }: Read,
  q: ReadQuery,
): Promise<RawBuilder<unknown>[]> {
  const { conditions, search } = splitFilters(d, q.filters, zone);
  const all = [...conditions, ...relationConditions(d, q.relation_filters)];
  if (!search) return all;
  const narrowing = await narrowingCondition(trx, d, companyId, search);
  return [...all, searchCondition(d, search), ...(narrowing ? [narrowing] : [])];
}

export async function listPage(
  read: Read,
  q: ReadQuery & { row_shape?: RowShape },
  page: Page,
): Promise<Row[]> {
  const { trx, d, companyId } = read;
  const shape = q.row_shape === 'summary' ? 'summary' : 'list';
  const search = directSearch(read, q);
  if (search) return searchedRows(read, search, page, shape);
  const where = await conditionsOf(read, q);
  // The page's rows are the list call's last statement.
  await commitWithNext(trx);
  return repo.selectRows(trx, d, companyId, {
    where,
    orderBy: listOrderBy(d, q.sort),
    ...page,
    shape,
  });
}

/**
 * A searched page's rows, read in the statement that finds the page: the call's last, its commit
 * trailing it. When the first statement of several words answered only the sizes its terms'
 * statement is planned by, that transaction is over: the terms' statement goes out in a new one
 * for the same company, its commit trailing it too (the sizes only chose the plan; the page and
 * its rows are read in one snapshot).
 */
async function searchedRows(
  { trx, d, companyId }: Read,
  search: SearchQuery,
  page: Page,
  shape: 'list' | 'summary',
): Promise<Row[]> {
  const steps = pageSteps(d, companyId, search, page.offset + page.limit);
  const rowsOf = (source: RawBuilder<unknown>) => repo.rowsOfKeys(trx, d, companyId, source, shape);
  await commitWithNext(trx);
  if ('rows' in steps) return repo.rowsOf(trx, rowsOf(inListOrder(steps.rows, page.offset)));
  const first = await repo.rowsOf(trx, firstWithRows(steps.first, page.offset, rowsOf));
  const answer = firstAnswerOf(first, d.keys.id);
  if ('rows' in answer) return answer.rows;
  await beginAgain(trx, companyId);
  await commitWithNext(trx);
  return repo.rowsOf(trx, rowsOf(inListOrder(steps.terms(answer.sizes), page.offset)));
}

export async function countMatches(read: Read, q: ReadQuery): Promise<SearchCount> {
  const { trx, d, companyId } = read;
  const search = directSearch(read, q);
  const counted = search ? await searchCount(trx, d, companyId, search) : null;
  if (counted) return counted;
  return {
    count: await repo.countRows(trx, d, companyId, await conditionsOf(read, q)),
    more: false,
  };
}

export async function typeaheadLabels(read: Read, q: ReadQuery, page: Page) {
  const { trx, d, companyId } = read;
  const search = directSearch(read, q);
  // A search's page holds the names already, in the list's order: they are the labels.
  const source = search
    ? await searchPageSource(trx, d, companyId, search, page.offset, page.limit)
    : null;
  if (source) {
    const found = await namedRowsOf(trx, source);
    return found.map((r) => ({ id: r.id, label: r.name }));
  }
  return repo.labelRows(trx, d, companyId, {
    where: await conditionsOf(read, q),
    orderBy: orderBy(d, undefined),
    ...page,
  });
}

/**
 * The steps of a typeahead's search (see `pageSteps`) when the search terms serve it alone, else
 * null (read those with `typeaheadLabels`).
 */
export function typeaheadSteps(read: Omit<Read, 'trx'>, q: ReadQuery, limit: number) {
  const search = directSearch(read, q);
  return search ? pageSteps(read.d, read.companyId, search, limit) : null;
}

/**
 * The whole filtered set as the list reads it — the same conditions, in the same order as its
 * pages — for a read that walks every row (an export's cursor).
 */
export async function wholeSet(read: Read, q: ReadQuery) {
  return {
    where: await conditionsOf(read, q),
    orderBy: directSearch(read, q) ? orderBy(read.d, undefined) : listOrderBy(read.d, q.sort),
  };
}
