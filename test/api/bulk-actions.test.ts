/**
 * Bulk actions on the chosen rows or on all that match (`{entities}/bulk_count`, `bulk_delete`,
 * `bulk_update`, `bulk_link`): the matching set is the list's own, the confirmed count must still
 * hold, one transaction (all or nothing, refusals naming their rows), each row under the entity's
 * own rules with its own audit entry, the set's privileges, never another company's rows, a cap.
 */
import { randomBytes } from 'node:crypto';
import { inject, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { bulkLimitText, bulkMismatchText } from '../../src/shared/bulk';
import { BULK_LIMIT } from '../../src/shared/limits';
import { newCompany } from '../support/api';
import { loadPatients } from '../support/bulk-patients';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, receiveStock, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Bulk Clinic', admin: true });

let c: Caller;

beforeAll(() => {
  c = callerFor(env.server, env.company, env.admin);
});

/** Patients named `<first> <tag>`, in the given cities; their ids. */
async function patientsIn(tag: string, cities: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, city] of cities.entries()) {
    const reply = await c<Row>('patients/insert', {
      patient_first_name: `P${i}`,
      patient_last_name: tag,
      patient_dob: '1970-01-01',
      patient_city: city,
    });
    expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
    ids.push(reply.data.patient_id as number);
  }
  return ids;
}

const newTag = () => `Bulk${randomBytes(3).toString('hex')}`;
const messageOf = (reply: { messages: { text: string }[] }) => reply.messages[0]?.text;

async function listed(filters: Row): Promise<Row[]> {
  return (await c<Row[]>('patients/list', { filters, limit: 100 })).data;
}

async function auditOf(action: string, ids: number[]) {
  return inTenant(env.server.database.db, env.company.companyId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['entity_id'])
      .where('entity', '=', 'patients')
      .where('action', '=', action)
      .where(
        'entity_id',
        'in',
        ids.map((id) => String(id)),
      )
      .execute(),
  );
}

