/**
 * The stock ledger: batches received, taken first expiry first out (split, expired skipped),
 * adjusted with a reason, counted, written off and traced; on hand = the ledger's sum = the
 * batches' sum, also under concurrent dispensing and receipts; nothing writes on hand directly.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { todayIso } from '../../src/shared/iso-date';
import type { BatchMove, BatchTrace, StockAlerts } from '../../src/shared/stock';
import { newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
const daysFromToday = (days: number) => {
  const d = new Date(`${todayIso()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
});

let productCount = 0;
async function newProduct(values: Row = {}): Promise<number> {
  const reply = await c<Row>('dispensary_products/insert', {
    dispensary_product_name: `Product ${++productCount}`,
    dispensary_product_unit_kind: 'volume',
    ...values,
  });
  expect(reply.result).toBe(true);
  return reply.data.dispensary_product_id as number;
}

async function newPatient(name: string): Promise<number> {
  const reply = await c<Row>('patients/insert', {
    patient_first_name: name,
    patient_last_name: 'Trace',
  });
  return reply.data.patient_id as number;
}

/** A draft prescription of the lines (product → quantity), dispensed; the reply. */
async function dispense(patientId: number, lines: Array<[number, number]>, caller = c) {
  const prescription = await caller<Row>('prescriptions/insert', {
    prescription_patient_id: patientId,
  });
  const id = prescription.data.prescription_id as number;
  const saved = await caller('prescriptions/save_lines', {
    prescription_id: id,
    lines: lines.map(([product, quantity]) => ({
      prescription_line_dispensary_product_id: product,
      prescription_line_quantity: quantity,
      prescription_line_unit_kind: 'volume',
      prescription_line_price: 0,
    })),
  });
  expect(saved.result, JSON.stringify(saved.messages)).toBe(true);
  return { id, reply: await caller<Row>('prescriptions/dispense', { prescription_id: id }) };
}

const batchQuantity = async (id: number) =>
  (await c<Row>('batches/get', { batch_id: id })).data.batch_quantity;
const stockOf = async (id: number): Promise<number> =>
  (await c<Row>('dispensary_products/get', { dispensary_product_id: id })).data
    .dispensary_product_stock as number;

/** Per product: on hand, the sum of its batches, the ledger's sum, and its lowest batch. */
async function sums(company: TestCompany = env.company) {
  return inTenant(env.server.database.db, company.companyId, async (trx) => {
    const result = await sql<{
      id: number;
      stock: number;
      batches: number;
      ledger: number;
      lowest: number;
    }>`select p.dispensary_product_id::int as id, p.dispensary_product_stock::float8 as stock,
        (select coalesce(sum(batch_quantity), 0) from batches b where b.company_id = p.company_id
          and b.batch_dispensary_product_id = p.dispensary_product_id)::float8 as batches,
        (select coalesce(sum(stock_move_quantity), 0) from stock_moves m
          where m.company_id = p.company_id
          and m.stock_move_product_id = p.dispensary_product_id)::float8 as ledger,
        (select coalesce(min(batch_quantity), 0) from batches b where b.company_id = p.company_id
          and b.batch_dispensary_product_id = p.dispensary_product_id)::float8 as lowest
      from dispensary_products p where p.company_id = ${company.companyId}`.execute(trx);
    return result.rows;
  });
}

async function expectLedgerAgrees(company: TestCompany = env.company) {
  for (const row of await sums(company)) {
    expect(row.batches, `product ${row.id}`).toBe(row.stock);
    expect(row.ledger, `product ${row.id}`).toBe(row.stock);
    expect(row.lowest).toBeGreaterThanOrEqual(0);
  }
}

