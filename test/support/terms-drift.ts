/**
 * How far a company's search terms are from their rows: terms missing from the terms table plus
 * terms it holds that no row implies (db/ddl/search.ts). Read as the owner, who sees every row.
 */
import type pg from 'pg';
import type { EntityDefinition } from '../../src/shared/entities';
import { searchTableOf } from '../../src/server/entities/search-sql';

export async function termsDrift(
  owner: pg.Pool,
  d: EntityDefinition,
  companyId: number,
): Promise<number> {
  const result = await owner.query<{ n: number }>(
    `with expected as (
       select r.company_id, t.term, r.${d.keys.name} as sort_name, r.${d.keys.id} as row_id
       from ${d.table} r cross join unnest(search_terms(r.search_text)) t(term)
       where r.company_id = $1),
     stored as (select company_id, term, sort_name, row_id from ${searchTableOf(d)}
       where company_id = $1)
     select count(*)::int as n from (
       (select * from expected except select * from stored)
       union all (select * from stored except select * from expected)) d`,
    [companyId],
  );
  return result.rows[0]!.n;
}
