/**
 * patients/get_alerts (issue 43 #7): the facts of a patient's alert banner in one read —
 * allergies, pregnancy and breastfeeding, medicines (an unmapped one without a class), the age,
 * and only the conditions a herb is cautioned against; audited as a read of the patient; it needs
 * the patients read privilege and answers another company's patient like a missing one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../src/shared/audit-trail';
import { todayIso } from '../../src/shared/iso-date';
import type { PatientAlerts } from '../../src/shared/patient-alerts';
import { newCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, insertedId, messageText, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
const text = messageText;
const idOf = (path: string, values: Row, key: string) => insertedId(c, path, values, key);
const yearsAgo = (years: number) => `${Number(todayIso().slice(0, 4)) - years}-01-01`;

let patient: number;
let plain: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const daisy = await idOf(
    'allergies/insert',
    { allergy_name: 'Daisy family (Asteraceae)' },
    'allergy_id',
  );
  const hypertension = await idOf(
    'conditions/insert',
    { condition_name: 'Hypertension' },
    'condition_id',
  );
  const eczema = await idOf('conditions/insert', { condition_name: 'Eczema' }, 'condition_id');
  const liquorice = await idOf('herbs/insert', { herb_name: 'Liquorice' }, 'herb_id');
  await c('herbs/sync_caution_conditions', { herb_id: liquorice, relations: [hypertension] });
  patient = await idOf(
    'patients/insert',
    {
      patient_first_name: 'Ivy',
      patient_last_name: 'Alert',
      patient_dob: yearsAgo(9),
      patient_pregnant: 1,
    },
    'patient_id',
  );
  await c('patients/sync_allergies', { patient_id: patient, relations: [daisy] });
  await c('patients/sync_conditions', { patient_id: patient, relations: [hypertension, eczema] });
  for (const name of ['Warfarin', 'Zorblaxin'])
    expect((await c('patients/add_medication_named', { id: patient, name })).result).toBe(true);
  plain = await idOf(
    'patients/insert',
    { patient_first_name: 'Oak', patient_last_name: 'Plain' },
    'patient_id',
  );
});

describe('patients/get_alerts', () => {
  it("answers the banner's facts, an unmapped medicine without a class", async () => {
    const reply = await c<PatientAlerts>('patients/get_alerts', { patient_id: patient });
    expect(reply.result, text(reply)).toBe(true);
    const alerts = reply.data;
    expect(alerts.patient_name).toBe('Alert, Ivy');
    expect(alerts.allergies.map((a) => a.name)).toEqual(['Daisy family (Asteraceae)']);
    expect([alerts.pregnant, alerts.breastfeeding]).toEqual([true, false]);
    expect(alerts.medicines.map((m) => [m.name, m.drug_class !== null])).toEqual([
      ['Warfarin', true],
      ['Zorblaxin', false],
    ]);
    expect(alerts.age_years).toBeGreaterThanOrEqual(8);
    expect(alerts.age_years).toBeLessThanOrEqual(9);
    // Eczema is cautioned by no herb: it is not an alert.
    expect(alerts.caution_conditions.map((x) => x.name)).toEqual(['Hypertension']);
  });

  it('answers empty lists and no age for a patient with nothing recorded', async () => {
    const alerts = (await c<PatientAlerts>('patients/get_alerts', { patient_id: plain })).data;
    expect(alerts).toMatchObject({
      age_years: null,
      pregnant: false,
      breastfeeding: false,
      allergies: [],
      medicines: [],
      caution_conditions: [],
    });
  });

  it('is audited as a read of the patient', async () => {
    await c('patients/get_alerts', { patient_id: plain });
    const page = await c<AuditPage>('audit/list', { filters: { entity: 'patients' } });
    const read = page.data.lines.find((l) => l.entity_id === String(plain));
    expect(read?.action).toBe('read');
  });

  it('needs the patients read privilege', async () => {
    const clerk = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['prescriptions/list'] })).token,
    );
    expect((await clerk('patients/get_alerts', { patient_id: patient })).status).toBe(403);
    const reader = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['patients/list'] })).token,
    );
    expect((await reader('patients/get_alerts', { patient_id: patient })).result).toBe(true);
  });

  it("answers another company's patient like a missing one", async () => {
    const other = await newCompany(env.server, 'Other Clinic');
    const stranger = callerFor(env.server, other, await adminToken(env.server, other));
    const reply = await stranger('patients/get_alerts', { patient_id: patient });
    const missing = await stranger('patients/get_alerts', { patient_id: 999_999 });
    expect([reply.status, text(reply).replace(String(patient), 'N')]).toEqual([
      missing.status,
      text(missing).replace('999999', 'N'),
    ]);
    expect(reply.status).toBe(404);
  });
});
