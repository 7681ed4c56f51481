/**
 * The totals of a prescription's lines, computed by one routine on both sides: the editor shows
 * them as the lines change and prescriptions/save_lines stores the same total price.
 *
 * The formula is taken as a whole (a tincture mix, a dried-herb blend), so the daily dose and the
 * number of days belong to the prescription, not to each line: "5 ml three times a day for 14
 * days" is how a herbalist writes it. The dose is measured like the prescription
 * (prescription_unit_kind) and compared with the lines of that kind.
 */
import { formatMoney, roundMoney, type Currency } from './currencies';
import { STORED_PRICE_BASIS, type UnitKind } from './units';

export type LineKind = Extract<UnitKind, 'weight' | 'volume'>;

interface TotalsLine {
  prescription_line_herb_id?: unknown;
  prescription_line_dispensary_product_id?: unknown;
  prescription_line_quantity?: unknown;
  prescription_line_unit_kind?: unknown;
  prescription_line_price?: unknown;
}

interface PrescriptionTotals {
  /** Base units (mg, ml) per kind. */
  quantity: Record<LineKind, number>;
  /** In the company currency, rounded to its decimals and rounding step (= breakdown.total). */
  price: number;
  breakdown: PriceBreakdown;
}

/**
 * What a formula costs besides its lines. The prescription keeps the terms it was priced on
 * (set from the clinic's settings whenever its lines are saved), so a receipt printed later adds
 * up to the total that was charged even after the clinic changes its fees.
 */
interface PriceTerms {
  dispensingFee: number;
  containerFee: number;
  /** Per cent of the lines and fees, added on top (prices are net of tax); 0 for none. */
  taxRate: number;
}

/** Every part in the currency's decimals; `rounding` is the cash step (CHF 0.05) that makes them add up to `total`. */
interface PriceBreakdown {
  lines: number;
  dispensingFee: number;
  containerFee: number;
  tax: number;
  rounding: number;
  total: number;
}

/** The currency without its cash step: the parts of a price are in cents, only the total steps. */
const inCents = (currency: Currency): Currency => ({ ...currency, rounding: 0 });

const NO_FEES: PriceTerms = { dispensingFee: 0, containerFee: 0, taxRate: 0 };

/**
 * The lines a total counts: not a line being typed that names neither a herb nor a dispensary
 * product yet (both null: it is not saved, nor dispensed). Stored lines always name one, so
 * callers pricing them may leave both out.
 */
const countedLines = (lines: readonly TotalsLine[]) =>
  lines.filter(
    (l) =>
      !(l.prescription_line_herb_id === null && l.prescription_line_dispensary_product_id === null),
  );

/**
 * The lines, quantities and price of a prescription row: priced on the terms it keeps, and a
 * dispensed one at the total it was charged (stored): should the clinic have changed its currency
 * since, the difference shows as rounding rather than as a second total.
 */
export function rowTotals(
  lines: readonly TotalsLine[],
  row: Record<string, unknown>,
  currency: Currency,
): PrescriptionTotals {
  const totals = prescriptionTotals(lines, currency, termsOf(row));
  if (row.prescription_status !== 'dispensed') return totals;
  const charged = numberOf(row.prescription_total_price);
  const cents = inCents(currency);
  const rounding = sumMoney([totals.breakdown.rounding, charged, -totals.price], cents);
  return {
    ...totals,
    price: charged,
    breakdown: { ...totals.breakdown, rounding, total: charged },
  };
}

interface PriceRow {
  label: string;
  text: string;
}

/**
 * The breakdown as the editor, the print page and the receipt word it: the lines alone when
 * there is nothing to add to them, else each part that is not zero, then the total.
 */
