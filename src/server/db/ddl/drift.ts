/**
 * Where the live schema differs from the entity definitions. Each difference names its table and
 * column and says what is wrong; where the DDL helpers can put it right (a new table, column,
 * option CHECK, reference, index, search text or link table) it carries that SQL as `fix`. The
 * schema generator freezes the fixes into a migration; the drift test fails on any difference.
 */
import type pg from 'pg';
import type { EntityDefinition, FieldDefinition } from '../../../shared/entities';
import { SEARCH_TEXT_COLUMN, searchFunctionOf } from '../../entities/search-sql';
import { allowedValues, columnSql, isNullable, optionCheckSql, udtOf } from './columns';
import { dropIndexSql, indexSql, isPartialOn } from './indexes';
import { linkedTables, linkTableSql } from './links';
import { printedExpression, readLiveSchema, type LiveSchema, type LiveTable } from './live-schema';
import { foreignKeySql, onDeleteOf, referencedTable } from './references';
import { ROW_VERSION_COLUMN, addRowVersionSql } from './row-version';
import { createEntityTableSql } from './table';
import { redefineSearchTextSql, searchFunctionSql, searchIndexSql, searchTextSql } from './search';

export interface Drift {
  /** `table` or `table.column`. */
  subject: string;
  problem: string;
  /** SQL that makes the schema match the definition, when it can be written without a person. */
  fix?: string;
  /** A table the fix rewrites, to be vacuumed once it has committed (Migration.afterCommit). */
  rewrites?: string;
}

export const describeDrift = (d: Drift) => `${d.subject}: ${d.problem}`;

/** pg_constraint.confdeltype for each delete action. */
const DELETE_CODES = { restrict: 'r', 'set null': 'n', cascade: 'c' } as const;

const listed = (values: ReadonlyArray<string | number>) =>
  values.length ? values.map((v) => `'${v}'`).join(', ') : 'nothing';

/** The values of a live `col = ANY (ARRAY[…])` CHECK, as text. */
function checkValues(definition: string): string[] | null {
  const array = /= ANY \(+ARRAY\[(.*)\]/.exec(definition)?.[1];
  if (array === undefined) return null;
  return array.split(', ').map((v) =>
    v
      .replace(/::[a-z ]+$/, '')
      .replace(/^'(.*)'$/, '$1')
      .replaceAll("''", "'"),
  );
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v) => b.includes(v));

function optionDrift(d: EntityDefinition, field: FieldDefinition, live: LiveTable): Drift[] {
  const expected = allowedValues(field)?.map(String);
  if (!expected) return [];
  const subject = `${d.table}.${field.name}`;
  const checks = live.constraints.filter(
    (c) => c.type === 'c' && c.columns.length === 1 && c.columns[0] === field.name,
  );
  const check = checks.find((c) => checkValues(c.definition) !== null);
  const add = `alter table ${d.table} add constraint ${d.table}_${field.name}_options check (${optionCheckSql(field)}) not valid;`;
  if (!check) {
    return [{ subject, problem: `no CHECK of its options (${listed(expected)})`, fix: add }];
  }
  const allowed = checkValues(check.definition) ?? [];
  if (sameSet(allowed, expected)) return [];
  return [
    {
      subject,
      problem: `CHECK allows ${listed(allowed)} but the definition offers ${listed(expected)}`,
      fix: `alter table ${d.table} drop constraint ${check.name};\n${add}`,
    },
  ];
}

function referenceDrift(d: EntityDefinition, field: FieldDefinition, live: LiveTable): Drift[] {
  const target = referencedTable(d, field);
  if (!target) return [];
  const subject = `${d.table}.${field.name}`;
  const key = live.constraints.find(
    (c) => c.type === 'f' && c.columns.join() === `company_id,${field.name}`,
  );
  const add = `alter table ${d.table} add ${foreignKeySql(d, field)};`;
  if (!key) return [{ subject, problem: `no foreign key to ${target}`, fix: add }];
  if (key.references !== target) {
    return [{ subject, problem: `references ${key.references} instead of ${target}` }];
  }
  const onDelete = onDeleteOf(field);
  if (key.onDelete === DELETE_CODES[onDelete]) return [];
  return [
    {
      subject,
      problem: `on delete of the ${target} row it does '${key.onDelete}', the definition says ${onDelete}`,
      fix: `alter table ${d.table} drop constraint ${key.name};\n${add}`,
    },
  ];
}

async function fieldDrift(
  client: pg.ClientBase,
  d: EntityDefinition,
  field: FieldDefinition,
  live: LiveTable,
): Promise<Drift[]> {
  const subject = `${d.table}.${field.name}`;
  const column = live.columns.get(field.name);
  if (!column) {
    const foreignKey = foreignKeySql(d, field);
    const fix = [
      `alter table ${d.table} add column ${columnSql(field)};`,
      ...(foreignKey ? [`alter table ${d.table} add ${foreignKey};`] : []),
    ].join('\n');
    return [{ subject, problem: 'column missing', fix }];
  }
  const drifts: Drift[] = [];
  if (column.udt !== udtOf(field)) {
    drifts.push({ subject, problem: `is ${column.udt}, the definition needs ${udtOf(field)}` });
  }
  if (column.nullable !== isNullable(field)) {
    const state = (nullable: boolean) => (nullable ? 'null allowed' : 'not null');
    drifts.push({
      subject,
      problem: `is ${state(column.nullable)}, the definition needs ${state(isNullable(field))}`,
    });
  }
  const computed = field.storage?.computed;
  if (computed || column.generated) {
    const expected = computed
      ? await printedExpression(client, d.table, field.name, udtOf(field), computed)
      : null;
    if (expected !== column.generated) {
      drifts.push({
        subject,
        problem: `is computed as ${column.generated ?? 'nothing'}, the definition says ${computed ?? 'nothing'}`,
      });
    }
  }
  return [...drifts, ...optionDrift(d, field, live), ...referenceDrift(d, field, live)];
}

