/**
 * Rows of one entity table, read and written with SQL built from its definition. Every statement
 * names the company explicitly (row-level security checks it again) and takes table and column
 * names only from the definition; values are parameters.
 */
import { sql, type RawBuilder } from 'kysely';
import { entityByPath, type EntityDefinition } from '../../shared/entities';
import type { RowOf } from '../../shared/entities/define';
import { summaryFieldNames } from '../../shared/entities/row-shapes';
import type { Tx } from '../db/tenancy';
import { col } from './where';

export type Row = Record<string, unknown>;

/**
 * A row of `d` as a full read returns it: its fields typed from the definition (RowOf) when `d`
 * is one defineEntity made, plus whatever else the read adds (version, labels) as unknown.
 */
export type RowFor<D extends EntityDefinition> = [RowOf<D>] extends [never] ? Row : RowOf<D> & Row;

/** Where a row answers its version (the `row_version` column, bumped by a trigger). */
export const VERSION_KEY = '_version';

export interface Selection {
  where: ReadonlyArray<RawBuilder<unknown>>;
  orderBy?: RawBuilder<unknown>;
  limit?: number;
  offset?: number;
  /**
   * 'list' leaves out long values (rich text, notes) that only `get` returns; 'summary' holds only
   * a list's summary fields of those (shared/entities/row-shapes.ts).
   */
  shape: 'list' | 'summary' | 'full';
}

/**
 * An instant (timestamptz) as the entity calls answer it: ISO 8601 in UTC, as JavaScript writes
 * one (2026-03-09T09:00:00.000Z) and as the field's rule stores what it was sent — so a value
 * read, sent back and compared is the same text. Written by PostgreSQL, whatever the session's
 * zone: no Date object reaches a row.
 */
export const instantText = (column: RawBuilder<unknown>): RawBuilder<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The fields of a shape, and those among them that reference another entity set's row. */
function fieldsOf(definition: EntityDefinition, shape: Selection['shape']) {
  const summary = shape === 'summary' ? summaryFieldNames(definition) : null;
  const fields = definition.fields.filter(
    (f) => shape === 'full' || (f.inList && (summary === null || summary.has(f.name))),
  );
  const references = fields.flatMap((f) => {
    const target = f.references ? entityByPath(f.references) : undefined;
    return target ? [{ field: f, target }] : [];
  });
  return { fields, references };
}

function buildColumns(definition: EntityDefinition, shape: Selection['shape'], joined: boolean) {
  const { fields, references } = fieldsOf(definition, shape);
  const selected: RawBuilder<unknown>[] = fields.map((f) =>
    f.value === 'json'
      ? sql`${col(f.name)}::text as ${sql.ref(f.name)}`
      : f.instant
        ? sql`${instantText(col(f.name))} as ${sql.ref(f.name)}`
        : sql`${col(f.name)}`,
  );
  // The label of each referenced row, e.g. `prescription_patient_id_label` = "Smith, Jane":
  // from the joins of `fromOf` when reading, by a subquery where there is no FROM (RETURNING).
  references.forEach(({ field, target }, i) => {
    const as = sql.ref(`${field.name}_label`);
    selected.push(
      joined
        ? sql`${sql.ref(`l${i}.${target.keys.name}`)} as ${as}`
        : sql`(select ${sql.ref(`x.${target.keys.name}`)} from ${sql.table(target.table)} x
            where x.company_id = r.company_id and ${sql.ref(`x.${target.keys.id}`)} = ${col(field.name)})
            as ${as}`,
    );
  });
  // The version the reader saw; an update sends it back (see ./versions.ts).
  selected.push(sql`r.row_version as ${sql.ref(VERSION_KEY)}`);
  return selected;
}

/**
 * The rows of an entity table as `r`, each referenced row's label joined. A join, not a subquery
 * per row: over a small table (a clinic's 250 countries) the planner scanned the whole table for
 * each row (100 of 128 ms of a 5,000-row page); joined, it reads the table once.
 */
function buildFrom(definition: EntityDefinition, shape: Selection['shape']) {
  const joins = fieldsOf(definition, shape).references.map(
    ({ field, target }, i) =>
      sql` left join ${sql.table(target.table)} ${sql.raw(`l${i}`)}
        on ${sql.ref(`l${i}.company_id`)} = r.company_id
        and ${sql.ref(`l${i}.${target.keys.id}`)} = ${col(field.name)}`,
  );
  return sql`${sql.table(definition.table)} r${sql.join(joins, sql``)}`;
}

/**
 * The select list and FROM of an entity and shape. They hold only names from the definition, so
 * they are compiled once and reused as text: building them afresh cost ~60 µs per query, on
 * every list and several times per insert.
 */
const compiled = new Map<string, RawBuilder<unknown>>();

function compiledOnce(trx: Tx, key: string, build: () => RawBuilder<unknown>) {
  let text = compiled.get(key);
  if (!text) {
    text = sql.raw(build().compile(trx).sql);
    compiled.set(key, text);
  }
  return text;
}

