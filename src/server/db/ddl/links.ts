/**
 * The link table of a many-to-many relation: (company_id, own id, other id), both sides deleted
 * with either row, and an index for reading the relation from the other side.
 */
import type { EntityDefinition, RelationDefinition } from '../../../shared/entities';
import { tenantTableSql } from '../tenant-sql';
import { tableOfEntities } from './references';

/** The tables a relation's link table points at: this entity's and the related one's. */
export const linkedTables = (d: EntityDefinition, relation: RelationDefinition) => ({
  own: d.table,
  other: tableOfEntities(relation.entities),
});

export function linkTableSql(d: EntityDefinition, relation: RelationDefinition): string {
  const { table, ownKey, otherKey } = relation;
  const tables = linkedTables(d, relation);
  return `
create table ${table} (
  company_id bigint not null,
  ${ownKey} bigint not null,
  ${otherKey} bigint not null,
  primary key (company_id, ${ownKey}, ${otherKey}),
  foreign key (company_id, ${ownKey}) references ${tables.own} on delete cascade,
  foreign key (company_id, ${otherKey}) references ${tables.other} on delete cascade
);
create index on ${table} (company_id, ${otherKey});
${tenantTableSql(table)}`;
}
