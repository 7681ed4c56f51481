/**
 * The totals of a prescription's lines, computed by one routine on both sides: the editor shows
 * them as the lines change and prescriptions/save_lines stores the same total price.
 *
 * The formula is taken as a whole (a tincture mix, a dried-herb blend), so the daily dose and the
 * number of days belong to the prescription, not to each line: "5 ml three times a day for 14
 * days" is how a herbalist writes it. The dose is measured like the prescription
 * (prescription_unit_kind) and compared with the lines of that kind.
 */
import { roundMoney, type Currency } from './currencies';
import { STORED_PRICE_BASIS, type UnitKind } from './units';

export type LineKind = Extract<UnitKind, 'weight' | 'volume'>;

interface TotalsLine {
  prescription_line_quantity?: unknown;
  prescription_line_unit_kind?: unknown;
  prescription_line_price?: unknown;
}

interface PrescriptionTotals {
  /** Base units (mg, ml) per kind. */
  quantity: Record<LineKind, number>;
  /** In the company currency, rounded to its decimals and rounding step. */
  price: number;
}

const numberOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0;

/** Adds amounts exactly (in ten-thousandths, the stored precision), then rounds once. */
export function sumMoney(amounts: readonly unknown[], currency: Currency): number {
  const tenThousandths = amounts.reduce<number>(
    (sum, amount) => sum + Math.round(numberOf(amount) * 10_000),
    0,
  );
  return roundMoney(tenThousandths / 10_000, currency);
}

/** The price of `quantity` (base units) of a product priced per 100 g / 100 ml. */
export function linePrice(
  pricePer100: unknown,
  quantity: unknown,
  kind: LineKind,
  currency: Currency,
): number {
  // Dispensary prices are stored per 100 g or 100 ml, quantities in mg or ml.
  const per = STORED_PRICE_BASIS[kind].base;
  return roundMoney((numberOf(pricePer100) * numberOf(quantity)) / per, currency);
}

export function prescriptionTotals(
  lines: readonly TotalsLine[],
  currency: Currency,
): PrescriptionTotals {
  const quantity: Record<LineKind, number> = { weight: 0, volume: 0 };
  for (const line of lines) {
    const kind: LineKind = line.prescription_line_unit_kind === 'weight' ? 'weight' : 'volume';
    quantity[kind] =
      Math.round((quantity[kind] + numberOf(line.prescription_line_quantity)) * 1000) / 1000;
  }
  return {
    quantity,
    price: sumMoney(
      lines.map((l) => l.prescription_line_price),
      currency,
    ),
  };
}

interface Supply {
  /** What the dose needs for all the days, in base units. */
  needed: number;
  /** How much the formula lacks for those days (0 when it is enough). */
  short: number;
  /** How many whole days the formula lasts at that dose. */
  lastsDays: number;
}

/**
 * Quantities are stored to 0.001 of a base unit, so 2 fl oz of a line and 0.5 fl oz a day are
 * both a little off; differences below this share of the amounts compared count as none.
 */
const STORED_ROUNDING = 1e-4;

/** The supply the daily dose needs and how long the formula lasts; null without a dose. */
export function supplyOf(total: number, dailyDose: unknown, days: unknown): Supply | null {
  const dose = numberOf(dailyDose);
  if (dose <= 0) return null;
  const needed = dose * Math.max(numberOf(days), 0);
  const short = needed - total > needed * STORED_ROUNDING ? needed - total : 0;
  return { needed, short, lastsDays: Math.floor((total / dose) * (1 + STORED_ROUNDING)) };
}
