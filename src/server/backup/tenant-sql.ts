/**
 * Clinic scoping for the owner role: tenant tables force row-level security on their owner too
 * (an external database's owner is rarely a superuser), so both directions name the clinic
 * they work on, inside their transaction, as a request does.
 */
import type pg from 'pg';

/** Scopes the transaction to a clinic; null: to none again. */
export async function setTenant(client: pg.ClientBase, companyId: number | null): Promise<void> {
  await client.query(`select set_config('app.company_id', $1, true)`, [
    companyId === null ? '' : String(companyId),
  ]);
}

/**
 * The per-clinic id counters (`tenant_seq.{table}_{company}`, see migration 0001), by clinic and
 * table. A counter may be past the largest id left (rows deleted): a restore keeps it there, so
 * that no id is handed out twice.
 */
export async function tenantCounters(
  client: pg.ClientBase,
): Promise<Map<number, Record<string, number>>> {
  const { rows } = await client.query<{ name: string; value: string }>(
    `select sequencename as name, last_value::text as value from pg_sequences
     where schemaname = 'tenant_seq' and last_value is not null`,
  );
  const counters = new Map<number, Record<string, number>>();
  for (const { name, value } of rows) {
    const match = /^(.+)_(\d+)$/.exec(name);
    if (!match) continue;
    const company = Number(match[2]);
    counters.set(company, { ...counters.get(company), [match[1]!]: Number(value) });
  }
  return counters;
}

/** Sets the clinic's counters at least as far as in the backup (creating them if need be). */
export async function restoreCounters(
  client: pg.ClientBase,
  companyId: number,
  counters: Record<string, number>,
): Promise<void> {
  for (const [table, value] of Object.entries(counters)) {
    await client.query('select tenant_next_id($1, $2, $3)', [companyId, table, value]);
  }
}