describe('all that match', () => {
  it('changes exactly the rows the list shows for its filters and search, one audit entry each', async () => {
    const tag = newTag();
    const ids = await patientsIn(tag, ['York', 'York', 'Leeds', 'York']);
    const matching = { filters: { search: tag.toLowerCase(), patient_city: '=York' } };
    const shown = (await listed(matching.filters)).map((row) => row.patient_id);
    expect(shown).toHaveLength(3);
    const count = await c<{ count: number; limit: number }>('patients/bulk_count', matching);
    expect(count.data).toEqual({ count: 3, limit: BULK_LIMIT });

    const reply = await c('patients/bulk_update', {
      matching,
      expected_count: 3,
      field: 'patient_dob',
      value: '1980-03-02',
    });
    expect(reply.result, JSON.stringify(reply.messages)).toBe(true);
    expect(reply.data).toEqual({ count: 3 });
    const changed = (await listed({ search: tag.toLowerCase(), patient_dob: '1980-03-02' })).map(
      (row) => row.patient_id,
    );
    expect(changed.sort()).toEqual([...shown].sort());
    expect((await listed({ search: tag.toLowerCase(), patient_city: '=Leeds' }))[0]).toMatchObject({
      patient_id: ids[2],
      patient_dob: '1970-01-01',
    });
    const audited = (await auditOf('update', ids)).map((row) => Number(row.entity_id));
    expect(audited.sort()).toEqual([...shown].sort());
  });

  it('refuses when the set is no longer the size the user confirmed, changing nothing', async () => {
    const tag = newTag();
    await patientsIn(tag, ['York', 'York']);
    const matching = { filters: { search: tag.toLowerCase() } };
    await patientsIn(tag, ['Hull']); // a colleague adds one meanwhile
    const reply = await c('patients/bulk_delete', { matching, expected_count: 2 });
    expect(reply.status).toBe(409);
    expect(messageOf(reply)).toBe(bulkMismatchText(3, 2, 'Patients'));
    expect(await listed(matching.filters)).toHaveLength(3);
  });

  it('deletes all or nothing: a patient with a prescription stops the whole delete and is named', async () => {
    const tag = newTag();
    const ids = await patientsIn(tag, ['York', 'York', 'York']);
    const prescription = await c('prescriptions/insert', { prescription_patient_id: ids[1] });
    expect(prescription.result, JSON.stringify(prescription.messages)).toBe(true);
    const matching = { filters: { search: tag.toLowerCase() } };

    const refused = await c('patients/bulk_delete', { matching, expected_count: 3 });
    expect(refused.result).toBe(false);
    expect(messageOf(refused)).toMatch(
      new RegExp(`^Nothing was changed: "${tag}, P1": This patient is still used by`),
    );
    expect(await listed(matching.filters)).toHaveLength(3);
    expect(await auditOf('delete', ids)).toEqual([]);

    const chosen = { selected: [ids[0], ids[2]], expected_count: 2 };
    const deleted = await c('patients/bulk_delete', chosen);
    expect(deleted.data).toEqual({ count: 2 });
    expect((await listed(matching.filters)).map((row) => row.patient_id)).toEqual([ids[1]]);
    expect((await auditOf('delete', ids)).map((row) => Number(row.entity_id)).sort()).toEqual(
      [ids[0], ids[2]].sort(),
    );
  });

  it("checks the value by the field's own rules, once, before any row", async () => {
    const tag = newTag();
    await patientsIn(tag, ['York', 'York']);
    const matching = { filters: { search: tag.toLowerCase() } };
    const reply = await c('patients/bulk_update', {
      matching,
      expected_count: 2,
      field: 'patient_dob',
      value: '2023-02-30',
    });
    expect(reply.status).toBe(400);
    expect(messageOf(reply)).toBe('Date of birth: Must be a real date in the form YYYY-MM-DD.');
    const readOnly = await c('patients/bulk_update', {
      matching,
      expected_count: 2,
      field: 'patient_id',
      value: 5,
    });
    expect(readOnly.result).toBe(false);
    expect((await listed(matching.filters)).map((row) => row.patient_dob)).toEqual([
      '1970-01-01',
      '1970-01-01',
    ]);
  });

  it('changes no prescription when one of them is dispensed (locked), and names it', async () => {
    const tag = newTag();
    const [patient] = await patientsIn(tag, ['York']);
    const herb = (await c<Row>('herbs/insert', { herb_name: `Herb ${tag}` })).data.herb_id;
    const product = (
      await c<Row>('dispensary_products/insert', {
        dispensary_product_name: `Tincture ${tag}`,
        dispensary_product_herb_id: herb,
        dispensary_product_unit_kind: 'volume',
      })
    ).data.dispensary_product_id as number;
    await receiveStock(c, product, 1_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await c<Row>('prescriptions/insert', { prescription_patient_id: patient })).data
        .prescription_id as number;
      ids.push(id);
    }
    await c('prescriptions/save_lines', {
      prescription_id: ids[1],
      lines: [
        {
          prescription_line_dispensary_product_id: product,
          prescription_line_quantity: 10,
          prescription_line_unit_kind: 'volume',
          prescription_line_price: 1,
        },
      ],
    });
    expect((await c('prescriptions/dispense', { prescription_id: ids[1] })).status).toBe(200);
    const reply = await c('prescriptions/bulk_update', {
      selected: ids,
      expected_count: 3,
      field: 'prescription_notes',
      value: 'Bulk note',
    });
    expect(reply.status).toBe(400);
    expect(messageOf(reply)).toMatch(
      /^Nothing was changed: ".+": A dispensed prescription can not be changed\.$/,
    );
    for (const id of ids) {
      const row = (await c<Row>('prescriptions/get', { prescription_id: id })).data;
      expect(row.prescription_notes ?? null).not.toBe('Bulk note');
    }
  });

  it('adds every matching row to a relation, and removes them again', async () => {
    const tag = newTag();
    const ids = await patientsIn(tag, ['York', 'York']);
    const condition = await c<Row>('conditions/insert', { condition_name: `Cond ${tag}` });
    expect(condition.result, JSON.stringify(condition.messages)).toBe(true);
    const conditionId = condition.data.condition_id as number;
    const matching = { filters: { search: tag.toLowerCase() } };
    const linked = async () =>
      Promise.all(
        ids.map(
          async (id) =>
            (
              await c<number[]>('patients/get_relation_ids', {
                patient_id: id,
                relation_name: 'conditions',
              })
            ).data,
        ),
      );
    const link = (change: string) =>
      c('patients/bulk_link', {
        matching,
        expected_count: 2,
        relation_name: 'conditions',
        change,
        relation_id: conditionId,
      });
    expect((await link('add')).data).toEqual({ count: 2 });
    expect(await linked()).toEqual([[conditionId], [conditionId]]);
    expect(await auditOf('add_conditions', ids)).toHaveLength(2);
    expect((await link('remove')).data).toEqual({ count: 2 });
    expect(await linked()).toEqual([[], []]);
  });
});