/** The select list of rows read `fromOf` the same shape. */
const columns = (trx: Tx, d: EntityDefinition, shape: Selection['shape']) =>
  compiledOnce(trx, `${d.table}/${shape}/columns`, () => sql.join(buildColumns(d, shape, true)));

/** The select list of a RETURNING, where nothing is joined. */
const returnedColumns = (trx: Tx, d: EntityDefinition) =>
  compiledOnce(trx, `${d.table}/returning`, () => sql.join(buildColumns(d, 'full', false)));

/** `table r left join …`: what `columns` of the same shape reads. */
const fromOf = (trx: Tx, d: EntityDefinition, shape: Selection['shape']) =>
  compiledOnce(trx, `${d.table}/${shape}/from`, () => buildFrom(d, shape));

const whereOf = (companyId: number, conditions: Selection['where']) =>
  sql.join([sql`r.company_id = ${companyId}`, ...conditions], sql` and `);

/**
 * The keys of one ordered page, found first: over the list-order index (which carries
 * `search_text`) the walk to the page — past an offset, or past the rows a search skips — reads
 * no table row; only the page's own rows are then fetched, by key. `= any(array(…))` keeps that
 * shape in the generic plan of a prepared statement too (an `in (…)` there became a hash join
 * over every row of the company).
 */
function pageKeys(
  d: EntityDefinition,
  companyId: number,
  s: Selection,
  orderBy: RawBuilder<unknown>,
) {
  return sql`${col(d.keys.id)} = any(array(select ${col(d.keys.id)} from ${sql.table(d.table)} r
    where ${whereOf(companyId, s.where)}
    order by ${orderBy} limit ${s.limit} ${s.offset ? sql`offset ${s.offset}` : sql``}))`;
}

export async function selectRows(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  s: Selection,
): Promise<Row[]> {
  const { orderBy } = s;
  const paged = orderBy !== undefined && s.limit !== undefined;
  const result = await sql<Row>`select ${columns(trx, d, s.shape)}
    from ${fromOf(trx, d, s.shape)}
    where ${whereOf(companyId, paged ? [pageKeys(d, companyId, s, orderBy)] : s.where)}
    ${orderBy ? sql`order by ${orderBy}` : sql``}
    ${!paged && s.limit !== undefined ? sql`limit ${s.limit}` : sql``}
    ${!paged && s.offset ? sql`offset ${s.offset}` : sql``}`.execute(trx);
  return result.rows;
}

/** Every matching row in list shape and the given order, unexecuted: an export's cursor reads it. */
export const listShapeQuery = (
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  s: { where: Selection['where']; orderBy: RawBuilder<unknown> },
) =>
  sql<Row>`select ${columns(trx, d, 'list')} from ${fromOf(trx, d, 'list')}
    where ${whereOf(companyId, s.where)} order by ${s.orderBy}`;

/**
 * The rows of a search's page in the list's own order, in the statement that finds them: `page`
 * gives its `(id, name)` rows (search.ts, `matchingRows`), and each row is then read by its key
 * under row-level security. The read is lateral and fenced (`offset 0`) so that it stays one
 * probe per key whatever the statistics (as a join, the planner could scan the company's rows).
 */
export const rowsOfKeys = (
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  page: RawBuilder<unknown>,
  shape: Selection['shape'],
) =>
  sql<Row>`select x.* from (${page}) k
    cross join lateral (select ${columns(trx, d, shape)} from ${fromOf(trx, d, shape)}
      where ${whereOf(companyId, [sql`${col(d.keys.id)} = k.id`])} offset 0) x
    order by k.name, k.id`;

/** The rows a statement answers. */
export async function rowsOf<R extends Row>(trx: Tx, statement: RawBuilder<R>): Promise<R[]> {
  return (await statement.execute(trx)).rows;
}

export async function countRows(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  where: Selection['where'],
): Promise<number> {
  const result = await sql<{
    count: number;
  }>`select count(*)::int as count from ${sql.table(d.table)} r
    where ${whereOf(companyId, where)}`.execute(trx);
  return result.rows[0]?.count ?? 0;
}

export const byIds = (d: EntityDefinition, ids: readonly number[]) =>
  ids.length ? sql`${col(d.keys.id)} in (${sql.join(ids)})` : sql`false`;

export async function findRow<D extends EntityDefinition>(
  trx: Tx,
  d: D,
  companyId: number,
  id: number,
  forUpdate = false,
): Promise<RowFor<D> | undefined> {
  return (await findRows(trx, d, companyId, [id], forUpdate))[0];
}

/** Rows by id; `forUpdate` locks them until the transaction ends (a change reads them first). */
export async function findRows<D extends EntityDefinition>(
  trx: Tx,
  d: D,
  companyId: number,
  ids: readonly number[],
  forUpdate = false,
): Promise<RowFor<D>[]> {
  const result = await sql<
    RowFor<D>
  >`select ${columns(trx, d, 'full')} from ${fromOf(trx, d, 'full')}
    where ${whereOf(companyId, [byIds(d, ids)])} ${forUpdate ? sql`for update of r` : sql``}`.execute(
    trx,
  );
  return result.rows;
}

