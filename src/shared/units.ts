/**
 * Quantities are stored in one base unit per kind — mg (weight), ml (volume), mm (length) — and
 * shown metric or imperial per the company's `units_imperial` setting.
 *
 * The product requirements define cwt as 100 lb and sht as 2000 lb, which are the US customary
 * units, so the imperial volumes are the US ones too (fl oz 29.57 ml, pint 473 ml, gallon 3.785 l):
 * one coherent system rather than a mix of British and American measures.
 */
export type UnitKind = 'weight' | 'volume' | 'length';
export type UnitSystem = 'metric' | 'imperial';

export const UNIT_KINDS: readonly UnitKind[] = ['weight', 'volume', 'length'];

interface Unit {
  symbol: string;
  label: string;
  kind: UnitKind;
  system: UnitSystem;
  /** How many base units (mg, ml, mm) one of this unit is. */
  factor: number;
}

const MG_PER_LB = 453_592.37;
const ML_PER_US_FLOZ = 29.5735295625;

/** Smallest first within each kind and system. */
const UNITS: readonly Unit[] = [
  { symbol: 'mg', label: 'milligram', kind: 'weight', system: 'metric', factor: 1 },
  { symbol: 'g', label: 'gram', kind: 'weight', system: 'metric', factor: 1_000 },
  { symbol: 'kg', label: 'kilogram', kind: 'weight', system: 'metric', factor: 1_000_000 },
  { symbol: 'mt', label: 'tonne', kind: 'weight', system: 'metric', factor: 1_000_000_000 },
  { symbol: 'oz', label: 'ounce', kind: 'weight', system: 'imperial', factor: MG_PER_LB / 16 },
  { symbol: 'lb', label: 'pound', kind: 'weight', system: 'imperial', factor: MG_PER_LB },
  {
    symbol: 'cwt',
    label: 'hundredweight (100 lb)',
    kind: 'weight',
    system: 'imperial',
    factor: MG_PER_LB * 100,
  },
  {
    symbol: 'sht',
    label: 'short ton (2000 lb)',
    kind: 'weight',
    system: 'imperial',
    factor: MG_PER_LB * 2000,
  },
  { symbol: 'ml', label: 'millilitre', kind: 'volume', system: 'metric', factor: 1 },
  { symbol: 'l', label: 'litre', kind: 'volume', system: 'metric', factor: 1_000 },
  { symbol: 'hl', label: 'hectolitre', kind: 'volume', system: 'metric', factor: 100_000 },
  {
    symbol: 'fl oz',
    label: 'fluid ounce',
    kind: 'volume',
    system: 'imperial',
    factor: ML_PER_US_FLOZ,
  },
  { symbol: 'pt', label: 'pint', kind: 'volume', system: 'imperial', factor: ML_PER_US_FLOZ * 16 },
  {
    symbol: 'gal',
    label: 'gallon',
    kind: 'volume',
    system: 'imperial',
    factor: ML_PER_US_FLOZ * 128,
  },
  { symbol: 'mm', label: 'millimetre', kind: 'length', system: 'metric', factor: 1 },
  { symbol: 'cm', label: 'centimetre', kind: 'length', system: 'metric', factor: 10 },
  { symbol: 'm', label: 'metre', kind: 'length', system: 'metric', factor: 1_000 },
  { symbol: 'in', label: 'inch', kind: 'length', system: 'imperial', factor: 25.4 },
  { symbol: 'ft', label: 'foot', kind: 'length', system: 'imperial', factor: 304.8 },
  { symbol: 'yd', label: 'yard', kind: 'length', system: 'imperial', factor: 914.4 },
];

export const BASE_UNIT: Readonly<Record<UnitKind, string>> = {
  weight: 'mg',
  volume: 'ml',
  length: 'mm',
};

interface PriceBasis {
  /** What the price is for, as a label says it ("100 g", "fl oz"). */
  text: string;
  /** That amount in base units. */
  base: number;
}

/** Prices of stock (dispensary products) are stored per 100 g or per 100 ml. */
export const STORED_PRICE_BASIS: Readonly<Record<UnitKind, PriceBasis>> = {
  weight: { text: '100 g', base: 100_000 },
  volume: { text: '100 ml', base: 100 },
  length: { text: 'm', base: 1_000 },
};

/** …and shown per the everyday amount of the company's system: per 100 g, or per oz. */
export const PRICE_BASIS: Readonly<Record<UnitSystem, Readonly<Record<UnitKind, PriceBasis>>>> = {
  metric: STORED_PRICE_BASIS,
  imperial: {
    weight: { text: 'oz', base: MG_PER_LB / 16 },
    volume: { text: 'fl oz', base: ML_PER_US_FLOZ },
    length: { text: 'ft', base: 304.8 },
  },
};