describe('stock ledger', () => {
  it('receives a batch: the product holds it, the ledger has its receipt', async () => {
    const product = await newProduct({ dispensary_product_cost: 4 });
    const batch = await receiveStock(c, product, 250_000, {
      batch_name: 'LOT-7',
      batch_supplier: 'Herbal Supplies Ltd',
      batch_expiry: daysFromToday(200),
    });
    const row = (await c<Row>('batches/get', { batch_id: batch })).data;
    expect(row).toMatchObject({
      batch_name: 'LOT-7',
      batch_supplier: 'Herbal Supplies Ltd',
      batch_expiry: daysFromToday(200),
      batch_received: todayIso(),
      batch_quantity: 250_000,
      batch_received_quantity: 250_000,
      batch_unit_kind: 'volume',
      batch_cost: 4,
      batch_dispensary_product_id: product,
    });
    expect(await stockOf(product)).toBe(250_000);
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: batch });
    expect(trace.data.ledger.map((m) => [m.kind, m.quantity])).toEqual([['receipt', 250_000]]);
    await expectLedgerAgrees();
  });

  it('dispenses first expiry first out, splitting across batches and skipping expired ones', async () => {
    const product = await newProduct();
    const later = await receiveStock(c, product, 100, { batch_expiry: daysFromToday(30) });
    const expired = await receiveStock(c, product, 500, { batch_expiry: daysFromToday(-1) });
    const sooner = await receiveStock(c, product, 50, { batch_expiry: daysFromToday(10) });
    const today = await receiveStock(c, product, 5, { batch_expiry: todayIso() });
    const patient = await newPatient('Fefo');
    const { id, reply } = await dispense(patient, [[product, 80]]);
    expect(reply.result).toBe(true);
    // Expiring today is still usable, and goes first; then the sooner batch; then the later.
    expect(await batchQuantity(today)).toBe(0);
    expect(await batchQuantity(sooner)).toBe(0);
    expect(await batchQuantity(later)).toBe(75);
    expect(await batchQuantity(expired)).toBe(500);
    expect(await stockOf(product)).toBe(575);
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: later });
    expect(trace.data.prescriptions).toMatchObject([{ prescription_id: id, quantity: 25 }]);
    await expectLedgerAgrees();
  });

  it('names, for the label, each batch a dispensed prescription was taken from', async () => {
    const nettle = await newProduct({ dispensary_product_name: 'Label nettle' });
    const balm = await newProduct({ dispensary_product_name: 'Label balm' });
    await receiveStock(c, nettle, 30, { batch_name: 'N-1', batch_expiry: daysFromToday(5) });
    await receiveStock(c, nettle, 100, { batch_name: 'N-2', batch_expiry: daysFromToday(40) });
    await receiveStock(c, balm, 100, { batch_name: 'B-1' });
    const patient = await newPatient('Label');
    const draft = await c<Row>('prescriptions/insert', { prescription_patient_id: patient });
    const none = await c('prescriptions/get_batches', {
      prescription_id: draft.data.prescription_id,
    });
    expect(none.data).toEqual([]);
    // Two lines of nettle: 50 in all, split over its two batches.
    const { id } = await dispense(patient, [
      [nettle, 20],
      [balm, 10],
      [nettle, 30],
    ]);
    const batches = await c('prescriptions/get_batches', { prescription_id: id });
    expect(batches.data).toEqual([
      {
        dispensary_product_name: 'Label balm',
        batch_name: 'B-1',
        batch_expiry: null,
        quantity: 10,
      },
      {
        dispensary_product_name: 'Label nettle',
        batch_name: 'N-1',
        batch_expiry: daysFromToday(5),
        quantity: 30,
      },
      {
        dispensary_product_name: 'Label nettle',
        batch_name: 'N-2',
        batch_expiry: daysFromToday(40),
        quantity: 20,
      },
    ]);
    const missing = await c('prescriptions/get_batches', { prescription_id: 999_999 });
    expect(missing.result).toBe(false);
    expect(text(missing)).toMatch(/999999/);
  });

  it('refuses a dispense the usable batches can not cover, expired stock not counted, and takes nothing', async () => {
    const product = await newProduct({ dispensary_product_name: 'Old tincture' });
    const expired = await receiveStock(c, product, 10_000, { batch_expiry: daysFromToday(-3) });
    const usable = await receiveStock(c, product, 20_000);
    const { reply } = await dispense(await newPatient('Short'), [[product, 25_000]]);
    expect(reply.result).toBe(false);
    // Refused before any stock is locked, naming the expired batch that does not count.
    expect(text(reply)).toMatch(/ batch \S+ expired on \S+; it will not be dispensed\. /);
    expect(text(reply)).toContain('Not enough Old tincture in stock: 20 l usable, 25 l needed.');
    expect(await batchQuantity(expired)).toBe(10_000);
    expect(await batchQuantity(usable)).toBe(20_000);
    await expectLedgerAgrees();
  });

  it('keeps on hand = batches = ledger under concurrent dispenses and receipts, never below zero', async () => {
    const a = await newProduct();
    const b = await newProduct();
    await receiveStock(c, a, 300, { batch_expiry: daysFromToday(5) });
    await receiveStock(c, b, 300, { batch_expiry: daysFromToday(5) });
    const patient = await newPatient('Busy');
    // Twelve dispenses of 60 from each (720 wanted, 300 + receipts held), lines in both orders,
    // with receipts of both products racing them.
    const work: Array<Promise<unknown>> = [];
    for (let i = 0; i < 12; i++) {
      const lines: Array<[number, number]> =
        i % 2
          ? [
              [a, 60],
              [b, 60],
            ]
          : [
              [b, 60],
              [a, 60],
            ];
      work.push(dispense(patient, lines).then(({ reply }) => reply));
      if (i % 4 === 0) work.push(receiveStock(c, i % 8 ? a : b, 60));
    }
    const replies = (await Promise.all(work)) as Array<{ result: boolean } | number>;
    const dispensed = replies.filter((r) => typeof r === 'object' && r.result).length;
    expect(dispensed).toBeGreaterThan(0);
    await expectLedgerAgrees();
    // Whatever was taken, each product lost exactly 60 per dispense that succeeded.
    const received = 300 * 2 + 60 * 3;
    expect((await stockOf(a)) + (await stockOf(b))).toBe(received - dispensed * 120);
  });

  it('adjusts a batch only with a reason, never below zero', async () => {
    const product = await newProduct();
    const batch = await receiveStock(c, product, 1000);
    const noReason = await c('stock/adjust', { batch_id: batch, quantity: -100, reason: ' ' });
    expect(noReason.result).toBe(false);
    expect(text(noReason)).toContain('reason');
    const tooMuch = await c('stock/adjust', { batch_id: batch, quantity: -1001, reason: 'Spilt' });
    expect(tooMuch.result).toBe(false);
    const spilt = await c<BatchMove>('stock/adjust', {
      batch_id: batch,
      quantity: -100,
      reason: 'Bottle broken',
    });
    expect(spilt.data).toMatchObject({ quantity: -100, batch_quantity: 900 });
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: batch });
    expect(trace.data.ledger.at(-1)).toMatchObject({
      kind: 'adjustment',
      quantity: -100,
      reason: 'Bottle broken',
    });
    expect(await stockOf(product)).toBe(900);
    await expectLedgerAgrees();
  });

  it('books a stock take’s differences, and nothing for a batch counted right', async () => {
    const product = await newProduct();
    const short = await receiveStock(c, product, 1000);
    const over = await receiveStock(c, product, 500);
    const right = await receiveStock(c, product, 200);
    const taken = await c<BatchMove[]>('stock/stock_take', {
      counts: [
        { batch_id: short, counted: 940 },
        { batch_id: over, counted: 520 },
        { batch_id: right, counted: 200 },
      ],
      note: 'Monthly count',
    });
    expect(taken.result).toBe(true);
    expect(taken.data.map((m) => [m.batch_id, m.quantity, m.batch_quantity])).toEqual([
      [short, -60, 940],
      [over, 20, 520],
    ]);
    expect(await stockOf(product)).toBe(1660);
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: right });
    expect(trace.data.ledger).toHaveLength(1);
    await expectLedgerAgrees();
  });

  it('writes off what is left of expired batches', async () => {
    const product = await newProduct();
    const expired = await receiveStock(c, product, 700, { batch_expiry: daysFromToday(-2) });
    const fresh = await receiveStock(c, product, 300, { batch_expiry: daysFromToday(40) });
    const written = await c<BatchMove[]>('stock/write_off_expired', {});
    expect(written.data.filter((m) => m.batch_id === expired)).toMatchObject([
      { quantity: -700, batch_quantity: 0 },
    ]);
    expect(written.data.some((m) => m.batch_id === fresh)).toBe(false);
    expect(await stockOf(product)).toBe(300);
    const again = await c<BatchMove[]>('stock/write_off_expired', {});
    expect(again.data).toEqual([]);
    await expectLedgerAgrees();
  });

  it('traces a batch to every prescription and patient that received it', async () => {
    const product = await newProduct();
    const batch = await receiveStock(c, product, 1000, { batch_name: 'RECALL-1' });
    const ann = await newPatient('Ann');
    const bob = await newPatient('Bob');
    const first = await dispense(ann, [[product, 100]]);
    const second = await dispense(bob, [
      [product, 50],
      [product, 25],
    ]);
    const trace = await c<BatchTrace>('stock/batch_trace', { batch_id: batch });
    expect(trace.data.batch).toMatchObject({ batch_name: 'RECALL-1', batch_quantity: 825 });
    expect(
      trace.data.prescriptions.map((p) => [p.prescription_id, p.patient_id, p.quantity]),
    ).toEqual([
      [first.id, ann, 100],
      [second.id, bob, 75],
    ]);
    expect(trace.data.prescriptions[1]?.patient_name).toBe('Trace, Bob');
  });

  it('lets no call write on hand or a batch quantity directly', async () => {
    const product = await newProduct();
    const batch = await receiveStock(c, product, 100);
    const refusals = [
      await c('dispensary_products/update', {
        dispensary_product_id: product,
        field: 'dispensary_product_stock',
        value: 5000,
      }),
      await c('dispensary_products/insert', {
        dispensary_product_name: 'Sneaky',
        dispensary_product_stock: 5000,
      }),
      await c('batches/update', { batch_id: batch, field: 'batch_quantity', value: 5000 }),
      await c('batches/insert', { batch_name: 'X', batch_dispensary_product_id: product }),
      await c('batches/delete', { selected: [batch] }),
    ];
    for (const reply of refusals) expect(reply.result, text(reply)).toBe(false);
    expect(text(refusals[0]!)).toBe('"dispensary_product_stock" can not be changed here.');
    expect(await stockOf(product)).toBe(100);
    expect(await batchQuantity(batch)).toBe(100);
    // A batch's own details (a misread expiry) may be corrected.
    const fixed = await c('batches/update', {
      batch_id: batch,
      field: 'batch_expiry',
      value: daysFromToday(90),
    });
    expect(fixed.result).toBe(true);
  });

  it('applies a statement’s moves together, and refuses them all for a batch of another product', async () => {
    const [a, b] = [await newProduct(), await newProduct()];
    const [batchA, batchB] = [await receiveStock(c, a, 100), await receiveStock(c, b, 100)];
    const insertMoves = (moves: Array<[number, number, number]>) =>
      inTenant(env.server.database.db, env.company.companyId, (trx) =>
        sql`insert into stock_moves (company_id, stock_move_product_id, stock_move_batch_id,
            stock_move_kind, stock_move_quantity, stock_move_reason)
          select ${env.company.companyId}, m.product, m.batch, 'adjustment', m.quantity, 'test'
          from unnest(${moves.map((m) => m[0])}::bigint[], ${moves.map((m) => m[1])}::bigint[],
            ${moves.map((m) => m[2])}::numeric[]) as m(product, batch, quantity)`.execute(trx),
      );
    // Two moves on one batch and one on another, in one statement: each applied once, summed.
    await insertMoves([
      [a, batchA, -30],
      [a, batchA, -20],
      [b, batchB, 5],
    ]);
    expect([await batchQuantity(batchA), await batchQuantity(batchB)]).toEqual([50, 105]);
    // A move naming a batch that holds another product: the whole statement is refused.
    await expect(
      insertMoves([
        [b, batchB, -1],
        [a, batchB, -1],
      ]),
    ).rejects.toThrow('a stock move names a batch that does not hold its product');
    // Below zero, in sum: refused, nothing taken.
    await expect(insertMoves([[a, batchA, -51]])).rejects.toThrow();
    expect([await batchQuantity(batchA), await batchQuantity(batchB)]).toEqual([50, 105]);
    await expectLedgerAgrees();
  });

  it('lists products below their reorder level and batches expiring within the days asked', async () => {
    const low = await newProduct({
      dispensary_product_name: 'Low product',
      dispensary_product_reorder_level: 1000,
    });
    await receiveStock(c, low, 200, { batch_expiry: daysFromToday(20) });
    const alerts = await c<StockAlerts>('dashboard/get_stock_alerts', { days: 30 });
    expect(alerts.data.reorder.map((r) => r.dispensary_product_name)).toContain('Low product');
    const soon = alerts.data.expiring.filter((b) => b.dispensary_product_id === low);
    expect(soon).toMatchObject([{ batch_quantity: 200, batch_expiry: daysFromToday(20) }]);
    const week = await c<StockAlerts>('dashboard/get_stock_alerts', { days: 7 });
    expect(week.data.expiring.some((b) => b.dispensary_product_id === low)).toBe(false);
  });

  it('answers batches past their expiry as expired, never among the expiring (issue 43)', async () => {
    const old = await newProduct({ dispensary_product_name: 'Old stock' });
    const gone = await receiveStock(c, old, 300, { batch_expiry: daysFromToday(-10) });
    const lastDay = await receiveStock(c, old, 100, { batch_expiry: todayIso() });
    const alerts = await c<StockAlerts>('dashboard/get_stock_alerts', { days: 30 });
    const mine = (list: StockAlerts['expiring']) =>
      list.filter((b) => b.dispensary_product_id === old).map((b) => [b.batch_id, b.batch_expired]);
    expect(mine(alerts.data.expired)).toEqual([[gone, true]]);
    // Usable on its expiry day: still expiring, not expired.
    expect(mine(alerts.data.expiring)).toEqual([[lastDay, false]]);
  });
});