async function searchDrift(
  client: pg.ClientBase,
  d: EntityDefinition,
  live: LiveTable,
): Promise<Drift[]> {
  if (d.list.search.length === 0) return [];
  const drifts: Drift[] = [];
  const expected = await printedExpression(
    client,
    d.table,
    SEARCH_TEXT_COLUMN,
    'text',
    searchTextSql(d),
  );
  const current = live.columns.get(SEARCH_TEXT_COLUMN)?.generated ?? null;
  if (expected !== current) {
    drifts.push({
      subject: `${d.table}.${SEARCH_TEXT_COLUMN}`,
      problem: `is not the search over ${d.list.search.join(', ')} (it is ${current ?? 'missing'})`,
      fix: redefineSearchTextSql(d).trim(),
    });
  } else if (!live.indexes.some((index) => index.name === `${d.table}_search_trgm`)) {
    drifts.push({
      subject: `${d.table}_search_trgm`,
      problem: 'no trigram index of the search text',
      fix: searchIndexSql(d),
    });
  }
  const { rows } = await client.query(`select 1 from pg_proc where proname = $1`, [
    searchFunctionOf(d),
  ]);
  if (rows.length === 0)
    drifts.push({
      subject: `${searchFunctionOf(d)}()`,
      problem: 'search function missing',
      fix: searchFunctionSql(d),
    });
  return drifts;
}

function linkDrift(d: EntityDefinition, schema: LiveSchema): Drift[] {
  return d.relations.flatMap((relation): Drift[] => {
    const live = schema.get(relation.table);
    const subject = `${relation.table} (${d.entities}.${relation.name})`;
    if (!live)
      return [{ subject, problem: 'link table missing', fix: linkTableSql(d, relation).trim() }];
    const tables = linkedTables(d, relation);
    // The key's columns in any order: a relation read from its other side (groups.users)
    // shares the link table of the side that made it (user_groups).
    const primary = live.constraints.find((c) => c.type === 'p')?.columns ?? [];
    const expected = ['company_id', relation.ownKey, relation.otherKey];
    const problems =
      primary.length === 3 && sameSet(primary, expected)
        ? []
        : [`its key is (${primary.join(', ')}), not (${expected.join(', ')})`];
    for (const [key, table] of [
      [relation.ownKey, tables.own],
      [relation.otherKey, tables.other],
    ] as const) {
      const linked = live.constraints.some(
        (c) => c.type === 'f' && c.columns.join() === `company_id,${key}` && c.references === table,
      );
      if (!linked) problems.push(`${key} is not a foreign key to ${table}`);
    }
    return problems.map((problem) => ({ subject, problem }));
  });
}

function tableDrift(d: EntityDefinition, live: LiveTable): Drift[] {
  const drifts: Drift[] = [];
  if (!live.forcedRowSecurity)
    drifts.push({ subject: d.table, problem: 'row-level security not forced' });
  if (!live.columns.has(ROW_VERSION_COLUMN)) {
    drifts.push({
      subject: `${d.table}.${ROW_VERSION_COLUMN}`,
      problem: 'column missing',
      fix: addRowVersionSql(d.table).trim(),
    });
  } else if (!live.triggers.has(`${d.table}_row_version`)) {
    drifts.push({ subject: `${d.table}.${ROW_VERSION_COLUMN}`, problem: 'no trigger bumps it' });
  }
  for (const columns of d.indexes ?? []) {
    const key = ['company_id', ...columns].join();
    if (!live.indexes.some((index) => index.columns.join() === key)) {
      drifts.push({ subject: d.table, problem: `no index on (${key})`, fix: indexSql(d, columns) });
    }
    // A partial index on the same columns serves nothing the whole one does not, and every
    // write that meets its condition keeps both (0012 made one that 0033's whole index covers).
    for (const partial of live.indexes.filter((index) => isPartialOn(index, key))) {
      drifts.push({
        subject: partial.name,
        problem: `is a partial index on (${key}), which the definition's index covers`,
        fix: dropIndexSql(partial.name),
      });
    }
  }
  return drifts;
}

async function entityDrift(client: pg.ClientBase, d: EntityDefinition, schema: LiveSchema) {
  const live = schema.get(d.table);
  if (!live) return [{ subject: d.table, problem: 'table missing', fix: createEntityTableSql(d) }];
  const drifts: Drift[] = tableDrift(d, live);
  for (const field of d.fields) drifts.push(...(await fieldDrift(client, d, field, live)));
  drifts.push(...(await searchDrift(client, d, live)));
  drifts.push(...linkDrift(d, schema));
  return drifts;
}

/**
 * Every difference between the database and the definitions, read inside the transaction the
 * caller holds open (so a test can apply fixes and check them before rolling back).
 */
export async function schemaDriftWithin(
  client: pg.ClientBase,
  definitions: readonly EntityDefinition[],
): Promise<Drift[]> {
  const schema = await readLiveSchema(client);
  const drifts: Drift[] = [];
  for (const d of definitions) drifts.push(...(await entityDrift(client, d, schema)));
  return drifts;
}

/** Every difference between the database `client` is connected to and the definitions. */
export async function schemaDrift(
  client: pg.ClientBase,
  definitions: readonly EntityDefinition[],
): Promise<Drift[]> {
  await client.query('begin'); // the printed expressions' scratch tables are rolled back
  try {
    return await schemaDriftWithin(client, definitions);
  } finally {
    await client.query('rollback');
  }
}
