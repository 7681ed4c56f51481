/**
 * What to copy, read from PostgreSQL's catalogue so that a table a later migration adds is
 * backed up without a change here: Materia's tables in `public`, the columns that hold data
 * (generated ones are recomputed), and an order in which every table comes after those its
 * foreign keys point at.
 */
import type pg from 'pg';

export interface CatalogueTable {
  name: string;
  /** Stored columns in table order; generated columns (patient_name, search_text) left out. */
  columns: string[];
  /** Has company_id: a clinic's table (row-level security, copied clinic by clinic). */
  tenant: boolean;
  /** The identity column numbered across clinics (audit_id, …), if any. */
  identity: string | null;
}

/** Copied apart or not at all: the migration record (the header carries the level) and the
 *  companies (each clinic's section carries its row). */
const NOT_TABLE_SECTIONS = new Set(['schema_migrations', 'companies']);

/** Every table of Materia's in `public`, by name. */
export async function catalogueTables(client: pg.ClientBase): Promise<Map<string, CatalogueTable>> {
  const { rows } = await client.query<{
    name: string;
    columns: string[];
    identity: string | null;
  }>(`
    select c.relname as name,
      array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns,
      max(a.attname::text) filter (where a.attidentity <> '') as identity
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_depend d
        where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    group by c.relname`);
  return new Map(rows.map((r) => [r.name, { ...r, tenant: r.columns.includes('company_id') }]));
}

async function readForeignKeys(client: pg.ClientBase): Promise<[string, string][]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = 'public'::regnamespace`);
  return rows.map((r) => [r.child, r.parent]);
}

/** Tables in an order where each follows the tables it references (a self reference is fine). */
function orderByReferences(names: string[], references: [string, string][]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (placed.has(name)) return;
    if (visiting.has(name)) throw new Error(`Tables reference each other in a cycle at ${name}.`);
    visiting.add(name);
    for (const [child, parent] of references) {
      if (child === name && parent !== name && names.includes(parent)) visit(parent);
    }
    visiting.delete(name);
    placed.add(name);
    ordered.push(name);
  };
  [...names].sort().forEach(visit);
  return ordered;
}

/** The tables a backup copies, globals and clinic tables apart, each in reference order. */
export async function copiedTables(
  client: pg.ClientBase,
): Promise<{ global: CatalogueTable[]; tenant: CatalogueTable[] }> {
  const all = await catalogueTables(client);
  const names = [...all.keys()].filter((n) => !NOT_TABLE_SECTIONS.has(n));
  const ordered = orderByReferences(names, await readForeignKeys(client)).map((n) => all.get(n)!);
  return { global: ordered.filter((t) => !t.tenant), tenant: ordered.filter((t) => t.tenant) };
}