describe('stock privileges and companies', () => {
  it('needs the dispensary’s update privilege to move stock, prescriptions/list to trace', async () => {
    const product = await newProduct();
    const batch = await receiveStock(c, product, 100);
    const reader = await addUser(env.server, env.company, {
      privileges: ['dispensary_products/list', 'batches/list'],
    });
    const r = callerFor(env.server, env.company, reader.token);
    for (const [path, payload] of [
      ['stock/receive', { dispensary_product_id: product, batch_name: 'N', quantity: 1 }],
      ['stock/adjust', { batch_id: batch, quantity: 1, reason: 'Found' }],
      ['stock/stock_take', { counts: [{ batch_id: batch, counted: 1 }] }],
      ['stock/write_off_expired', {}],
      ['stock/batch_trace', { batch_id: batch }],
    ] as const) {
      const reply = await r(path, payload);
      expect(reply.status, path).toBe(403);
    }
    const keeper = await addUser(env.server, env.company, {
      privileges: ['dispensary_products/update'],
    });
    const k = callerFor(env.server, env.company, keeper.token);
    const received = await k('stock/receive', {
      dispensary_product_id: product,
      batch_name: 'By keeper',
      quantity: 5,
    });
    expect(received.result).toBe(true);
    expect(await stockOf(product)).toBe(105);
  });

  it('never shows or moves another company’s batches', async () => {
    const other = await newCompany(env.server, 'Other Clinic');
    const o = callerFor(env.server, other, await adminToken(env.server, other));
    const theirProduct = (
      await o<Row>('dispensary_products/insert', { dispensary_product_name: 'Theirs' })
    ).data.dispensary_product_id as number;
    const theirBatch = await receiveStock(o, theirProduct, 100, { batch_name: 'THEIRS-1' });
    const mine = await c<Row[]>('batches/list', { filters: { search: 'THEIRS-1' } });
    expect(mine.data).toEqual([]);
    // Their batch's id may be a row of ours too: use one we surely do not have.
    const notOurs = theirBatch + 10_000;
    for (const [path, payload] of [
      ['stock/adjust', { batch_id: notOurs, quantity: 1, reason: 'x' }],
      ['stock/batch_trace', { batch_id: notOurs }],
      ['stock/stock_take', { counts: [{ batch_id: notOurs, counted: 1 }] }],
    ] as const) {
      const reply = await c(path, payload);
      expect(reply.status, path).toBe(404);
      expect(text(reply)).toBe(`There is no batch with id ${notOurs}.`);
    }
    expect((await o<Row>('batches/get', { batch_id: theirBatch })).data.batch_quantity).toBe(100);
    await expectLedgerAgrees(other);
  });
});
