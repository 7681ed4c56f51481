/**
 * A new entity's whole storage from its definition: the table (columns, option CHECKs, foreign
 * keys, row version, search text), its indexes, row-level security and per-company ids, its
 * search index and function, and the link tables of its relations.
 */
import type { EntityDefinition } from '../../../shared/entities';
import { SEARCH_TEXT_COLUMN } from '../../entities/search-sql';
import { tenantTableSql } from '../tenant-sql';
import { columnSql } from './columns';
import { entityIndexesSql } from './indexes';
import { linkTableSql } from './links';
import { foreignKeySql } from './references';
import { ROW_VERSION_COLUMN, rowVersionTriggerSql } from './row-version';
import { orderIndexSql, searchFunctionSql, searchIndexSql, searchTextSql } from './search';

export function createEntityTableSql(d: EntityDefinition): string {
  const searched = d.list.search.length > 0;
  const lines = [
    'company_id bigint not null references companies on delete cascade',
    ...d.fields.map(columnSql),
    `${ROW_VERSION_COLUMN} bigint not null default 1`,
    ...(searched
      ? [`${SEARCH_TEXT_COLUMN} text generated always as (${searchTextSql(d)}) stored`]
      : []),
    `primary key (company_id, ${d.keys.id})`,
    ...d.fields.map((f) => foreignKeySql(d, f)).filter((fk) => fk !== null),
  ];
  return [
    `create table ${d.table} (\n  ${lines.join(',\n  ')}\n);`,
    ...entityIndexesSql(d),
    ...(searched ? [orderIndexSql(d), searchIndexSql(d)] : []),
    tenantTableSql(d.table, d.keys.id).trim(),
    rowVersionTriggerSql(d.table).trim(),
    ...(searched ? [searchFunctionSql(d)] : []),
    ...d.relations.map((r) => linkTableSql(d, r).trim()),
  ].join('\n');
}
