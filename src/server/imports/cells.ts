/**
 * A cell's text as the value a caller would send to `{entities}/insert`, read in the clinic's
 * conventions: dates as the screens write them (DD/MM/YYYY, also YYYY-MM-DD), instants as the
 * clinic's wall time or ISO 8601 with an offset (`instantCell`), quantities in the
 * clinic's unit system (a bare number in its smallest unit, or with a unit: "2 oz"), Yes/No,
 * options by value or label. Anything unreadable is passed on as written, so the field's own
 * rule refuses it with its own message: no second copy of the rules here.
 */
import type { FieldDefinition } from '../../shared/entities';
import { isoDateTime, isoInstant } from '../../shared/iso-date';
import { readWallTime } from '../../shared/wall-time';
import { unitKindOf } from '../../shared/show-value';
import { parseQuantity, priceStored, unitsOf, type UnitSystem } from '../../shared/units';

const DAY_MONTH_YEAR =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);

/** 31/01/1941 (and 31.1.1941, with a time for a timed field) → 1941-01-31; else as written. */
function dateOf(text: string, timed = false): string {
  const m = DAY_MONTH_YEAR.exec(text);
  if (!m) return timed ? (isoDateTime(text) ?? text) : text;
  const pad = (n: string | undefined) => (n ?? '0').padStart(2, '0');
  const day = `${m[3]}-${pad(m[2])}-${pad(m[1])}`;
  if (!timed) return m[4] === undefined ? day : text;
  return isoDateTime(`${day} ${pad(m[4] ?? '0')}:${pad(m[5])}:${pad(m[6])}`) ?? text;
}

/**
 * An instant's cell: ISO 8601 with its offset (as raw exports write it), or the clinic's wall
 * time as the screens write it (DD/MM/YYYY HH:mm, also YYYY-MM-DD HH:mm) read in `zone`. A wall
 * time the clocks skip or pass twice is refused by name: a file has no one to ask which was meant.
 */
export function instantCell(text: string, zone: string): { value: string } | { problem: string } {
  const instant = isoInstant(text);
  if (instant) return { value: instant };
  const wall = dateOf(text, true);
  const read = isoDateTime(wall) === null ? null : readWallTime(wall, zone);
  if (read?.kind === 'instant') return { value: read.instant };
  if (read?.kind === 'gap' || read?.kind === 'ambiguous') return { problem: read.text };
  return {
    problem: `"${text}" is not a date and time: write it as DD/MM/YYYY HH:mm (the clinic's time, ${zone}) or in ISO 8601 with its offset.`,
  };
}

const numberOf = (text: string): number | string => {
  const normal = text.replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normal) ? Number(normal) : text;
};

type Row = Readonly<Record<string, unknown>>;

function quantityOf(
  text: string,
  field: FieldDefinition,
  system: UnitSystem,
  row: Row,
): number | string {
  const kind = unitKindOf(field.unit, row);
  if (!kind) return numberOf(text);
  const bare = numberOf(text);
  // A bare number is in the smallest unit of the clinic's system: the stored unit (mg, ml) in a
  // metric clinic, as raw exports write it; oz or fl oz in an imperial one.
  const smallest = unitsOf(kind, system)[0];
  if (typeof bare === 'number') return smallest ? bare * smallest.factor : bare;
  return parseQuantity(text, kind) ?? text;
}

/** A price typed per the clinic's everyday amount (per oz in imperial) as stored (per 100 g). */
function priceOf(text: string, field: FieldDefinition, system: UnitSystem, row: Row) {
  const amount = numberOf(text);
  const kind = unitKindOf(field.pricePer, row);
  return kind && typeof amount === 'number' ? priceStored(amount, kind, system) : amount;
}

/**
 * The value of one non-reference field from its cell; '' becomes null or '' as the rule wants.
 * `row` holds the row's other values (a quantity's unit kind may be one of them).
 */
export function valueOf(
  field: FieldDefinition,
  text: string,
  system: UnitSystem,
  row: Row,
): unknown {
  if (text === '') return field.value === 'text' ? '' : null;
  switch (field.value) {
    case 'date':
      return dateOf(text, field.timed);
    case 'toggle': {
      const word = text.toLowerCase();
      return YES.has(word) ? 1 : NO.has(word) ? 0 : text;
    }
    case 'number':
    case 'integer':
      if (field.pricePer) return priceOf(text, field, system, row);
      return field.unit ? quantityOf(text, field, system, row) : numberOf(text);
    case 'id':
      return numberOf(text);
    default: {
      const option = field.options?.find(
        (o) =>
          String(o.value).toLowerCase() === text.toLowerCase() ||
          o.label.toLowerCase() === text.toLowerCase(),
      );
      return option ? option.value : text;
    }
  }
}
