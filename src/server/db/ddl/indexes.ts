/** The indexes a definition asks for besides its keys and list order (`indexes`). */
import type { EntityDefinition } from '../../../shared/entities';

export const indexSql = (d: EntityDefinition, columns: readonly string[]): string =>
  `create index on ${d.table} (company_id, ${columns.join(', ')});`;

export const entityIndexesSql = (d: EntityDefinition): string[] =>
  (d.indexes ?? []).map((columns) => indexSql(d, columns));