/** A stored price (per 100 g / 100 ml) as the company's system shows it (per oz in imperial). */
export const priceShown = (stored: number, kind: UnitKind, system: UnitSystem): number =>
  (stored * PRICE_BASIS[system][kind].base) / STORED_PRICE_BASIS[kind].base;

/** A price typed in the company's system back to the stored one, to 0.0001 (money's precision). */
export const priceStored = (shown: number, kind: UnitKind, system: UnitSystem): number =>
  Math.round(((shown * STORED_PRICE_BASIS[kind].base) / PRICE_BASIS[system][kind].base) * 10_000) /
  10_000;

/** The company setting `units_imperial` (0 means metric). */
export const unitSystemOf = (unitsImperial: unknown): UnitSystem =>
  unitsImperial === 1 || unitsImperial === '1' || unitsImperial === true ? 'imperial' : 'metric';

/** "fl oz", "floz" and "fl. oz" name one unit: spaces and dots do not count when reading. */
const symbolKey = (symbol: string) => symbol.toLowerCase().replace(/[\s.]/g, '');

function unitBySymbol(symbol: string): Unit | undefined {
  const key = symbolKey(symbol);
  return UNITS.find((u) => symbolKey(u.symbol) === key);
}

export function unitsOf(kind: UnitKind, system: UnitSystem): Unit[] {
  return UNITS.filter((u) => u.kind === kind && u.system === system);
}

function requireUnit(symbol: string): Unit {
  const unit = unitBySymbol(symbol);
  if (!unit) throw new Error(`Unknown unit "${symbol}".`);
  return unit;
}

/** `amount` of `symbol` in base units (2 g → 2000 mg). */
export const toBase = (amount: number, symbol: string): number =>
  amount * requireUnit(symbol).factor;

/** A base quantity expressed in `symbol` (2000 mg → 2 g). */
export const fromBase = (base: number, symbol: string): number => base / requireUnit(symbol).factor;

/** Converts between two units of the same kind. */
export function convert(amount: number, from: string, to: string): number {
  const [source, target] = [requireUnit(from), requireUnit(to)];
  if (source.kind !== target.kind) {
    throw new Error(`Cannot convert ${source.kind} (${from}) to ${target.kind} (${to}).`);
  }
  return (amount * source.factor) / target.factor;
}

/** The largest unit of the system in which the quantity is at least 1 (the smallest for 0). */
export function bestUnit(base: number, kind: UnitKind, system: UnitSystem): Unit {
  const units = unitsOf(kind, system);
  const magnitude = Math.abs(base);
  let chosen = units[0] as Unit;
  for (const unit of units) if (magnitude >= unit.factor) chosen = unit;
  return chosen;
}

/** Rounds to at most `decimals` places, dropping trailing zeros (1.50 → "1.5"). */
function roundForDisplay(value: number, decimals = 2): string {
  const rounded = Number(value.toFixed(decimals));
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

const isQuantity = (base: number | null | undefined): base is number =>
  base !== null && base !== undefined && Number.isFinite(base);

/** "1.5 kg", "3.53 oz": the quantity in the best unit of the company's system. */
export function formatQuantity(
  base: number | null | undefined,
  kind: UnitKind,
  system: UnitSystem,
  decimals = 2,
): string {
  return formatQuantities([base], kind, system, decimals)[0] as string;
}

/**
 * Quantities read side by side ("17.6 oz of 8.82 oz", a formula's lines and its total) in one
 * unit, so a line never mixes pounds with ounces: the best unit of the smallest that is not 0, so
 * that none of them rounds away ("0 kg left" of 4 g).
 */
export function formatQuantities(
  bases: ReadonlyArray<number | null | undefined>,
  kind: UnitKind,
  system: UnitSystem,
  decimals = 2,
): string[] {
  const magnitudes = bases.filter(isQuantity).map(Math.abs);
  const smallest = Math.min(...magnitudes.filter((m) => m > 0));
  const unit = bestUnit(Number.isFinite(smallest) ? smallest : 0, kind, system);
  return bases.map((base) =>
    isQuantity(base) ? `${roundForDisplay(base / unit.factor, decimals)} ${unit.symbol}` : '',
  );
}

/** A base quantity as a bare number in `symbol` (the editors show their unit beside it). */
export const amountIn = (base: number, symbol: string, decimals = 2): string =>
  roundForDisplay(fromBase(base, symbol), decimals);

/** Reads "1.5 kg" / "12 fl oz" / "3" (base unit) back into base units; null when unreadable. */
export function parseQuantity(text: string, kind: UnitKind): number | null {
  const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*([a-z][a-z.\s]*)?$/i.exec(text);
  if (!match) return null;
  const amount = Number((match[1] as string).replace(',', '.'));
  const symbol = (match[2] ?? '').trim() || BASE_UNIT[kind];
  const unit = unitBySymbol(symbol);
  if (!unit || unit.kind !== kind) return null;
  return amount * unit.factor;
}
