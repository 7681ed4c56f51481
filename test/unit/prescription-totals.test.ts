import { describe, expect, it } from 'vitest';
import {
  currencyByCode,
  formatMoney,
  roundMoney,
  type Currency,
} from '../../src/shared/currencies';
import { lockText } from '../../src/shared/entities/locks';
import { prescriptions } from '../../src/shared/entities';
import {
  linePrice,
  priceRows,
  rowTotals,
  prescriptionTotals,
  sumMoney,
  supplyOf,
} from '../../src/shared/prescription-totals';
import { toBase } from '../../src/shared/units';
import { prescriptionSummary } from '../../src/web/entity/extras/prescriptionSummary';

const currency = (code: string) => currencyByCode(code) as Currency;
const [GBP, CHF, JPY] = [currency('GBP'), currency('CHF'), currency('JPY')];

describe('money (currency decimals and rounding)', () => {
  it("rounds to the currency's step and decimals, halves up despite floats", () => {
    expect(roundMoney(1.005, GBP)).toBe(1.01);
    expect(roundMoney(1.025, CHF)).toBe(1.05);
    expect(roundMoney(1.024, CHF)).toBe(1);
    expect(roundMoney(150.5, JPY)).toBe(151);
    expect(formatMoney(3, CHF)).toBe('CHF3.00');
    expect(formatMoney(1234.4, JPY)).toBe('¥1234');
  });

  it('adds exactly before rounding once', () => {
    expect(sumMoney([0.1, 0.2], GBP)).toBe(0.3);
    expect(sumMoney([1.02, 0.01], CHF)).toBe(1.05);
    expect(sumMoney([120.4, 30.3, 'x', null], JPY)).toBe(151);
  });
});

describe('prescription totals', () => {
  const lines = [
    {
      prescription_line_quantity: 30,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: 2.5,
    },
    {
      prescription_line_quantity: 45.5,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: 3.32,
    },
    {
      prescription_line_quantity: toBase(10, 'g'),
      prescription_line_unit_kind: 'weight',
      prescription_line_price: 1,
    },
  ];

  it('sums quantities per kind in base units and the price in the currency', () => {
    expect(prescriptionTotals(lines, GBP)).toMatchObject({
      quantity: { volume: 75.5, weight: 10_000 },
      price: 6.82,
    });
    expect(prescriptionTotals(lines, CHF).price).toBe(6.8);
    expect(prescriptionTotals([], GBP)).toMatchObject({
      quantity: { volume: 0, weight: 0 },
      price: 0,
    });
  });

  it('counts only complete lines: one being typed, naming no herb nor product, adds nothing', () => {
    const saved = {
      prescription_line_herb_id: 7,
      prescription_line_dispensary_product_id: null,
      prescription_line_quantity: 100,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: 4,
    };
    const typed = {
      ...saved,
      prescription_line_herb_id: null,
      prescription_line_quantity: 10,
      prescription_line_price: 1,
    };
    expect(prescriptionTotals([saved, typed], GBP)).toMatchObject({
      quantity: { volume: 100 },
      price: 4,
    });
    // An empty draft with only a line being typed costs nothing, fees included.
    const fees = { dispensingFee: 2, containerFee: 1, taxRate: 0 };
    expect(prescriptionTotals([typed], GBP, fees).price).toBe(0);
    const summary = prescriptionSummary(
      [saved, typed],
      { prescription_unit_kind: 'volume' },
      {
        unitSystem: 'metric',
        currency: GBP,
      },
    );
    expect(summary[0]).toEqual({ label: 'Total volume', text: '100 ml' });
  });

  it('prices a line from a product priced per 100 ml or 100 g', () => {
    expect(linePrice(12, toBase(2, 'floz'), 'volume', GBP)).toBe(7.1);
    expect(linePrice(5, toBase(20, 'g'), 'weight', GBP)).toBe(1);
    expect(linePrice(3.3, 30, 'volume', CHF)).toBe(1);
    expect(linePrice(null, 30, 'volume', GBP)).toBe(0);
  });

  it('says how long a formula lasts at the daily dose and what the days need', () => {
    expect(supplyOf(100, 15, 7)).toEqual({ needed: 105, short: 5, lastsDays: 6 });
    expect(supplyOf(105, 15, 7)).toEqual({ needed: 105, short: 0, lastsDays: 7 });
    // Stored to 0.001 ml: 3.5 fl oz of lines at 0.5 fl oz a day still last 7 days, none short.
    expect(supplyOf(59.147 + 44.361, 14.787, 7)).toMatchObject({ short: 0, lastsDays: 7 });
    expect(supplyOf(100, null, 7)).toBeNull();
  });

  it('words the editor summary in the company units, with a shortfall flagged', () => {
    const prescription = {
      prescription_unit_kind: 'volume',
      prescription_daily_dose: 15,
      prescription_days: 7,
    };
    expect(
      prescriptionSummary(lines, prescription, { unitSystem: 'metric', currency: GBP }),
    ).toEqual([
      { label: 'Total volume', text: '75.5 ml' },
      { label: 'Total weight', text: '10 g' },
      { label: 'Total price', text: '£6.82' },
      {
        label: 'Supply',
        text: 'Lasts 5 days; 105 ml needed for 7 days (29.5 ml short)',
        warning: true,
      },
    ]);
    const imperial = prescriptionSummary(
      lines.slice(0, 2),
      { prescription_unit_kind: 'volume' },
      {
        unitSystem: 'imperial',
        currency: GBP,
      },
    );
    expect(imperial).toEqual([
      { label: 'Total volume', text: '2.55 fl oz' },
      { label: 'Total price', text: '£5.82' },
    ]);
  });
});

describe('row locks', () => {
  it('locks a dispensed prescription only', () => {
    expect(lockText(prescriptions, { prescription_status: 'dispensed' })).toBe(
      'A dispensed prescription can not be changed.',
    );
    expect(lockText(prescriptions, { prescription_status: 'draft' })).toBeNull();
    expect(lockText(prescriptions, null)).toBeNull();
  });
});

describe('price breakdown wording and a dispensed total', () => {
  const priced = [{ prescription_line_price: 3.33 }, { prescription_line_price: 3.33 }];
  const row = {
    prescription_dispensing_fee: 2,
    prescription_container_fee: 0,
    prescription_tax_rate: 7.7,
  };

  it('words the parts in cents and the total by the cash step, rounding shown', () => {
    const { breakdown } = rowTotals(priced, row, CHF);
    // 6.66 + 2.00 = 8.66; 7.7 % = 0.67; 9.33 → CHF 9.35.
    expect(priceRows(breakdown, { dispensingFee: 2, containerFee: 0, taxRate: 7.7 }, CHF)).toEqual([
      { label: 'Lines', text: 'CHF6.66' },
      { label: 'Dispensing fee', text: 'CHF2.00' },
      { label: 'Tax (7.7 %)', text: 'CHF0.67' },
      { label: 'Rounding', text: 'CHF0.02' },
      { label: 'Total price', text: 'CHF9.35' },
    ]);
  });

  it('keeps the total a dispensed prescription was charged, the difference as rounding', () => {
    const charged = { ...row, prescription_status: 'dispensed', prescription_total_price: 9.33 };
    const { price, breakdown } = rowTotals(priced, charged, CHF);
    expect(price).toBe(9.33);
    expect(breakdown).toMatchObject({ rounding: 0, total: 9.33 });
    expect(
      rowTotals(priced, { ...charged, prescription_total_price: 9.3 }, CHF).breakdown.rounding,
    ).toBe(-0.03);
  });
});