/** Which of `ids` exist in the company (another company's ids do not). */
export async function existingIds(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const result = await sql<{
    id: number;
  }>`select ${col(d.keys.id)} as id from ${sql.table(d.table)} r
    where ${whereOf(companyId, [byIds(d, ids)])}`.execute(trx);
  return result.rows.map((row) => row.id);
}

export async function insertRow(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  values: Row,
): Promise<number> {
  const names = Object.keys(values);
  const result = await sql<{ id: number }>`insert into ${sql.table(d.table)}
    (company_id${sql.join(
      names.map((n) => sql`, ${sql.ref(n)}`),
      sql``,
    )})
    values (${companyId}${sql.join(
      names.map((n) => sql`, ${values[n]}`),
      sql``,
    )})
    returning ${sql.ref(d.keys.id)} as id`.execute(trx);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error(`Insert into ${d.table} returned no id.`);
  return id;
}

/** PostgreSQL's bind-parameter limit per statement (a 16-bit count). */
const MAX_PARAMETERS = 65_535;

/**
 * New rows in one statement per slice that fits the parameter limit, answered as a full read
 * (`findRows`) answers them, in the order given. A column some rows leave out gets its default.
 */
export async function insertRows(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  rows: readonly Row[],
): Promise<Row[]> {
  const names = [...new Set(rows.flatMap((values) => Object.keys(values)))];
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / (names.length + 1)));
  const stored: Row[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const tuples = rows
      .slice(start, start + perStatement)
      .map(
        (values) =>
          sql`(${sql.join([
            sql`${companyId}`,
            ...names.map((n) => (n in values ? sql`${values[n]}` : sql`default`)),
          ])})`,
      );
    const result = await sql<Row>`insert into ${sql.table(d.table)} as r
      (${sql.join([sql.ref('company_id'), ...names.map((n) => sql.ref(n))])})
      values ${sql.join(tuples)}
      returning ${returnedColumns(trx, d)}`.execute(trx);
    // Ids are drawn row by row in the order written; sorting by them keeps the given order.
    const id = (row: Row) => Number(row[d.keys.id]);
    stored.push(...result.rows.sort((a, b) => id(a) - id(b)));
  }
  return stored;
}

export async function updateRow(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  id: number,
  values: Row,
): Promise<void> {
  const names = Object.keys(values);
  if (names.length === 0) return;
  await sql`update ${sql.table(d.table)} r set
    ${sql.join(names.map((n) => sql`${sql.ref(n)} = ${values[n]}`))}
    where ${whereOf(companyId, [byIds(d, [id])])}`.execute(trx);
}

export async function deleteRows(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  ids: readonly number[],
): Promise<number> {
  const result =
    await sql`delete from ${sql.table(d.table)} r where ${whereOf(companyId, [byIds(d, ids)])}`.execute(
      trx,
    );
  return Number(result.numAffectedRows ?? 0);
}

/** `{id, label}` pairs ordered like the list, for typeaheads and label lookups. */
export async function labelRows(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  s: Omit<Selection, 'shape'>,
) {
  const result = await sql<{
    id: number;
    label: string;
  }>`select ${col(d.keys.id)} as id, ${col(d.keys.name)} as label
    from ${sql.table(d.table)} r where ${whereOf(companyId, s.where)}
    ${s.orderBy ? sql`order by ${s.orderBy}` : sql``}
    ${s.limit !== undefined ? sql`limit ${s.limit}` : sql``}
    ${s.offset ? sql`offset ${s.offset}` : sql``}`.execute(trx);
  return result.rows;
}

/** Sets the hand-made order: the given ids get 1, 2, 3, … in the given order. */
export async function saveOrder(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  ids: readonly number[],
): Promise<void> {
  const orderKey = d.keys.order;
  if (!orderKey || ids.length === 0) return;
  await sql`update ${sql.table(d.table)} r set ${sql.ref(orderKey)} = o.position
    from unnest(${sql.val(ids)}::bigint[]) with ordinality as o(id, position)
    where r.company_id = ${companyId} and ${col(d.keys.id)} = o.id`.execute(trx);
}

/** The order value that puts a new row last (among its siblings in a tree). */
export async function nextOrder(
  trx: Tx,
  d: EntityDefinition,
  companyId: number,
  parent?: { column: string; id: number },
): Promise<number> {
  const orderKey = d.keys.order;
  if (!orderKey) return 0;
  const result = await sql<{
    next: number;
  }>`select coalesce(max(${col(orderKey)}), 0)::int + 1 as next
    from ${sql.table(d.table)} r where ${whereOf(companyId, parent ? [sql`${col(parent.column)} = ${parent.id}`] : [])}`.execute(
    trx,
  );
  return result.rows[0]?.next ?? 1;
}
