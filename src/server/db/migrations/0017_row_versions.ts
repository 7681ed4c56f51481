/**
 * A version on every entity row, so that an update can carry the version its user saw and a
 * stale one can be refused instead of silently overwriting a colleague. A
 * trigger bumps it on every update, whoever makes it: the engine, a hook (a dispense's stock
 * move) or a migration, so no writer can forget it. Only the entity engine's SQL reads the column
 * (as `_version`), so the Kysely types of the platform tables leave it out.
 */
import type { Migration } from '../migrate';
import { SEARCH_INDEX_TABLES } from './0005_entity_search';

/** Every entity table of today: those 0005 indexed for search (later ones add their own). */
const ROW_VERSION_TABLES = SEARCH_INDEX_TABLES.map(([table]) => table);

const versioned = (table: string) => `
alter table ${table} add column row_version bigint not null default 1;
create trigger ${table}_row_version before update on ${table}
  for each row execute function bump_row_version();`;

export const rowVersions: Migration = {
  name: '0017_row_versions',
  sql: `
create function bump_row_version() returns trigger language plpgsql as $$
begin
  new.row_version := old.row_version + 1;
  return new;
end $$;
${ROW_VERSION_TABLES.map(versioned).join('\n')}
`,
};
