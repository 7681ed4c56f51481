/** Prescriptions: defaults, lines in base units with their total, dispensing from stock. */
import { beforeAll, describe, expect, it } from 'vitest';
import { toBase } from '../../src/shared/units';
import { useTestServer } from '../support/test-env';
import { moduleIdsOf } from '../support/module-ids';
import { addUser, adminToken } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let patientId: number;
let tincture: number;
let powder: number;
let herbId: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = (
    await c<Row>('patients/insert', { patient_first_name: 'Rose', patient_last_name: 'Hill' })
  ).data.patient_id as number;
  herbId = (await c<Row>('herbs/insert', { herb_name: 'Valerian' })).data.herb_id as number;
  tincture = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Valerian tincture',
      dispensary_product_herb_id: herbId,
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 9,
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, tincture, toBase(1, 'l'));
  powder = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Valerian powder',
      dispensary_product_form: 'powder',
      dispensary_product_unit_kind: 'weight',
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, powder, toBase(50, 'g'));
});

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const newPrescription = async (values: Row = {}) =>
  (await c<Row>('prescriptions/insert', { prescription_patient_id: patientId, ...values })).data;
const line = (product: number, quantity: number, unit: 'weight' | 'volume', price = 0) => ({
  prescription_line_dispensary_product_id: product,
  prescription_line_quantity: quantity,
  prescription_line_unit_kind: unit,
  prescription_line_price: price,
});
const stockOf = async (id: number) =>
  (await c<Row>('dispensary_products/get', { dispensary_product_id: id })).data
    .dispensary_product_stock;