export function priceRows(
  breakdown: PriceBreakdown,
  terms: PriceTerms,
  currency: Currency,
): PriceRow[] {
  // The parts are in cents (a CHF part is not rounded to 0.05; the total is).
  const cents = inCents(currency);
  const money = (amount: number) =>
    `${amount < 0 ? '−' : ''}${formatMoney(Math.abs(amount), cents)}`;
  const parts: Array<[string, number]> = [
    ['Dispensing fee', breakdown.dispensingFee],
    ['Container fee', breakdown.containerFee],
    [`Tax (${terms.taxRate} %)`, breakdown.tax],
    ['Rounding', breakdown.rounding],
  ];
  const shown = parts.filter(([, amount]) => amount !== 0);
  if (shown.length === 0) return [{ label: 'Total price', text: money(breakdown.total) }];
  return [
    { label: 'Lines', text: money(breakdown.lines) },
    ...shown.map(([label, amount]) => ({ label, text: money(amount) })),
    { label: 'Total price', text: money(breakdown.total) },
  ];
}

/** The terms a prescription row was priced on (its stored columns). */
export function termsOf(row: Record<string, unknown>): PriceTerms {
  return {
    dispensingFee: numberOf(row.prescription_dispensing_fee),
    containerFee: numberOf(row.prescription_container_fee),
    taxRate: numberOf(row.prescription_tax_rate),
  };
}

/** The columns that keep a prescription's terms (save_lines writes them with the total). */
export function termsColumns(terms: PriceTerms) {
  return {
    prescription_dispensing_fee: terms.dispensingFee,
    prescription_container_fee: terms.containerFee,
    prescription_tax_rate: terms.taxRate,
  };
}

/** The clinic's current terms and markup, read from the product module's (private) settings. */
export function pricingSettingsOf(settings: Record<string, unknown> | undefined) {
  const terms: PriceTerms = {
    dispensingFee: numberOf(settings?.dispensing_fee),
    containerFee: numberOf(settings?.container_fee),
    taxRate: numberOf(settings?.tax_rate),
  };
  return { terms, markup: numberOf(settings?.price_markup) };
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

/**
 * A product's price per 100 g / 100 ml: its own price, else its cost times the clinic's markup
 * (0 = no markup: the line is left for the practitioner to price).
 */
export function sellingPricePer100(price: unknown, cost: unknown, markup: number): number {
  const own = numberOf(price);
  return own > 0 ? own : numberOf(cost) * Math.max(markup, 0);
}

/**
 * The lines, the fees (only for a formula with lines: an empty draft costs nothing) and the tax,
 * each in the currency's decimals; the total rounded once more by the currency's cash step.
 */
export function priceBreakdown(
  lines: readonly TotalsLine[],
  terms: PriceTerms,
  currency: Currency,
): PriceBreakdown {
  const cents = inCents(currency);
  const counted = countedLines(lines);
  const fees = counted.length > 0 ? terms : NO_FEES;
  const linesPrice = sumMoney(
    counted.map((l) => l.prescription_line_price),
    cents,
  );
  const net = sumMoney([linesPrice, fees.dispensingFee, fees.containerFee], cents);
  const tax = roundMoney((net * Math.max(fees.taxRate, 0)) / 100, cents);
  const exact = sumMoney([net, tax], cents);
  const total = roundMoney(exact, currency);
  return {
    lines: linesPrice,
    dispensingFee: roundMoney(fees.dispensingFee, cents),
    containerFee: roundMoney(fees.containerFee, cents),
    tax,
    rounding: sumMoney([total, -exact], cents),
    total,
  };
}

export function prescriptionTotals(
  lines: readonly TotalsLine[],
  currency: Currency,
  terms: PriceTerms = NO_FEES,
): PrescriptionTotals {
  const quantity: Record<LineKind, number> = { weight: 0, volume: 0 };
  for (const line of countedLines(lines)) {
    const kind: LineKind = line.prescription_line_unit_kind === 'weight' ? 'weight' : 'volume';
    quantity[kind] =
      Math.round((quantity[kind] + numberOf(line.prescription_line_quantity)) * 1000) / 1000;
  }
  const breakdown = priceBreakdown(lines, terms, currency);
  return { quantity, price: breakdown.total, breakdown };
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
