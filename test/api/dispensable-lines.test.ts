/**
 * Every dispensed line is real (issue 43 #2, #6): prescriptions/dispense refuses a line of no
 * quantity and a herb the clinic has no product of, naming the line; takes a line of only a herb
 * from the herb's product — stock moves, the batch is traced, the line is priced — and refuses
 * stock that only expired batches hold, naming the batch and its expiry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchTrace } from '../../src/shared/stock';
import { useTestServer } from '../support/test-env';
import {
  callerFor,
  daysFromToday,
  insertedId,
  messageText,
  receiveStock,
  type Caller,
  type Row,
} from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let patient: number;
const text = messageText;
const idOf = (path: string, values: Row, key: string) => insertedId(c, path, values, key);
const herb = (name: string) => idOf('herbs/insert', { herb_name: name }, 'herb_id');
const product = (name: string, herbId: number, more: Row = {}) =>
  idOf(
    'dispensary_products/insert',
    {
      dispensary_product_name: name,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_herb_id: herbId,
      ...more,
    },
    'dispensary_product_id',
  );

/** A draft of the lines, saved; its id. */
async function draft(lines: Row[]): Promise<number> {
  const id = await idOf(
    'prescriptions/insert',
    { prescription_patient_id: patient },
    'prescription_id',
  );
  const saved = await c('prescriptions/save_lines', {
    prescription_id: id,
    lines: lines.map((l) => ({ prescription_line_unit_kind: 'volume', ...l })),
  });
  expect(saved.result, text(saved)).toBe(true);
  return id;
}
const statusOf = async (id: number) =>
  (await c<Row>('prescriptions/get', { prescription_id: id })).data.prescription_status;
const stockOf = async (id: number) =>
  (await c<Row>('dispensary_products/get', { dispensary_product_id: id })).data
    .dispensary_product_stock;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patient = await idOf(
    'patients/insert',
    { patient_first_name: 'Real', patient_last_name: 'Lines' },
    'patient_id',
  );
});

describe('prescriptions/dispense: every line real', () => {
  it('refuses a line of 0 ml, naming it, whatever the reason, and takes nothing', async () => {
    const nettle = await herb('Nettle');
    const tincture = await product('Nettle tincture', nettle);
    await receiveStock(c, tincture, 500, { batch_expiry: null });
    const id = await draft([
      { prescription_line_dispensary_product_id: tincture, prescription_line_quantity: 20 },
      { prescription_line_herb_id: nettle, prescription_line_quantity: 0 },
    ]);
    const refused = await c('prescriptions/dispense', { prescription_id: id, reason: 'sure' });
    expect(refused.status).toBe(400);
    expect(text(refused)).toContain(
      'Line 2, Nettle: no quantity — a line of nothing can not be dispensed.',
    );
    expect(await statusOf(id)).toBe('draft');
    expect(await stockOf(tincture)).toBe(500);
  });

  it('refuses a herb the clinic has no product of, naming the line', async () => {
    const yarrow = await herb('Yarrow');
    const id = await draft([{ prescription_line_herb_id: yarrow, prescription_line_quantity: 10 }]);
    const refused = await c('prescriptions/dispense', { prescription_id: id, reason: 'sure' });
    expect(refused.status).toBe(400);
    expect(text(refused)).toBe(
      'This formula can not be dispensed. Line 1, Yarrow: no dispensary product to take it from — pick one or add one to the dispensary.',
    );
    expect(await statusOf(id)).toBe('draft');
  });

  it('takes a line of only a herb from its product: stock moves, the batch is traced, the line priced', async () => {
    const hawthorn = await herb('Hawthorn');
    // Priced per 100 ml; the dried product is measured otherwise and never taken for ml.
    await product('Hawthorn berry, dried', hawthorn, { dispensary_product_unit_kind: 'weight' });
    const tincture = await product('Hawthorn tincture', hawthorn, { dispensary_product_price: 10 });
    const batch = await receiveStock(c, tincture, 500, { batch_expiry: daysFromToday(200) });
    const id = await draft([
      { prescription_line_herb_id: hawthorn, prescription_line_quantity: 30 },
    ]);
    const done = await c<{ entity: Row; lines: Row[]; batches: Row[] }>('prescriptions/dispense', {
      prescription_id: id,
    });
    expect(done.result, text(done)).toBe(true);
    expect(done.data.lines).toMatchObject([
      {
        prescription_line_herb_id: hawthorn,
        prescription_line_dispensary_product_id: tincture,
        dispensary_product_name: 'Hawthorn tincture',
        prescription_line_price: 3,
      },
    ]);
    expect(done.data.entity.prescription_total_price).toBe(3);
    expect(done.data.batches).toEqual([{ batch_id: batch, quantity: 30 }]);
    expect(await stockOf(tincture)).toBe(470);
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: batch });
    expect(trace.data.prescriptions).toMatchObject([{ prescription_id: id, quantity: 30 }]);
  });

  it('refuses stock only expired batches hold, naming the batch and its expiry', async () => {
    const sage = await herb('Sage');
    const tincture = await product('Sage tincture', sage);
    await receiveStock(c, tincture, 500, {
      batch_name: 'SAGE-OLD',
      batch_expiry: daysFromToday(-10),
    });
    for (const line of [
      { prescription_line_herb_id: sage, prescription_line_quantity: 20 },
      { prescription_line_dispensary_product_id: tincture, prescription_line_quantity: 20 },
    ]) {
      const id = await draft([line]);
      const refused = await c('prescriptions/dispense', { prescription_id: id, reason: 'x' });
      expect(refused.status).toBe(400);
      expect(text(refused)).toMatch(
        /^This formula can not be dispensed\. Line 1, Sage tincture: batch SAGE-OLD expired on \d\d\/\d\d\/\d{4}; it will not be dispensed\. Line 1: Not enough Sage tincture in stock: 0 ml usable, 20 ml needed\.$/,
      );
      expect(await statusOf(id)).toBe('draft');
    }
    expect(await stockOf(tincture)).toBe(500);
  });
});
