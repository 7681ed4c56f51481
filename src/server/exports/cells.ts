/**
 * The cells of an export: the chosen fields (of those shared/exports.ts allows), their headers,
 * and each value raw or as the screen shows it. Text a spreadsheet would run as a formula is
 * neutralised.
 */
import type { EntityDefinition, FieldDefinition } from '../../shared/entities';
import { exportableFields, VERSION_HEADERS } from '../../shared/exports';
import { isoInZone } from '../../shared/instant-text';
import { showValue, textOf, type ShowContext } from '../../shared/show-value';
import { VERSION_KEY } from '../entities/repository';
import { badRequest } from '../http/errors';

export type Cell = string | number;
type Row = Readonly<Record<string, unknown>>;

interface ExportColumn {
  name: string;
  header: string;
  /** Hidden in a spreadsheet: the row version, which is there for an import, not for people. */
  hidden?: boolean;
  cell(row: Row): Cell;
}

/**
 * `=`, `+`, `-` and `@` start a formula (tab and carriage return start one after the
 * spreadsheet trims): such text gets a leading apostrophe, which spreadsheets show as text.
 * Look-alikes count too: spreadsheets fold a full-width `＝` (and `＋`, `－`, `＠`, the small
 * and superscript forms) to its plain form (Unicode NFKC) before they read a formula, and
 * some read the minus sign `−` as `-`.
 */
const FORMULA_START = /^[=+\-@\t\r\u2212]/;
const formulaLike = (text: string): boolean => {
  const first = text.charAt(0);
  return FORMULA_START.test(first < '\u0080' ? first : first.normalize('NFKC'));
};
const neutralised = (text: string): string => (formulaLike(text) ? `'${text}` : text);

const NUMERIC = new Set(['number', 'integer', 'toggle', 'id']);

/** A stored number (PostgreSQL sends bigint and numeric as text) as a number, else null. */
function numberOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return typeof value !== 'boolean' && value !== '' && Number.isFinite(n) ? n : null;
}

/** A plain number shows as itself: no unit, currency, option or label to put beside it. */
const plainNumber = (f: FieldDefinition) =>
  NUMERIC.has(f.value) &&
  f.value !== 'toggle' &&
  !f.unit &&
  !f.money &&
  !f.options &&
  !f.references;

function rawCell(field: FieldDefinition, row: Row, context: ShowContext): Cell {
  const value = row[field.name];
  // An instant with the clinic's offset: as readable as the screen, and imported back exactly.
  if (field.instant) return isoInZone(value, context.timeZone);
  if (NUMERIC.has(field.value)) {
    const n = numberOf(value);
    if (n !== null) return n;
  }
  return neutralised(textOf(value));
}

function shownCell(field: FieldDefinition, row: Row, context: ShowContext): Cell {
  if (plainNumber(field)) {
    const n = numberOf(row[field.name]);
    if (n !== null) return n;
  }
  return neutralised(showValue(field, row, context));
}

/**
 * The chosen columns, in the order chosen (all exportable fields when none are named). A name
 * that is not an exportable field is refused by name: it may be a field only `get` reads.
 */
export function exportColumns(
  d: EntityDefinition,
  names: readonly string[] | undefined,
  formatted: boolean,
  context: ShowContext,
): ExportColumn[] {
  const fields = exportableFields(d);
  const chosen = (names ?? fields.map((f) => f.name)).map((name) => {
    const field = fields.find((f) => f.name === name);
    if (!field) throw badRequest(`"${name}" can not be exported from ${d.title}.`, 'columns');
    return field;
  });
  if (chosen.length === 0) throw badRequest('Choose at least one column to export.', 'columns');
  const columns: ExportColumn[] = chosen.map((field) => ({
    name: field.name,
    header: formatted ? field.label : field.name,
    cell: formatted
      ? (row) => shownCell(field, row, context)
      : (row) => rawCell(field, row, context),
  }));
  // With the id, a file edited and imported again updates rows: the version each row had lets
  // that import refuse the rows changed in Materia since (../imports/rows.ts).
  if (chosen.some((field) => field.name === d.keys.id))
    columns.push({
      name: VERSION_KEY,
      header: formatted ? VERSION_HEADERS.formatted : VERSION_HEADERS.raw,
      hidden: true,
      cell: (row) => numberOf(row[VERSION_KEY]) ?? '',
    });
  return columns;
}
