/** `dashboard/get_stats`: right figures, only those the user may list, one company's only. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../src/shared/dashboard';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Dashboard Clinic', admin: true });

let other: TestCompany;
let c: Caller;

/** `YYYY-MM` of the month `back` months before this one, and a day inside it. */
function monthBack(back: number): { month: string; day: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const month = first.toISOString().slice(0, 7);
  return { month, day: `${month}-10` };
}

const stats = (token = c) => token<DashboardStats>('dashboard/get_stats');
const countIn = (rows: DashboardStats['new_patients'], back: number) =>
  rows?.find((r) => r.month === monthBack(back).month)?.count;

beforeAll(async () => {
  other = await newCompany(env.server, 'Other Clinic');
  c = callerFor(env.server, env.company, env.admin);

  const patients: number[] = [];
  for (const name of ['Ann', 'Ben', 'Cat']) {
    const reply = await c<Row>('patients/insert', {
      patient_first_name: name,
      patient_last_name: 'Dash',
    });
    patients.push(reply.data.patient_id as number);
  }
  // One of them was added two months ago.
  await inTenant(env.server.database.db, env.company.companyId, (trx) =>
    sql`update patients set patient_created_at = ${monthBack(2).day}::date
      where company_id = ${env.company.companyId} and patient_id = ${patients[0]}`.execute(trx),
  );
  for (const back of [0, 0, 3, 13]) {
    await c('prescriptions/insert', {
      prescription_patient_id: patients[1],
      prescription_date: monthBack(back).day,
    });
  }
  const product = async (name: string, stock: number, reorder: number) => {
    const id = (
      await c<Row>('dispensary_products/insert', {
        dispensary_product_name: name,
        dispensary_product_reorder_level: reorder,
      })
    ).data.dispensary_product_id as number;
    await receiveStock(c, id, stock);
  };
  await product('Low tincture', 100, 1000);
  await product('Half tincture', 500, 1000);
  await product('Full tincture', 3000, 1000);
  await product('Unwatched tincture', 5, 0);

  // The other clinic has records of its own, which must never show here.
  const o = callerFor(env.server, other, await adminToken(env.server, other));
  const stranger = await o<Row>('patients/insert', {
    patient_first_name: 'Zed',
    patient_last_name: 'Elsewhere',
  });
  await o('prescriptions/insert', { prescription_patient_id: stranger.data.patient_id });
  const theirs = await o<Row>('dispensary_products/insert', {
    dispensary_product_name: 'Their tincture',
    dispensary_product_reorder_level: 1000,
  });
  await receiveStock(o, theirs.data.dispensary_product_id as number, 1);
});

describe('dashboard/get_stats', () => {
  it('counts the records and spreads them over the last twelve months', async () => {
    const reply = await stats();
    expect(reply.result).toBe(true);
    const data = reply.data;
    expect(data.counts).toMatchObject({ patients: 3, prescriptions: 4, dispensary_products: 4 });
    expect(data.new_patients).toHaveLength(12);
    expect(data.new_patients?.at(-1)?.month).toBe(monthBack(0).month);
    expect(data.new_patients?.[0]?.month).toBe(monthBack(11).month);
    expect(countIn(data.new_patients, 0)).toBe(2);
    expect(countIn(data.new_patients, 2)).toBe(1);
    expect(data.new_patients?.reduce((sum, m) => sum + m.count, 0)).toBe(3);
    // The prescription of 13 months ago is outside the window.
    expect(countIn(data.prescriptions, 0)).toBe(2);
    expect(countIn(data.prescriptions, 3)).toBe(1);
    expect(data.prescriptions?.reduce((sum, m) => sum + m.count, 0)).toBe(3);
  });

  it('lists the products with a reorder level, lowest against it first', async () => {
    const { data } = await stats();
    expect(data.stock_levels?.map((p) => p.dispensary_product_name)).toEqual([
      'Low tincture',
      'Half tincture',
      'Full tincture',
    ]);
    expect(data.stock_levels?.[0]).toMatchObject({
      dispensary_product_stock: 100,
      dispensary_product_reorder_level: 1000,
      dispensary_product_unit_kind: 'volume',
    });
    expect(data.low_stock_count).toBe(2);
  });

  it('gives a user only the figures of the records they may list', async () => {
    const herbalist = await addUser(env.server, env.company, { privileges: ['herbs/list'] });
    const mine = await call<DashboardStats>(
      env.server,
      env.company,
      'dashboard/get_stats',
      {},
      herbalist.token,
    );
    expect(mine.result).toBe(true);
    expect(mine.data).toEqual({
      counts: { herbs: 0 },
      new_patients: null,
      prescriptions: null,
      stock_levels: null,
      low_stock_count: null,
    });

    const receptionist = await addUser(env.server, env.company, { privileges: ['patients/*'] });
    const theirs = await call<DashboardStats>(
      env.server,
      env.company,
      'dashboard/get_stats',
      {},
      receptionist.token,
    );
    expect(theirs.data.counts).toEqual({ patients: 3 });
    expect(theirs.data.new_patients).toHaveLength(12);
    expect(theirs.data.prescriptions).toBeNull();
    expect(theirs.data.stock_levels).toBeNull();
  });

  it('leaves out the figures of a disabled module', async () => {
    const setEnabled = (enabled: number) =>
      inTenant(env.server.database.db, env.company.companyId, (trx) =>
        trx
          .updateTable('modules')
          .set({ module_enabled: enabled })
          .where('company_id', '=', env.company.companyId)
          .where('module_name', '=', 'prescriptions')
          .execute(),
      );
    await setEnabled(0);
    try {
      const { data } = await stats();
      expect(data.prescriptions).toBeNull();
      expect(data.counts.prescriptions).toBeUndefined();
      expect(data.counts.patients).toBe(3);
    } finally {
      await setEnabled(1);
    }
  });

  it('needs a logged-in user and takes no input', async () => {
    const anonymous = await call(env.server, env.company, 'dashboard/get_stats', {});
    expect(anonymous.result).toBe(false);
    expect(anonymous.authentication_failed).toBe(true);
    const extra = await c('dashboard/get_stats', { company_id: other.companyId });
    expect(extra.result).toBe(false);
    expect(extra.messages[0]?.text).toMatch(/company_id/);
  });

  it('shows each company only its own records', async () => {
    const o = callerFor(env.server, other, await adminToken(env.server, other));
    const { data } = await o<DashboardStats>('dashboard/get_stats');
    expect(data.counts).toMatchObject({ patients: 1, prescriptions: 1, dispensary_products: 1 });
    expect(data.stock_levels?.map((p) => p.dispensary_product_name)).toEqual(['Their tincture']);
    expect(data.low_stock_count).toBe(1);
  });
});
