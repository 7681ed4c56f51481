/**
 * How values are shown and read back: dates DD/MM/YYYY (HH:mm when timed) stored as
 * YYYY-MM-DD or YYYY-MM-DD HH:mm:ss; toggles Yes/No; quantities in the company's unit system;
 * amounts in the company currency; references by their label.
 */
import { formatMoney, roundMoney, type Currency } from '../../../shared/currencies';
import type { EntityDefinition, FieldDefinition, UnitOf } from '../../../shared/entities';
import { isIsoDate } from '../../../shared/iso-date';
import {
  formatQuantity,
  parseQuantity,
  PRICE_BASIS,
  priceShown,
  UNIT_KINDS,
  type UnitKind,
  type UnitSystem,
} from '../../../shared/units';
import type { Row } from './types';

const STORED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const SHOWN = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?\s*$/;

/** Any stored value as text: '' for none, JSON for structured values. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const isTimed = (stored: string): boolean => /\d{2}:\d{2}/.test(stored);

/** 2024-03-01 → 01/03/2024; 2024-03-01 09:30:00 → 01/03/2024 09:30; '' when not a date. */
export function displayDate(stored: unknown): string {
  if (typeof stored !== 'string') return '';
  const m = STORED.exec(stored);
  if (!m) return '';
  const date = `${m[3]}/${m[2]}/${m[1]}`;
  return m[4] !== undefined ? `${date} ${m[4]}:${m[5]}` : date;
}

/** 01/03/2024 → 2024-03-01; with a time → 2024-03-01 09:30:00; null when not a real date. */
export function storedDate(shown: string): string | null {
  const m = SHOWN.exec(shown);
  if (!m) return null;
  const pad = (n: string | undefined) => String(n ?? '').padStart(2, '0');
  const date = `${m[3]}-${pad(m[2])}-${pad(m[1])}`;
  if (!isIsoDate(date)) return null;
  if (m[4] === undefined) return date;
  if (Number(m[4]) > 23 || Number(m[5]) > 59) return null;
  return `${date} ${pad(m[4])}:${m[5]}:00`;
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

/** The unit a bare number typed into a quantity means: the everyday unit of the system. */
export const ENTRY_UNIT: Record<UnitSystem, Record<UnitKind, string>> = {
  metric: { weight: 'g', volume: 'ml', length: 'cm' },
  imperial: { weight: 'oz', volume: 'fl oz', length: 'in' },
};

/** "30 ml" → 30 (ml); "2" in imperial volume → 2 fl oz in ml; null when unreadable. */
export function readQuantity(text: string, kind: UnitKind, system: UnitSystem): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const bare = /^-?\d+(?:[.,]\d+)?$/.test(trimmed);
  return parseQuantity(bare ? `${trimmed} ${ENTRY_UNIT[system][kind]}` : trimmed, kind);
}

interface ShowContext {
  system: UnitSystem;
  currency: Currency;
}

function showMoney(value: unknown, currency: Currency): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return formatMoney(value, currency);
}

export const moneyValue = (amount: number, currency: Currency) => roundMoney(amount, currency);

/** A field's value as text: what list rows and read-only items show. */
export function showValue(field: FieldDefinition, row: Row, context: ShowContext): string {
  const value = row[field.name];
  if (field.references) {
    const label = row[`${field.name}_label`];
    if (typeof label === 'string' && label !== '') return label;
  }
  if (value === null || value === undefined || value === '') return '';
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

/** The secondary line of a list row: its other list columns, shown and joined. */
export function rowDetails(definition: EntityDefinition, row: Row, context: ShowContext): string {
  return definition.list.columns
    .filter((name) => name !== definition.keys.name)
    .map((name) => {
      const field = definition.fields.find((f) => f.name === name);
      return field ? showValue(field, row, context) : '';
    })
    .filter((text) => text !== '')
    .join(' · ');
}
