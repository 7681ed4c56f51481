/**
 * The currency list (GBP, USD, EUR, CAD, HUF first). Generated from the maintained
 * `currency-list` data by scripts/generate-reference-data.mjs — never edited by hand.
 */
import currencies from './data/currencies.json';

export interface Currency {
  value: string;
  label: string;
  symbol: string;
  symbol_native: string;
  decimal_digits: number;
  rounding: number;
  name_plural: string;
}

export const CURRENCIES: readonly Currency[] = currencies;
export { DEFAULT_CURRENCY } from './product-module';

export function currencyByCode(code: string): Currency | undefined {
  return CURRENCIES.find((c) => c.value === code);
}

/** Rounds to the currency's rounding step (CHF 0.05) and then to its decimal digits. */
export function roundMoney(amount: number, currency: Currency): number {
  const step = currency.rounding > 0 ? currency.rounding : 10 ** -currency.decimal_digits;
  // amount / step is fixed to 9 places first so that a float such as 1.025 / 0.05 =
  // 20.499999999999996 still rounds half up to 21 steps, as the decimal amount would.
  const steps = Math.round(Number((amount / step).toFixed(9)));
  return Number((steps * step).toFixed(currency.decimal_digits));
}

export function formatMoney(amount: number, currency: Currency): string {
  return `${currency.symbol}${roundMoney(amount, currency).toFixed(currency.decimal_digits)}`;
}
