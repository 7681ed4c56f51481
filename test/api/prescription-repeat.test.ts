/**
 * prescriptions/repeat: a formula, lines included, copied into a new draft for the same patient
 * in one audited transaction; refused without the insert privilege and for another company's
 * prescription (which answers like one that does not exist).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { todayIso } from '../../src/shared/iso-date';
import { toBase } from '../../src/shared/units';
import { newCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let patientId: number;
let sourceId: number;
let reader: Caller;
let adder: Caller;

const lineFields = (lines: Row[]) =>
  lines.map((l) => ({
    product: l.prescription_line_dispensary_product_id,
    herb: l.prescription_line_herb_id,
    quantity: l.prescription_line_quantity,
    price: l.prescription_line_price,
    notes: l.prescription_line_notes,
  }));
const linesOf = async (id: number) =>
  (await c<Row[]>('prescriptions/get_lines', { prescription_id: id })).data;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = (
    await c<Row>('patients/insert', { patient_first_name: 'Fern', patient_last_name: 'Ash' })
  ).data.patient_id as number;
  const herb = (await c<Row>('herbs/insert', { herb_name: 'Chamomile' })).data.herb_id as number;
  const product = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Chamomile tincture',
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 8,
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, product, toBase(1, 'l'));
  // The herb's own product: the herb-only line below is dispensed from it (issue 43).
  const herbProduct = (
    await c<Row>('dispensary_products/insert', {
      dispensary_product_name: 'Chamomile flower tincture 1:5',
      dispensary_product_herb_id: herb,
      dispensary_product_unit_kind: 'volume',
    })
  ).data.dispensary_product_id as number;
  await receiveStock(c, herbProduct, toBase(1, 'l'));
  sourceId = (
    await c<Row>('prescriptions/insert', {
      prescription_patient_id: patientId,
      prescription_date: '2025-01-10',
      prescription_dose_instructions: '5 ml three times a day',
      prescription_daily_dose: 15,
      prescription_days: 14,
    })
  ).data.prescription_id as number;
  const saved = await c('prescriptions/save_lines', {
    prescription_id: sourceId,
    lines: [
      {
        prescription_line_dispensary_product_id: product,
        prescription_line_quantity: 100,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 8,
        prescription_line_notes: 'organic',
      },
      {
        prescription_line_herb_id: herb,
        prescription_line_quantity: 110,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 3.25,
      },
    ],
  });
  expect(saved.messages).toEqual([]);
  const dispensed = await c('prescriptions/dispense', { prescription_id: sourceId });
  expect(dispensed.messages.filter((m) => m.type === 'e')).toEqual([]);
  const userWith = async (privileges: string[]) =>
    callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges })).token,
    );
  reader = await userWith(['prescriptions/list', 'prescriptions/update']);
  adder = await userWith(['prescriptions/list', 'prescriptions/insert']);
});

describe('repeat prescription', () => {
  it('copies a dispensed formula, lines included, into a new draft for the same patient', async () => {
    const before = await linesOf(sourceId);
    const reply = await adder<Row>('prescriptions/repeat', { prescription_id: sourceId });
    expect(reply.messages).toEqual([]);
    const id = reply.data.prescription_id as number;
    expect(id).not.toBe(sourceId);
    const copy = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
    expect(copy).toMatchObject({
      prescription_patient_id: patientId,
      prescription_status: 'draft',
      prescription_date: todayIso(),
      prescription_dose_instructions: '5 ml three times a day',
      prescription_daily_dose: 15,
      prescription_days: 14,
      prescription_total_price: 11.25,
      prescription_name: expect.stringContaining('Ash, Fern') as unknown,
    });
    expect(copy.prescription_user_id).not.toBe(1);
    expect(lineFields(await linesOf(id))).toEqual(lineFields(before));
    // The source is as it was.
    expect(lineFields(await linesOf(sourceId))).toEqual(lineFields(before));
    expect(
      (await c<Row>('prescriptions/get', { prescription_id: sourceId })).data.prescription_status,
    ).toBe('dispensed');
    const audit = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['action', 'before'])
        .where('entity', '=', 'prescriptions')
        .where('entity_id', '=', String(id))
        .execute(),
    );
    expect(audit).toEqual([{ action: 'repeat', before: { prescription_id: sourceId } }]);
  });

  it('lists the patient’s formulas over time, newest first, to a reader', async () => {
    const reply = await reader<Array<{ prescription_id: number; lines: Row[] }>>(
      'prescriptions/get_formulas',
      { prescription_patient_id: patientId },
    );
    expect(reply.messages).toEqual([]);
    const [latest, first] = reply.data;
    expect(first?.prescription_id).toBe(sourceId);
    expect(latest?.prescription_id).toBeGreaterThan(sourceId);
    expect(latest?.lines.map((l) => l.dispensary_product_name ?? l.herb_name)).toEqual([
      'Chamomile tincture',
      // The herb line was dispensed from its herb's product, which the line now names.
      'Chamomile flower tincture 1:5',
    ]);
  });

  it('is refused without the insert privilege', async () => {
    const reply = await reader('prescriptions/repeat', { prescription_id: sourceId });
    expect(reply.status).toBe(403);
  });

  it('answers another company’s prescription like one that does not exist', async () => {
    const other = await newCompany(env.server, 'Other Clinic');
    const outsider = callerFor(env.server, other, await adminToken(env.server, other));
    const refused = await outsider('prescriptions/repeat', { prescription_id: sourceId });
    const missing = await outsider('prescriptions/repeat', { prescription_id: 999_999 });
    expect(refused.status).toBe(404);
    expect(refused.messages).toEqual([
      { type: 'e', text: 'There is no prescription with id ' + String(sourceId) + '.' },
    ]);
    expect(missing.status).toBe(404);
  });
});
