/**
 * The rows of a file as `{entities}/insert` payloads: each mapped cell read in the clinic's
 * conventions (./cells.ts), references and relations found by label (./labels.ts), and the
 * whole payload passed through the insert call's own schema (payloads.ts `insertInput`), so the
 * messages are the ones the editor shows. A row keeps every problem found, for the dry run.
 */
import type { EntityDefinition, FieldDefinition } from '../../shared/entities';
import { isIsoDate, isoDateTime, shownDateFormat } from '../../shared/iso-date';
import { versionColumnOf, type ImportMapping } from '../../shared/imports';
import type { UnitSystem } from '../../shared/units';
import type { Tx } from '../db/tenancy';
import { insertInput } from '../entities/payloads';
import { fieldLabels } from '../entities/values';
import { describeIssueWith } from '../http/validation';
import { instantCell, valueOf } from './cells';
import { findLabels, idOfLabel, labelKey } from './labels';
import type { Table } from './table';

export interface PreparedRow {
  line: number;
  /** The id a mapped id column names: the row is then updated, not added. */
  id?: number;
  /** The row's version when the file was exported: a row changed since is refused. */
  version?: number;
  values: Record<string, unknown>;
  relations: Record<string, number[]>;
  errors: string[];
}

/** Relation cells hold several labels: "Asthma; Eczema". */
const labelsIn = (cell: string) =>
  cell
    .split(/[;\n]/)
    .map((label) => label.trim())
    .filter(Boolean);

interface Column {
  index: number;
  header: string;
  field?: FieldDefinition;
  relation?: EntityDefinition['relations'][number];
  isId: boolean;
}

/** Quantities and prices last: their unit kind may be another column of the row. */
const dependsOnRow = (column: Column) => Boolean(column.field?.unit ?? column.field?.pricePer);

function columnsOf(d: EntityDefinition, table: Table, mapping: ImportMapping): Column[] {
  const columns = table.headers.flatMap((header, index) => {
    const target = mapping[String(index)] ?? '';
    if (target === '') return [];
    const field = d.fields.find((f) => f.name === target && !f.readOnly);
    const relation = d.relations.find((r) => r.name === target);
    return [{ index, header, field, relation, isId: target === d.keys.id }];
  });
  return [...columns.filter((c) => !dependsOnRow(c)), ...columns.filter(dependsOnRow)];
}

const defaultsOf = (d: EntityDefinition) =>
  Object.fromEntries(
    d.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]),
  );

/** Which labels the file names, per entity set, so each set is asked once. */
function wantedLabels(columns: Column[], table: Table) {
  const wanted = new Map<string, Set<string>>();
  const want = (entities: string, label: string) => {
    const set = wanted.get(entities) ?? new Set<string>();
    set.add(labelKey(label));
    wanted.set(entities, set);
  };
  for (const column of columns) {
    const entities = column.relation?.entities ?? column.field?.references;
    if (!entities) continue;
    for (const row of table.rows) {
      const cell = row.cells[column.index]!.trim();
      if (cell === '' || (!column.relation && /^\d+$/.test(cell))) continue;
      for (const label of column.relation ? labelsIn(cell) : [cell]) want(entities, label);
    }
  }
  return wanted;
}

/** A date cell that read as a date of the calendar's shape but is not one (31/02/1941). */
function impossibleDate(field: FieldDefinition, value: unknown): boolean {
  if (field.value !== 'date' || typeof value !== 'string') return false;
  return field.timed ? isoDateTime(value) === null : !isIsoDate(value);
}

export async function prepareRows(
  trx: Tx,
  companyId: number,
  d: EntityDefinition,
  table: Table,
  mapping: ImportMapping,
  system: UnitSystem,
  /** The clinic's time zone: an instant's cell without an offset is its wall time. */
  zone: string,
): Promise<PreparedRow[]> {
  const columns = columnsOf(d, table, mapping);
  const found = await findLabels(trx, companyId, wantedLabels(columns, table));
  const schema = insertInput(d);
  const describe = describeIssueWith(fieldLabels(d));
  const defaults = defaultsOf(d);
  const versionColumn = versionColumnOf(table.headers);
  return table.rows.map(({ line, cells }) => {
    const row: PreparedRow = { line, values: {}, relations: {}, errors: [] };
    const explained = new Set<string>();
    // Blank in rows added to the file, which have no version (nor an id) to compare.
    const version = versionColumn < 0 ? '' : cells[versionColumn]!.trim();
    if (/^\d{1,15}$/.test(version) && Number(version) > 0) row.version = Number(version);
    else if (version !== '')
      row.errors.push(`${table.headers[versionColumn]}: "${version}" is not a row version.`);
    for (const column of columns) {
      const cell = cells[column.index]!.trim();
      if (column.isId) {
        if (cell === '') continue;
        if (/^\d{1,15}$/.test(cell) && Number(cell) > 0) row.id = Number(cell);
        else row.errors.push(`${column.header}: "${cell}" is not an id.`);
      } else if (column.relation) {
        const { relation } = column;
        const ids = labelsIn(cell).map((label) =>
          idOfLabel(found, relation.entities, label, relation.label),
        );
        row.errors.push(...ids.filter((id) => typeof id === 'string'));
        row.relations[relation.name] = ids.filter((id) => typeof id === 'number');
      } else if (column.field?.references && cell !== '' && !/^\d+$/.test(cell)) {
        const id = idOfLabel(found, column.field.references, cell, column.field.label);
        if (typeof id === 'string') row.errors.push(id);
        else row.values[column.field.name] = id;
      } else if (column.field?.instant && cell !== '') {
        const read = instantCell(cell, zone);
        if ('value' in read) row.values[column.field.name] = read.value;
        else {
          row.errors.push(`${column.field.label}: ${read.problem}`);
          explained.add(column.field.name);
        }
      } else if (column.field) {
        const known = { ...defaults, ...row.values };
        const value = valueOf(column.field, cell, system, known);
        if (impossibleDate(column.field, value)) {
          // Said in the form the file wrote it, not in the API's YYYY-MM-DD.
          const form = shownDateFormat(column.field.timed);
          row.errors.push(
            `${column.field.label}: "${cell}" is not a real date; write it as ${form}.`,
          );
          explained.add(column.field.name);
        } else row.values[column.field.name] = value;
      }
    }
    const parsed = schema.safeParse(row.values, { reportInput: true });
    if (parsed.success) row.values = parsed.data;
    else {
      const unexplained = parsed.error.issues.filter((i) => !explained.has(String(i.path[0])));
      row.errors.push(...unexplained.map(describe));
    }
    return row;
  });
}
