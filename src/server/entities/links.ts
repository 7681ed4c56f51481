/** Rows of many-to-many link tables (`herb_actions`, `user_groups`, …) named by a relation. */
import { sql, type RawBuilder } from 'kysely';
import type { EntityDefinition, RelationDefinition } from '../../shared/entities';
import type { Tx } from '../db/tenancy';

export interface Labelled {
  id: number;
  label: string;
}

const own = (r: RelationDefinition) => sql.ref(`l.${r.ownKey}`);
const other = (r: RelationDefinition) => sql.ref(`l.${r.otherKey}`);

export async function linkedIds(
  trx: Tx,
  r: RelationDefinition,
  companyId: number,
  id: number,
): Promise<number[]> {
  const result = await sql<{ id: number }>`select ${other(r)} as id from ${sql.table(r.table)} l
    where l.company_id = ${companyId} and ${own(r)} = ${id} order by 1`.execute(trx);
  return result.rows.map((row) => row.id);
}

/** The linked ids of every relation of one row, in one round trip: `{relation name: ids}`. */
export async function allLinkedIds(
  trx: Tx,
  relations: readonly RelationDefinition[],
  companyId: number,
  id: number,
): Promise<Record<string, number[]>> {
  if (relations.length === 0) return {};
  const lists = relations.map(
    (r) => sql`array(select ${other(r)} from ${sql.table(r.table)} l
      where l.company_id = ${companyId} and ${own(r)} = ${id} order by 1) as ${sql.ref(r.name)}`,
  );
  const result = await sql<Record<string, (number | string)[]>>`select ${sql.join(lists)}`.execute(
    trx,
  );
  const row = result.rows[0] ?? {};
  // bigint[] arrives as text; the ids fit in a JS number.
  return Object.fromEntries(relations.map((r) => [r.name, (row[r.name] ?? []).map(Number)]));
}

/** The related rows as `{id, label}`, ordered by label. */
export async function linkedLabels(
  trx: Tx,
  r: RelationDefinition,
  target: EntityDefinition,
  companyId: number,
  id: number,
  only?: readonly number[],
): Promise<Labelled[]> {
  const result =
    await sql<Labelled>`select ${sql.ref(`t.${target.keys.id}`)} as id, ${sql.ref(`t.${target.keys.name}`)} as label
    from ${sql.table(r.table)} l join ${sql.table(target.table)} t
      on t.company_id = l.company_id and ${sql.ref(`t.${target.keys.id}`)} = ${other(r)}
    where l.company_id = ${companyId} and ${own(r)} = ${id}
    ${only ? sql`and ${other(r)} in (${only.length ? sql.join(only) : sql`null`})` : sql``}
    order by 2, 1`.execute(trx);
  return result.rows;
}

/** Runs a link write that returns the other side's ids, and answers them in order. */
async function idsInOrder(trx: Tx, write: RawBuilder<{ id: number }>): Promise<number[]> {
  const result = await write.execute(trx);
  return result.rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Links `ids`; answers the ids that were not linked before. */
export async function addLinks(
  trx: Tx,
  r: RelationDefinition,
  companyId: number,
  id: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  return idsInOrder(
    trx,
    sql`insert into ${sql.table(r.table)} as l (company_id, ${sql.ref(r.ownKey)}, ${sql.ref(r.otherKey)})
    select ${companyId}, ${id}, unnest(${sql.val(ids)}::bigint[])
    on conflict do nothing returning ${other(r)} as id`,
  );
}

/** Unlinks `ids`; answers the ids that were linked. */
export async function removeLinks(
  trx: Tx,
  r: RelationDefinition,
  companyId: number,
  id: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  return idsInOrder(
    trx,
    sql`delete from ${sql.table(r.table)} l
    where l.company_id = ${companyId} and ${own(r)} = ${id} and ${other(r)} = any(${sql.val(ids)}::bigint[])
    returning ${other(r)} as id`,
  );
}
