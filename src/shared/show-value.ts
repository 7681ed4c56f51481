/**
 * How a stored value is shown: dates DD/MM/YYYY (HH:mm when timed; an instant in the clinic's
 * time zone), toggles Yes/No, quantities in
 * the company's unit system, amounts in the company currency, references by their label, options
 * by their label. The web's list rows and the server's formatted exports both use it, so an
 * exported cell reads exactly as the screen does.
 */
import { formatMoney, type Currency } from './currencies';
import type { FieldDefinition, UnitOf } from './entities/types';
import { showInstant } from './instant-text';
import {
  formatQuantity,
  PRICE_BASIS,
  priceShown,
  UNIT_KINDS,
  type UnitKind,
  type UnitSystem,
} from './units';

type Row = Readonly<Record<string, unknown>>;

const STORED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A count as people read it: 107,805. Whole numbers are grouped here, as en-GB groups them:
 * `toLocaleString('en-GB')` builds an ICU number formatter on every call, and the page's first
 * took 10–16 ms of a list screen's opening (its "found" badge) on a two-core machine.
 */
export const countText = (n: number): string =>
  Number.isSafeInteger(n) && !Object.is(n, -0)
    ? String(n).replace(THOUSANDS, ',')
    : n.toLocaleString('en-GB');

/** Any stored value as text: '' for none, JSON for structured values. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** 2024-03-01 → 01/03/2024; 2024-03-01 09:30:00 → 01/03/2024 09:30; '' when not a date. */
export function displayDate(stored: unknown): string {
  if (typeof stored !== 'string') return '';
  const m = STORED.exec(stored);
  if (!m) return '';
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] !== undefined ? `${date} ${m[4]}:${m[5]}` : date;
}

export const TOGGLE_TEXT = { 1: 'Yes', 0: 'No' } as const;
export const toggleText = (value: unknown): string =>
  value === 1 || value === true || value === '1' ? TOGGLE_TEXT[1] : TOGGLE_TEXT[0];

/** The unit kind of a quantity field, fixed or read from the row. */
export function unitKindOf(unit: UnitOf | undefined, row: Row | null): UnitKind | null {
  if (!unit) return null;
  if (typeof unit === 'string') return unit;
  const kind = row?.[unit.kindField];
  return UNIT_KINDS.includes(kind as UnitKind) ? (kind as UnitKind) : null;
}

/** A price of stock as the company's system shows it (per oz in imperial), and its label. */
export function pricedAs(field: FieldDefinition, row: Row | null, system: UnitSystem) {
  const kind = unitKindOf(field.pricePer, row);
  if (!kind) return null;
  return {
    label: `${field.label} per ${PRICE_BASIS[system][kind].text}`,
    shown: (stored: number) => priceShown(stored, kind, system),
    kind,
  };
}

export interface ShowContext {
  system: UnitSystem;
  currency: Currency;
  /** The clinic's IANA time zone, in which instants are shown. */
  timeZone: string;
}

function showMoney(value: unknown, currency: Currency): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return formatMoney(value, currency);
}

/** A field's value as text: what list rows, read-only items and formatted exports show. */
export function showValue(field: FieldDefinition, row: Row, context: ShowContext): string {
  const value = row[field.name];
  if (field.references) {
    const label = row[`${field.name}_label`];
    if (typeof label === 'string' && label !== '') return label;
  }
  if (value === null || value === undefined || value === '') return '';
  if (field.instant) return showInstant(value, context.timeZone);
  if (field.value === 'date') return displayDate(value);
  if (field.value === 'toggle') return toggleText(value);
  if (field.money) {
    const priced = pricedAs(field, row, context.system);
    const amount = priced && typeof value === 'number' ? priced.shown(value) : value;
    return showMoney(amount, context.currency);
  }
  const kind = unitKindOf(field.unit, row);
  if (kind && typeof value === 'number') return formatQuantity(value, kind, context.system);
  if (field.options) {
    const option = field.options.find((o) => String(o.value) === textOf(value));
    if (option) return option.label;
  }
  return textOf(value);
}