describe('prescriptions', () => {
  it('is written by the current user, titled after the patient and date, and starts as a draft', async () => {
    const p = await newPrescription({ prescription_date: '2025-03-04' });
    expect(p).toMatchObject({
      prescription_name: 'Hill, Rose, 04/03/2025',
      prescription_user_id: 1,
      prescription_status: 'draft',
      prescription_total_price: 0,
      prescription_patient_id_label: 'Hill, Rose',
    });
    expect(
      text(
        await c('prescriptions/update', {
          prescription_id: p.prescription_id,
          field: 'prescription_status',
          value: 'dispensed',
        }),
      ),
    ).toBe('"prescription_status" can not be changed here.');
  });

  it('saves lines as a whole, in base units, and sets the total', async () => {
    const id = (await newPrescription()).prescription_id;
    const saved = await c<{ entity: Row; lines: Row[] }>('prescriptions/save_lines', {
      prescription_id: id,
      lines: [
        line(tincture, 60, 'volume', 5.4),
        {
          prescription_line_herb_id: herbId,
          prescription_line_quantity: toBase(2, 'g'),
          prescription_line_unit_kind: 'weight',
          prescription_line_price: 1.1,
        },
      ],
    });
    expect(saved.messages).toEqual([]);
    expect(saved.data.entity.prescription_total_price).toBe(6.5);
    expect(
      saved.data.lines.map((l) => [
        l.dispensary_product_name ?? l.herb_name,
        l.prescription_line_quantity,
      ]),
    ).toEqual([
      ['Valerian tincture', 60],
      ['Valerian', 2000],
    ]);
    await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(tincture, 30, 'volume', 2.7)],
    });
    const lines = await c<Row[]>('prescriptions/get_lines', { prescription_id: id });
    expect(lines.data).toHaveLength(1);
    expect(
      (await c<Row>('prescriptions/get', { prescription_id: id })).data.prescription_total_price,
    ).toBe(2.7);
  });

  it('refuses bad lines by name and keeps the old ones', async () => {
    const id = (await newPrescription()).prescription_id;
    await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(tincture, 10, 'volume')],
    });
    const negative = await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(tincture, -5, 'volume')],
    });
    expect(text(negative)).toBe('"lines.0.prescription_line_quantity": Must not be negative.');
    const empty = await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [{ prescription_line_quantity: 5 }],
    });
    expect(text(empty)).toBe(
      '"lines.0.prescription_line_herb_id": A line needs a herb or a dispensary product.',
    );
    const mismatch = await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(powder, 5, 'volume')],
    });
    expect(text(mismatch)).toBe(
      '"lines.0.prescription_line_unit_kind": Must be weight, as the product is measured by weight.',
    );
    const missing = await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(4242, 5, 'volume')],
    });
    expect(missing.status).toBe(400);
    expect(
      (await c<Row[]>('prescriptions/get_lines', { prescription_id: id })).data.map(
        (l) => l.prescription_line_quantity,
      ),
    ).toEqual([10]);
  });

  it('dispenses from stock, all lines or none, and then stays as it was', async () => {
    const id = (await newPrescription()).prescription_id;
    await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(tincture, 100, 'volume'), line(powder, toBase(10, 'g'), 'weight')],
    });
    const [tinctureBefore, powderBefore] = [await stockOf(tincture), await stockOf(powder)];
    const done = await c<{ entity: Row }>('prescriptions/dispense', { prescription_id: id });
    expect(done.data.entity.prescription_status).toBe('dispensed');
    expect(await stockOf(tincture)).toBe((tinctureBefore as number) - 100);
    expect(await stockOf(powder)).toBe((powderBefore as number) - 10_000);
    expect(text(await c('prescriptions/save_lines', { prescription_id: id, lines: [] }))).toBe(
      'A dispensed prescription can not be changed.',
    );
    expect(text(await c('prescriptions/dispense', { prescription_id: id }))).toBe(
      'A dispensed prescription can not be changed.',
    );

    const greedy = (await newPrescription()).prescription_id;
    await c('prescriptions/save_lines', {
      prescription_id: greedy,
      lines: [line(tincture, 10, 'volume'), line(powder, toBase(1, 'kg'), 'weight')],
    });
    const refused = await c('prescriptions/dispense', { prescription_id: greedy });
    // The dispense names the line it can not take (issue 43: every dispensed line is real).
    expect(text(refused)).toBe(
      'This formula can not be dispensed. Line 2: Not enough Valerian powder in stock: 40 g usable, 1000 g needed.',
    );
    expect(await stockOf(tincture)).toBe((tinctureBefore as number) - 100);
    expect(
      (await c<Row>('prescriptions/get', { prescription_id: greedy })).data.prescription_status,
    ).toBe('draft');
  });

  it('needs the dispense privilege to dispense, and update to save lines', async () => {
    const id = (await newPrescription()).prescription_id;
    const editor = callerFor(
      env.server,
      env.company,
      (
        await addUser(env.server, env.company, {
          privileges: ['prescriptions/list', 'prescriptions/update'],
        })
      ).token,
    );
    expect(
      (
        await editor('prescriptions/save_lines', {
          prescription_id: id,
          lines: [line(tincture, 5, 'volume')],
        })
      ).status,
    ).toBe(200);
    expect((await editor('prescriptions/dispense', { prescription_id: id })).status).toBe(403);
    const reader = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['prescriptions/list'] })).token,
    );
    expect((await reader('prescriptions/get_lines', { prescription_id: id })).status).toBe(200);
    expect(
      (await reader('prescriptions/save_lines', { prescription_id: id, lines: [] })).status,
    ).toBe(403);
  });
});

