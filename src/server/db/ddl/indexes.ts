/** The indexes a definition asks for besides its keys and list order (`indexes`). */
import type { EntityDefinition } from '../../../shared/entities';

export const indexSql = (d: EntityDefinition, columns: readonly string[]): string =>
  `create index on ${d.table} (company_id, ${columns.join(', ')});`;

export const entityIndexesSql = (d: EntityDefinition): string[] =>
  (d.indexes ?? []).map((columns) => indexSql(d, columns));

/** Whether a live index (columns, then `where …` when partial) is partial on exactly `key`. */
export const isPartialOn = (index: { columns: readonly string[] }, key: string): boolean =>
  index.columns.length > 1 &&
  (index.columns.at(-1) ?? '').startsWith('where ') &&
  index.columns.slice(0, -1).join() === key;

/** `name` as PostgreSQL prints it (regclass, quoted when it must be). */
export const dropIndexSql = (name: string): string => `drop index if exists ${name};`;