describe('who may, and which rows', () => {
  it('refuses a user who may only read patients, and one without delete rights a delete', async () => {
    const tag = newTag();
    const ids = await patientsIn(tag, ['York']);
    const matching = { filters: { search: tag.toLowerCase() } };
    const reader = await addUser(env.server, env.company, { privileges: ['patients/list'] });
    const editor = await addUser(env.server, env.company, {
      privileges: ['patients/list', 'patients/update'],
    });
    const as = (token: typeof reader.token) => callerFor(env.server, env.company, token);
    expect((await as(reader.token)('patients/bulk_count', matching)).data).toMatchObject({
      count: 1,
    });
    const update = { matching, expected_count: 1, field: 'patient_city', value: 'Hull' };
    expect((await as(reader.token)('patients/bulk_update', update)).status).toBe(403);
    expect(
      (await as(reader.token)('patients/bulk_delete', { matching, expected_count: 1 })).status,
    ).toBe(403);
    expect(
      (await as(editor.token)('patients/bulk_delete', { matching, expected_count: 1 })).status,
    ).toBe(403);
    expect((await as(editor.token)('patients/bulk_update', update)).result).toBe(true);
    expect((await listed(matching.filters))[0]).toMatchObject({
      patient_id: ids[0],
      patient_city: 'Hull',
    });
  });

  it("never reaches another company's rows, whatever the filter or ids", async () => {
    const tag = newTag();
    const other = await newCompany(env.server, 'Other Bulk Clinic');
    const otherAdmin = callerFor(env.server, other, await adminToken(env.server, other));
    const theirs = await otherAdmin<Row>('patients/insert', {
      patient_first_name: 'Theirs',
      patient_last_name: tag,
      patient_city: 'York',
    });
    const theirId = theirs.data.patient_id as number;
    const crafted = { filters: { search: tag.toLowerCase(), patient_city: '=York' } };
    expect((await c('patients/bulk_count', crafted)).data).toMatchObject({ count: 0 });
    const byFilter = await c('patients/bulk_delete', { matching: crafted, expected_count: 1 });
    expect(messageOf(byFilter)).toBe(bulkMismatchText(0, 1, 'Patients'));
    const still = await otherAdmin<Row>('patients/get', { patient_id: theirId });
    expect(still.data).toMatchObject({ patient_first_name: 'Theirs', patient_city: 'York' });
  });

  it(`refuses a set larger than ${BULK_LIMIT} rows, saying so`, async () => {
    const big = await newCompany(env.server, 'Big Bulk Clinic');
    const admin = callerFor(env.server, big, await adminToken(env.server, big));
    await loadPatients(inject('databaseOwnerUrl'), big.companyId, BULK_LIMIT + 5);
    const total = (await admin<{ count: number }>('patients/bulk_count', {})).data.count;
    expect(total).toBeGreaterThan(BULK_LIMIT);
    const reply = await admin('patients/bulk_update', {
      matching: {},
      expected_count: total,
      field: 'patient_city',
      value: 'Hull',
    });
    expect(reply.status).toBe(400);
    expect(messageOf(reply)).toBe(bulkLimitText(BULK_LIMIT + 1, 'Patients'));
  }, 120_000);
});
