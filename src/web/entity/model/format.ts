/**
 * How values are shown and read back: dates DD/MM/YYYY (HH:mm when timed) stored as
 * YYYY-MM-DD or YYYY-MM-DD HH:mm:ss; toggles Yes/No; quantities in the company's unit system;
 * amounts in the company currency; references by their label.
 */
import { roundMoney, type Currency } from '../../../shared/currencies';
import type { EntityDefinition } from '../../../shared/entities';
import { isIsoDate } from '../../../shared/iso-date';
import { showValue, type ShowContext } from '../../../shared/show-value';
import { parseQuantity, type UnitKind, type UnitSystem } from '../../../shared/units';
import type { Row } from './types';

// The showing of values lives in shared code: formatted exports on the server read the same.
export {
  displayDate,
  pricedAs,
  showValue,
  textOf,
  TOGGLE_TEXT,
  toggleText,
  unitKindOf,
} from '../../../shared/show-value';

const SHOWN = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?\s*$/;

export const isTimed = (stored: string): boolean => /\d{2}:\d{2}/.test(stored);

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

export const moneyValue = (amount: number, currency: Currency) => roundMoney(amount, currency);

/**
 * The secondary line of a list row: its other list columns, shown and joined. A toggle says
 * what it is ("Enabled: Yes"): a bare Yes or No beside another means nothing.
 */
export function rowDetails(definition: EntityDefinition, row: Row, context: ShowContext): string {
  return definition.list.columns
    .filter((name) => name !== definition.keys.name)
    .map((name) => {
      const field = definition.fields.find((f) => f.name === name);
      if (!field) return '';
      const shown = showValue(field, row, context);
      return field.type === 'toggle' && shown !== '' ? `${field.label}: ${shown}` : shown;
    })
    .filter((text) => text !== '')
    .join(' · ');
}
