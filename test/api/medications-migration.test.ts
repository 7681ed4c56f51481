/**
 * Migration 0040: a patient's current medication was a list of drug classes; each class a patient
 * had becomes a medicine of that name mapped to it, and the patient is linked to it, so the checks
 * read the same class. Its SQL runs as the owner in a transaction that is rolled back, on the old
 * link table made again for the purpose.
 */
import { expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/server/db/migrations';
import { useOwnerClient } from '../support/owner-client';
import { useTestServer } from '../support/test-env';
import { callerFor, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
const ownerClient = useOwnerClient(() => env.server);

it('turns each drug class a patient had into a medicine mapped to it, and links the patient', async () => {
  const c = callerFor(env.server, env.company, env.admin);
  const patient = (
    await c<Row>('patients/insert', { patient_first_name: 'Old', patient_last_name: 'Classes' })
  ).data.patient_id as number;
  const lithium = (await c<Row[]>('drug_classes/list', { filters: { search: '=Lithium' } })).data[0]
    ?.drug_class_id as number;
  const migration = MIGRATIONS.find((m) => m.name === '0040_medications_by_name');
  expect(migration).toBeDefined();
  const company = env.company.companyId;
  const owner = ownerClient();
  await owner.query('begin');
  try {
    await owner.query(`create table patient_drug_classes
      (company_id bigint, patient_id bigint, drug_class_id bigint)`);
    await owner.query('insert into patient_drug_classes values ($1, $2, $3)', [
      company,
      patient,
      lithium,
    ]);
    await owner.query(migration!.sql);
    const { rows } = await owner.query<{ medicine_name: string; medicine_drug_class_id: string }>(
      `select m.medicine_name, m.medicine_drug_class_id from patient_medicines pm
        join medicines m on m.company_id = pm.company_id and m.medicine_id = pm.medicine_id
        where pm.company_id = $1 and pm.patient_id = $2`,
      [company, patient],
    );
    expect(rows.map((r) => [r.medicine_name, Number(r.medicine_drug_class_id)])).toEqual([
      ['Lithium', lithium],
    ]);
    const { rows: gone } = await owner.query<{ t: string | null }>(
      `select to_regclass('patient_drug_classes') as t`,
    );
    expect(gone[0]?.t).toBeNull();
  } finally {
    await owner.query('rollback');
  }
});
