/** Seed helpers: multi-row inserts into tenant tables, and a deterministic random source. */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';

export type SeedRow = Record<string, string | number | null>;

/**
 * Inserts rows (all with the same columns) in batches; answers `key → id` from the returned
 * rows, so callers look ids up by a natural key rather than trusting insertion order.
 */
export async function insertRows(
  trx: Tx,
  companyId: number,
  table: string,
  rows: readonly SeedRow[],
  returning?: { key: string; id: string },
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const first = rows[0];
  if (!first) return ids;
  const columns = Object.keys(first);
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500);
    const values = batch.map(
      (row) => sql`(${sql.join([companyId, ...columns.map((c) => row[c] ?? null)])})`,
    );
    const result = await sql<Record<string, unknown>>`insert into ${sql.table(table)}
      (company_id, ${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}
      ${returning ? sql`returning ${sql.ref(returning.key)} as key, ${sql.ref(returning.id)} as id` : sql``}`.execute(
      trx,
    );
    for (const row of result.rows) ids.set(String(row.key), Number(row.id));
  }
  return ids;
}

/** Ids by name; a missing name is a mistake in the seed data and stops the seed. */
export function idsOf(
  ids: ReadonlyMap<string, number>,
  names: readonly string[],
  what: string,
): number[] {
  return names.map((name) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`Seed data names unknown ${what} "${name}".`);
    return id;
  });
}

/** mulberry32: the same seed gives the same demo clinic on every machine. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const count = Math.min(int(min, max), pool.length);
    const chosen: T[] = [];
    for (let i = 0; i < count; i++) chosen.push(pool.splice(int(0, pool.length - 1), 1)[0] as T);
    return chosen;
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}
export type Random = ReturnType<typeof randomSource>;