describe('prescription totals, locks and units', () => {
  const setting = async (
    kind: 'update_settings' | 'update_public_settings',
    field: string,
    value: unknown,
  ) => {
    const ids = await moduleIdsOf(
      env.server,
      env.company,
      await adminToken(env.server, env.company),
    );
    const reply = await c(`modules/${kind}`, { module_id: ids.materia, field, value });
    expect(reply.messages.filter((m) => m.type === 'e')).toEqual([]);
  };
  const withCurrency = async (code: string, run: () => Promise<void>) => {
    await setting('update_settings', 'currency', code);
    try {
      await run();
    } finally {
      await setting('update_settings', 'currency', 'GBP');
    }
  };
  const totalOf = async (prices: number[]) => {
    const id = (await newPrescription()).prescription_id;
    const saved = await c<{ entity: Row }>('prescriptions/save_lines', {
      prescription_id: id,
      lines: prices.map((price) => line(tincture, 10, 'volume', price)),
    });
    expect(saved.messages).toEqual([]);
    return saved.data.entity.prescription_total_price;
  };

  it("stores the total rounded to the currency's decimals and rounding step", async () => {
    expect(await totalOf([0.1, 0.2, 1.004])).toBe(1.3);
    await withCurrency('CHF', async () => {
      expect(await totalOf([1.02, 0.01])).toBe(1.05);
      expect(await totalOf([1.01, 0.01])).toBe(1);
    });
    await withCurrency('JPY', async () => {
      expect(await totalOf([120.4, 30.3])).toBe(151);
    });
  });

  it('keeps the daily dose in the base unit and refuses a negative one', async () => {
    const id = (await newPrescription()).prescription_id;
    const reply = await c<{ entity: Row }>('prescriptions/update', {
      prescription_id: id,
      field: 'prescription_daily_dose',
      value: 15,
    });
    expect(reply.data.entity).toMatchObject({
      prescription_daily_dose: 15,
      prescription_unit_kind: 'volume',
    });
    expect(
      text(
        await c('prescriptions/update', {
          prescription_id: id,
          field: 'prescription_daily_dose',
          value: -1,
        }),
      ),
    ).toBe('Dose per day: Must not be negative.');
  });

  it('refuses stock below zero in company units, naming the product, and changes nothing', async () => {
    const id = (await newPrescription()).prescription_id;
    const stock = (await stockOf(tincture)) as number;
    await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(powder, toBase(1, 'g'), 'weight'), line(tincture, stock + 100, 'volume')],
    });
    const powderBefore = await stockOf(powder);
    await setting('update_public_settings', 'units_imperial', 1);
    try {
      const refused = await c('prescriptions/dispense', { prescription_id: id });
      expect(refused.status).toBe(400);
      expect(text(refused)).toMatch(
        /^This formula can not be dispensed\. Line 2: Not enough Valerian tincture in stock: [\d.]+ (fl oz|pt|gal) usable, [\d.]+ \1 needed\.$/,
      );
    } finally {
      await setting('update_public_settings', 'units_imperial', 0);
    }
    expect(await stockOf(powder)).toBe(powderBefore);
    expect(await stockOf(tincture)).toBe(stock);
    const row = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
    expect(row.prescription_status).toBe('draft');
  });

  it('keeps a dispensed prescription as it was: no edits, no deletion', async () => {
    const id = (await newPrescription()).prescription_id;
    await c('prescriptions/save_lines', {
      prescription_id: id,
      lines: [line(tincture, 1, 'volume', 1)],
    });
    expect((await c('prescriptions/dispense', { prescription_id: id })).status).toBe(200);
    const edit = await c('prescriptions/update', {
      prescription_id: id,
      field: 'prescription_notes',
      value: 'changed',
    });
    expect(text(edit)).toBe('A dispensed prescription can not be changed.');
    const removal = await c('prescriptions/delete', { selected: [id] });
    expect(text(removal)).toBe('A dispensed prescription can not be changed.');
    const row = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
    expect(row).toMatchObject({ prescription_notes: '', prescription_status: 'dispensed' });
  });
});

describe('patient letters', () => {
  it('appends snippets with their merge fields kept for printing, and links them', async () => {
    const greeting = (
      await c<Row>('snippets/insert', {
        snippet_name: 'Hello',
        snippet_body: '<p>Dear {patient.first_name} {patient.last_name},</p>',
      })
    ).data.snippet_id;
    const closing = (
      await c<Row>('snippets/insert', {
        snippet_name: 'Bye',
        snippet_body: '<p>{user.first_name}, {company.name}, {today}</p>',
      })
    ).data.snippet_id;
    const letter = (
      await c<Row>('patientletters/insert', {
        patientletter_name: 'Hello',
        patientletter_patient_id: patientId,
        patientletter_date: '2025-02-01',
      })
    ).data;
    expect(letter.patientletter_user_id).toBe(1);
    const reply = await c<{ entity: Row }>('patientletters/insert_snippets', {
      patientletter_id: letter.patientletter_id,
      snippet_ids: [greeting, closing],
    });
    expect(reply.data.entity.patientletter_body).toBe(
      '<p>Dear {patient.first_name} {patient.last_name},</p>\n<p>{user.first_name}, {company.name}, {today}</p>',
    );
    expect(reply.data.entity._relations).toEqual({ snippets: [greeting, closing] });
    const missing = await c('patientletters/insert_snippets', {
      patientletter_id: letter.patientletter_id,
      snippet_ids: [4242],
    });
    expect(missing.status).toBe(404);
    expect(
      (await c<Row>('patientletters/get', { patientletter_id: letter.patientletter_id })).data
        .patientletter_body,
    ).toBe(reply.data.entity.patientletter_body);
  });
});
