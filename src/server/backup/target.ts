/**
 * The database a restore writes into: what it already holds, the refusals that protect it, and
 * the clearing of a whole installation (`--replace`), all inside the restore's transaction.
 */
import type pg from 'pg';

export class RestoreRefused extends Error {}

/** The clinics there are (none when the schema does not exist yet). */
export async function existingClinics(
  client: pg.ClientBase,
): Promise<{ company_id: number; company_slug: string }[]> {
  const exists = await client.query(`select to_regclass('public.companies') as t`);
  if (!(exists.rows[0] as { t: string | null }).t) return [];
  const { rows } = await client.query<{ company_id: number; company_slug: string }>(
    'select company_id, company_slug from companies order by company_id',
  );
  return rows;
}

export async function refuseUnlessEmpty(client: pg.ClientBase, replace: boolean): Promise<void> {
  const clinics = await existingClinics(client);
  if (clinics.length === 0 || replace) return;
  const named = clinics.slice(0, 5).map((c) => c.company_slug);
  throw new RestoreRefused(
    `The target already holds ${clinics.length} clinic(s) (${named.join(', ')}${clinics.length > 5 ? ', …' : ''}). ` +
      'Restore into an empty data folder or database, or add --replace to delete everything there first.',
  );
}

const notInExtension = (catalog: string, column = 'oid') => `not exists (select 1 from pg_depend d
  where d.classid = '${catalog}'::regclass and d.objid = ${column} and d.deptype = 'e')`;

/**
 * Drops every Materia object (tables, functions, the per-clinic counters, the migration record)
 * so that the backup's schema is built from its first migration. Extensions and the app role's
 * private schema stay.
 */
export async function clearInstallation(client: pg.ClientBase): Promise<void> {
  await client.query('drop schema if exists tenant_seq cascade');
  const relations = await client.query<{ name: string; kind: string }>(`
    select c.oid::regclass::text as name, c.relkind as kind from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
      and ${notInExtension('pg_class', 'c.oid')}`);
  const KIND: Record<string, string> = { v: 'view', m: 'materialized view', S: 'sequence' };
  // Tables first: an identity's sequence goes with its table.
  const tablesFirst = relations.rows.sort(
    (a, b) => Number(a.kind in KIND) - Number(b.kind in KIND),
  );
  for (const { name, kind } of tablesFirst) {
    await client.query(`drop ${KIND[kind] ?? 'table'} if exists ${name} cascade`);
  }
  const functions = await client.query<{ name: string }>(`
    select p.oid::regprocedure::text as name from pg_proc p
    where p.pronamespace = 'public'::regnamespace and ${notInExtension('pg_proc', 'p.oid')}`);
  for (const { name } of functions.rows)
    await client.query(`drop function if exists ${name} cascade`);
}

/** Deletes one clinic (its rows go with it) and its id counters, for `--replace` of a clinic. */
export async function deleteClinic(client: pg.ClientBase, companyId: number): Promise<void> {
  await client.query('delete from companies where company_id = $1', [companyId]);
  const counters = await client.query<{ name: string }>(
    `select format('tenant_seq.%I', sequencename) as name from pg_sequences
     where schemaname = 'tenant_seq' and sequencename ~ ('_' || $1::text || '$')`,
    [companyId],
  );
  for (const { name } of counters.rows) await client.query(`drop sequence ${name}`);
}
