/**
 * Lost updates: every row answers its version; a save that carries the version
 * and value its user saw is refused with a 409 naming who changed the field, only when that field
 * changed since; under concurrent saves exactly one of two wins. Dispensing under races (which
 * already held) is kept here too: stock never goes below zero and a prescription dispenses once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { toBase } from '../../src/shared/units';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let ben: Caller; // the company's first admin
let anna: Caller;
let patientId: number;

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const conflictText = (who: string, label: string) =>
  new RegExp(
    `^${who} changed "${label}" at \\d\\d:\\d\\d UTC, after you opened this record\\. ` +
      'Reload to see it, or save again to overwrite it\\.$',
  );
const getPatient = async () => (await ben<Row>('patients/get', { patient_id: patientId })).data;

beforeAll(async () => {
  ben = callerFor(env.server, env.company, env.admin);
  const second = await addUser(env.server, env.company, { groupIds: [1] });
  anna = callerFor(env.server, env.company, second.token);
  for (const [id, first, last] of [
    [1, 'Ben', 'Jones'],
    [second.userId, 'Anna', 'Smith'],
  ] as const) {
    await ben('users/update', { user_id: id, field: 'user_first_name', value: first });
    await ben('users/update', { user_id: id, field: 'user_last_name', value: last });
  }
  patientId = (
    await ben<Row>('patients/insert', { patient_first_name: 'Rose', patient_last_name: 'Hill' })
  ).data.patient_id as number;
});

describe('row versions', () => {
  it('are answered by insert, get, list and update, and grow with each change', async () => {
    const inserted = (await ben<Row>('herbs/insert', { herb_name: 'Sage' })).data;
    expect(inserted._version).toBe(1);
    const id = inserted.herb_id;
    const updated = await ben<{ entity: Row }>('herbs/update', {
      herb_id: id,
      field: 'herb_name',
      value: 'Sage, common',
    });
    expect(updated.data.entity._version).toBe(2);
    expect((await ben<Row>('herbs/get', { herb_id: id })).data._version).toBe(2);
    const listed = await ben<Row[]>('herbs/list', { filters: { search: '=Sage, common' } });
    expect(listed.data.map((row) => row._version)).toEqual([2]);
  });
});

describe('lost updates', () => {
  it('lets exactly one of two concurrent saves of the same field win, 30 times of 30', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 30; round++) {
      const seen = await getPatient();
      const save = (who: Caller, value: string) =>
        who<{ entity: Row }>('patients/update', {
          patient_id: patientId,
          field: 'patient_notes',
          value,
          _version: seen._version,
          _seen: seen.patient_notes,
        });
      const [a, b] = await Promise.all([save(anna, `Anna ${round}`), save(ben, `Ben ${round}`)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const [winner, loser, winnerName] =
        a.status === 200 ? [a, b, 'Anna Smith'] : [b, a, 'Ben Jones'];
      expect(text(loser)).toMatch(conflictText(winnerName, 'Notes'));
      expect(loser.result).toBe(false);
      const stored = await getPatient();
      expect(stored.patient_notes).toBe(winner.data.entity.patient_notes);
      outcomes.push(winnerName);
    }
    expect(outcomes).toHaveLength(30);
  });

  it('refuses a save from a stale screen, answers the current row, and overwrites when asked', async () => {
    await ben('patients/update', { patient_id: patientId, field: 'patient_notes', value: 'First' });
    const opened = await getPatient(); // Anna opens the record
    await ben('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Allergic to ragweed',
      _version: opened._version,
      _seen: 'First',
    });
    const stale = await anna<{ conflict: Row; entity: Row }>('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Sleeps badly',
      _version: opened._version,
      _seen: opened.patient_notes,
    });
    expect(stale.status).toBe(409);
    expect(text(stale)).toMatch(conflictText('Ben Jones', 'Notes'));
    expect(stale.data.conflict).toMatchObject({ field: 'patient_notes', changed_by: 'Ben Jones' });
    expect(stale.data.entity).toMatchObject({ patient_notes: 'Allergic to ragweed' });
    expect((await getPatient()).patient_notes).toBe('Allergic to ragweed');

    const overwrite = await anna<{ entity: Row }>('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Sleeps badly',
      _version: stale.data.entity._version,
      _seen: stale.data.entity.patient_notes,
    });
    expect(overwrite.status).toBe(200);
    expect((await getPatient()).patient_notes).toBe('Sleeps badly');
  });

  it('accepts a colleague editing another field, and answers both changes', async () => {
    const opened = await getPatient();
    await ben('patients/update', { patient_id: patientId, field: 'patient_phone', value: '0123' });
    const saved = await anna<{ entity: Row }>('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Both kept',
      _version: opened._version,
      _seen: opened.patient_notes,
    });
    expect(saved.status).toBe(200);
    expect(saved.data.entity).toMatchObject({ patient_phone: '0123', patient_notes: 'Both kept' });
    expect(saved.data.entity._version).toBe((opened._version as number) + 2);
  });

  it('counts any change as a conflict when only the version is sent; the bare call still saves', async () => {
    const opened = await getPatient();
    await ben('patients/update', { patient_id: patientId, field: 'patient_phone', value: '0456' });
    const versionOnly = await anna('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Version only',
      _version: opened._version,
    });
    expect(versionOnly.status).toBe(409);
    const bare = await anna('patients/update', {
      patient_id: patientId,
      field: 'patient_notes',
      value: 'Bare',
    });
    expect(bare.status).toBe(200);
    expect((await getPatient()).patient_notes).toBe('Bare');
  });
});

describe('stock', () => {
  let herbId: number;
  beforeAll(async () => {
    herbId = (await ben<Row>('herbs/insert', { herb_name: 'Valerian' })).data.herb_id as number;
  });
  const newProduct = async (stock: number) => {
    const id = (
      await ben<Row>('dispensary_products/insert', {
        dispensary_product_name: `Valerian tincture ${stock}`,
        dispensary_product_herb_id: herbId,
        dispensary_product_unit_kind: 'volume',
      })
    ).data.dispensary_product_id as number;
    await receiveStock(ben, id, stock);
    return (await ben<Row>('dispensary_products/get', { dispensary_product_id: id })).data;
  };
  const stockOf = async (id: unknown) =>
    (await ben<Row>('dispensary_products/get', { dispensary_product_id: id })).data
      .dispensary_product_stock;
  const prescribing = async (product: unknown, quantity: number) => {
    const id = (await ben<Row>('prescriptions/insert', { prescription_patient_id: patientId })).data
      .prescription_id;
    await ben('prescriptions/save_lines', {
      prescription_id: id,
      lines: [
        {
          prescription_line_dispensary_product_id: product,
          prescription_line_quantity: quantity,
          prescription_line_unit_kind: 'volume',
          prescription_line_price: 0,
        },
      ],
    });
    return id;
  };

  it('refuses a stock figure from any screen, and a dispense since is no conflict for the price', async () => {
    const product = await newProduct(toBase(1, 'l'));
    const prescription = await prescribing(product.dispensary_product_id, toBase(100, 'ml'));
    expect((await anna('prescriptions/dispense', { prescription_id: prescription })).status).toBe(
      200,
    );
    const stale = await ben('dispensary_products/update', {
      dispensary_product_id: product.dispensary_product_id,
      field: 'dispensary_product_stock',
      value: toBase(1.2, 'l'),
      _version: product._version,
      _seen: product.dispensary_product_stock,
    });
    expect(stale.status).toBe(400);
    expect(text(stale)).toBe('"dispensary_product_stock" can not be changed here.');
    const price = await ben('dispensary_products/update', {
      dispensary_product_id: product.dispensary_product_id,
      field: 'dispensary_product_price',
      value: 12,
      _version: product._version,
      _seen: product.dispensary_product_price,
    });
    expect(price.status).toBe(200);
    expect(await stockOf(product.dispensary_product_id)).toBe(toBase(900, 'ml'));
  });

  it('dispenses prescriptions taking the same products in opposite orders, 10 pairs of 10', async () => {
    const [a, b] = [await newProduct(toBase(10, 'l')), await newProduct(toBase(10, 'l'))];
    const twoLines = async (first: unknown, second: unknown) => {
      const id = (await ben<Row>('prescriptions/insert', { prescription_patient_id: patientId }))
        .data.prescription_id;
      const line = (product: unknown) => ({
        prescription_line_dispensary_product_id: product,
        prescription_line_quantity: toBase(10, 'ml'),
        prescription_line_unit_kind: 'volume',
      });
      await ben('prescriptions/save_lines', {
        prescription_id: id,
        lines: [line(first), line(second)],
      });
      return id;
    };
    const ids = [a.dispensary_product_id, b.dispensary_product_id];
    const statuses: number[] = [];
    for (let pair = 0; pair < 10; pair += 1) {
      const forward = await twoLines(ids[0], ids[1]);
      const backward = await twoLines(ids[1], ids[0]);
      // Both products are made from one herb, which warns (the same herb twice): a reason is given.
      const reason = 'Two tinctures of one herb, as intended';
      const replies = await Promise.all([
        anna('prescriptions/dispense', { prescription_id: forward, reason }),
        ben('prescriptions/dispense', { prescription_id: backward, reason }),
      ]);
      statuses.push(...replies.map((r) => r.status));
    }
    // Stock rows are taken in one order whatever the lines' order, so neither waits on the other.
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await stockOf(ids[0])).toBe(toBase(10, 'l') - toBase(200, 'ml'));
  });

  it('dispenses under races without going below zero, and each prescription once', async () => {
    const product = await newProduct(toBase(1, 'l'));
    const id = product.dispensary_product_id;
    const first = await prescribing(id, toBase(600, 'ml'));
    const second = await prescribing(id, toBase(600, 'ml'));
    const both = await Promise.all([
      anna('prescriptions/dispense', { prescription_id: first }),
      ben('prescriptions/dispense', { prescription_id: second }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    // Refused by the dispense's check (naming the line) or, when the two overlap, by the stock
    // ledger under its lock: either says the stock is short.
    expect(text(both.find((r) => r.status === 400) as never)).toMatch(/Not enough .+ in stock: /);
    expect(await stockOf(id)).toBe(toBase(400, 'ml'));

    const third = await prescribing(id, toBase(100, 'ml'));
    const twice = await Promise.all([
      anna('prescriptions/dispense', { prescription_id: third }),
      ben('prescriptions/dispense', { prescription_id: third }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(text(twice.find((r) => r.status === 400) as never)).toBe(
      'A dispensed prescription can not be changed.',
    );
    expect(await stockOf(id)).toBe(toBase(300, 'ml'));
  });
});
