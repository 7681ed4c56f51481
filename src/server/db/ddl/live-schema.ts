/**
 * The schema a database holds, read from its catalogue in a few queries: what the drift check
 * compares with the definitions. Only the `public` schema, where every Materia table lives.
 */
import type pg from 'pg';

export interface LiveColumn {
  udt: string;
  nullable: boolean;
  /** The generation expression of a computed column, as PostgreSQL prints it. */
  generated: string | null;
}

export interface LiveConstraint {
  name: string;
  /** pg_constraint.contype: p primary key, f foreign key, c check, u unique. */
  type: string;
  columns: string[];
  /** Foreign keys: the referenced table and what a delete there does (a, r, c, n, d). */
  references: string | null;
  onDelete: string;
  definition: string;
}

export interface LiveTable {
  columns: Map<string, LiveColumn>;
  constraints: LiveConstraint[];
  /** Each index: its name, and its key columns in order, then `where (…)` when it is partial. */
  indexes: LiveIndex[];
  triggers: Set<string>;
  forcedRowSecurity: boolean;
}

export type LiveSchema = Map<string, LiveTable>;

export interface LiveIndex {
  name: string;
  columns: string[];
}

const emptyTable = (forced: boolean): LiveTable => ({
  columns: new Map(),
  constraints: [],
  indexes: [],
  triggers: new Set(),
  forcedRowSecurity: forced,
});

export async function readLiveSchema(client: pg.ClientBase): Promise<LiveSchema> {
  const schema: LiveSchema = new Map();
  const tables = await client.query<{ name: string; forced: boolean }>(
    `select relname as name, relforcerowsecurity as forced from pg_class
     where relnamespace = 'public'::regnamespace and relkind in ('r', 'p')`,
  );
  for (const t of tables.rows) schema.set(t.name, emptyTable(t.forced));
  const at = (table: string) => schema.get(table);

  const columns = await client.query<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: string;
    generation_expression: string | null;
  }>(
    `select table_name, column_name, udt_name, is_nullable, generation_expression
     from information_schema.columns where table_schema = 'public'`,
  );
  for (const c of columns.rows) {
    at(c.table_name)?.columns.set(c.column_name, {
      udt: c.udt_name,
      nullable: c.is_nullable === 'YES',
      generated: c.generation_expression,
    });
  }

  const constraints = await client.query<{
    table_name: string;
    name: string;
    type: string;
    columns: string[];
    references: string | null;
    on_delete: string;
    definition: string;
  }>(
    `select c.conrelid::regclass::text as table_name, c.conname as name, c.contype as type,
       array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
             join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
       nullif(c.confrelid, 0)::regclass::text as references, c.confdeltype as on_delete,
       pg_get_constraintdef(c.oid) as definition
     from pg_constraint c join pg_class r on r.oid = c.conrelid
     where r.relnamespace = 'public'::regnamespace`,
  );
  for (const c of constraints.rows) {
    at(c.table_name)?.constraints.push({
      name: c.name,
      type: c.type,
      columns: c.columns,
      references: c.references,
      onDelete: c.on_delete,
      definition: c.definition,
    });
  }

  const indexes = await client.query<{ table_name: string; name: string; columns: string[] }>(
    `select i.indrelid::regclass::text as table_name, i.indexrelid::regclass::text as name,
       array(select coalesce(a.attname::text, '?') from unnest(i.indkey) with ordinality k(n, o)
             left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n
             where k.o <= i.indnkeyatts order by k.o)
       || array(select 'where ' || pg_get_expr(i.indpred, i.indrelid) where i.indpred is not null)
       as columns
     from pg_index i join pg_class r on r.oid = i.indrelid
     where r.relnamespace = 'public'::regnamespace`,
  );
  for (const { table_name, name, columns } of indexes.rows) {
    at(table_name)?.indexes.push({ name, columns });
  }

  const triggers = await client.query<{ table_name: string; name: string }>(
    `select t.tgrelid::regclass::text as table_name, t.tgname as name
     from pg_trigger t join pg_class r on r.oid = t.tgrelid
     where r.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  for (const t of triggers.rows) at(t.table_name)?.triggers.add(t.name);
  return schema;
}

/**
 * How PostgreSQL prints `expression` as the generated `column` of `table`: built on a scratch
 * copy of the table inside a savepoint that is rolled back, so that the definition's expression
 * and the live one are compared in the same printed form.
 */
export async function printedExpression(
  client: pg.ClientBase,
  table: string,
  column: string,
  type: string,
  expression: string,
): Promise<string | null> {
  await client.query('savepoint printed_expression');
  try {
    await client.query(`create temp table expression_probe (like ${table})`);
    await client.query(`alter table expression_probe drop column if exists ${column}`);
    await client.query(
      `alter table expression_probe add column ${column} ${type} generated always as (${expression}) stored`,
    );
    const { rows } = await client.query<{ printed: string }>(
      `select generation_expression as printed from information_schema.columns
       where table_name = 'expression_probe' and column_name = $1
         and table_schema = (select nspname from pg_namespace where oid = pg_my_temp_schema())`,
      [column],
    );
    return rows[0]?.printed ?? null;
  } catch {
    return null; // the expression names a column the table lacks: reported on its own
  } finally {
    await client.query('rollback to savepoint printed_expression');
  }
}
