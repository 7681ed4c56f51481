/**
 * The row version every entity row carries (bumped by a trigger on every update, whoever makes
 * it), so that a stale update can be refused; `bump_row_version()` is migration 0017's.
 */
export const ROW_VERSION_COLUMN = 'row_version';

export const rowVersionTriggerSql = (table: string) => `
create trigger ${table}_row_version before update on ${table}
  for each row execute function bump_row_version();`;

export const addRowVersionSql = (table: string) => `
alter table ${table} add column ${ROW_VERSION_COLUMN} bigint not null default 1;
${rowVersionTriggerSql(table)}`;
