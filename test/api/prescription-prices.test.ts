/**
 * Prescription prices: the lines plus the dispensing and container fees plus tax, stored with the
 * terms they were priced on, rounded by the currency's rules — and the stored total always the
 * one the shared routine (src/shared/prescription-totals.ts) gives the screens and printouts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { currencyByCode, type Currency } from '../../src/shared/currencies';
import { priceBreakdown, sellingPricePer100, termsOf } from '../../src/shared/prescription-totals';
import { toBase } from '../../src/shared/units';
import { useTestServer } from '../support/test-env';
import { moduleIdsOf } from '../support/module-ids';
import { addUser } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let materia: number;
let patientId: number;
let tincture: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  materia = (await moduleIdsOf(env.server, env.company, env.admin)).materia as number;
  patientId = (
    await c<Row>('patients/insert', { patient_first_name: 'Ivy', patient_last_name: 'Moss' })
  ).data.patient_id as number;
  tincture = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Nettle tincture',
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 9,
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, tincture, toBase(2, 'l'));
});

const setting = async (field: string, value: unknown) => {
  const reply = await c('modules/update_settings', { module_id: materia, field, value });
  expect(reply.messages.filter((m) => m.type === 'e')).toEqual([]);
};
const setTerms = async (dispensing: number, container: number, tax: number) => {
  await setting('dispensing_fee', dispensing);
  await setting('container_fee', container);
  await setting('tax_rate', tax);
};
const currency = (code: string) => currencyByCode(code) as Currency;
const linesAt = (prices: number[]) =>
  prices.map((price) => ({
    prescription_line_dispensary_product_id: tincture,
    prescription_line_quantity: 10,
    prescription_line_unit_kind: 'volume',
    prescription_line_price: price,
  }));
const draft = async () =>
  (await c<Row>('prescriptions/insert', { prescription_patient_id: patientId })).data
    .prescription_id as number;
const saveLines = async (id: number, prices: number[]) => {
  const reply = await c<{ entity: Row }>('prescriptions/save_lines', {
    prescription_id: id,
    lines: linesAt(prices),
  });
  expect(reply.messages).toEqual([]);
  return reply.data.entity;
};
const stored = async (id: number) =>
  (await c<Row>('prescriptions/get', { prescription_id: id })).data;

describe('the price of a formula', () => {
  it('adds the lines, the dispensing fee, the container fee and the tax, and keeps the terms', async () => {
    await setTerms(2.5, 1.2, 20);
    try {
      const row = await saveLines(await draft(), [3.33, 4.44]);
      // 7.77 + 2.50 + 1.20 = 11.47 net; 20 % tax 2.294 → 2.29; 13.76 in all.
      expect(row).toMatchObject({
        prescription_total_price: 13.76,
        prescription_dispensing_fee: 2.5,
        prescription_container_fee: 1.2,
        prescription_tax_rate: 20,
      });
      expect(priceBreakdown(linesAt([3.33, 4.44]), termsOf(row), currency('GBP'))).toEqual({
        lines: 7.77,
        dispensingFee: 2.5,
        containerFee: 1.2,
        tax: 2.29,
        rounding: 0,
        total: 13.76,
      });
      // An empty formula costs nothing: the fees come with the lines.
      expect((await saveLines(await draft(), [])).prescription_total_price).toBe(0);
    } finally {
      await setTerms(0, 0, 0);
    }
  });

  it('prices the drafts again when the fees change; a dispensed one keeps what was charged', async () => {
    await setTerms(2, 0, 0);
    try {
      const open = await draft();
      const done = await draft();
      await saveLines(open, [5]);
      await saveLines(done, [5]);
      const dispensed = await c('prescriptions/dispense', { prescription_id: done });
      expect(dispensed.messages.filter((m) => m.type === 'e')).toEqual([]);
      await setTerms(3, 0.5, 10);
      // 5 + 3 + 0.50 = 8.50 net, 0.85 tax.
      expect(await stored(open)).toMatchObject({
        prescription_total_price: 9.35,
        prescription_dispensing_fee: 3,
      });
      const kept = await stored(done);
      expect(kept).toMatchObject({ prescription_total_price: 7, prescription_dispensing_fee: 2 });
      // Its breakdown, from the terms it keeps, still adds up to what it stores.
      expect(priceBreakdown(linesAt([5]), termsOf(kept), currency('GBP')).total).toBe(7);
    } finally {
      await setTerms(0, 0, 0);
    }
  });

  it('prices a product without a price at its cost times the markup', () => {
    expect(sellingPricePer100(9, 3, 2.5)).toBe(9);
    expect(sellingPricePer100(0, 3, 2.5)).toBe(7.5);
    expect(sellingPricePer100(null, 3, 0)).toBe(0);
  });
});

describe('rounding by currency: the stored total is the routine’s', () => {
  const cases: Array<[string, number[], number]> = [
    // CHF rounds to 0.05: 11.19 of lines is CHF 11.20 (the field once said 11.19).
    ['CHF', [3.33, 3.33, 4.53], 11.2],
    ['CHF', [1.01, 1.01, 0.004], 2],
    ['CHF', [1.01, 1.01, 0.005], 2.05],
    ['GBP', [0.1, 0.2, 1.005], 1.31],
    ['EUR', [3.333, 3.333, 3.333], 10],
    ['JPY', [120.4, 30.3, 0.5], 151],
  ];
  it.each(cases)('%s %j', async (code, prices, total) => {
    await setting('currency', code);
    await setTerms(1.11, 0.7, 7.7);
    try {
      const row = await saveLines(await draft(), prices);
      const routine = priceBreakdown(linesAt(prices), termsOf(row), currency(code));
      expect(row.prescription_total_price).toBe(routine.total);
      await setTerms(0, 0, 0);
      expect((await saveLines(await draft(), prices)).prescription_total_price).toBe(total);
    } finally {
      await setTerms(0, 0, 0);
      await setting('currency', 'GBP');
    }
  });

  it('prices a draft stored in pounds again when the clinic changes to francs', async () => {
    const id = await draft();
    expect((await saveLines(id, [3.33, 3.33, 4.53])).prescription_total_price).toBe(11.19);
    await setting('currency', 'CHF');
    try {
      expect((await stored(id)).prescription_total_price).toBe(11.2);
    } finally {
      await setting('currency', 'GBP');
    }
    expect((await stored(id)).prescription_total_price).toBe(11.19);
  });
});

describe('what the printouts read', () => {
  it('gives every user the clinic’s address and phone', async () => {
    await setting('clinic_address', '12 Mill Lane, Bath BA1 1AA');
    await setting('clinic_phone', '01225 000000');
    const reader = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['prescriptions/list'] })).token,
    );
    const settings = await reader<Row[]>('modules/get_settings');
    const materiaSettings = settings.data.find((m) => m.module_name === 'materia');
    expect(materiaSettings?.module_settings).toMatchObject({
      clinic_address: '12 Mill Lane, Bath BA1 1AA',
      clinic_phone: '01225 000000',
    });
  });
});
