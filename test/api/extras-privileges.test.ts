/**
 * The server agrees with the editor's buttons: each button's call needs the route the button
 * declares (Dispense: prescriptions/dispense, not update), and what Print shows needs only list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { entityByPath } from '../../src/shared/entities';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, type TestUser } from '../support/users';

const env = useTestServer({ admin: true });

let prescriptionId: number;
let letterId: number;

const as = (user: TestUser, path: string, payload: Record<string, unknown>) =>
  call<Record<string, unknown>>(env.server, env.company, path, payload, user.token);

beforeAll(async () => {
  const admin = (path: string, payload: Record<string, unknown>) =>
    call<Record<string, unknown>>(env.server, env.company, path, payload, env.admin);
  const patient = await admin('patients/insert', {
    patient_first_name: 'Ada',
    patient_last_name: 'Extras',
  });
  const patientId = patient.data.patient_id;
  prescriptionId = (await admin('prescriptions/insert', { prescription_patient_id: patientId }))
    .data.prescription_id as number;
  letterId = (
    await admin('patientletters/insert', {
      patientletter_name: 'Follow-up',
      patientletter_patient_id: patientId,
    })
  ).data.patientletter_id as number;
});

describe('the privilege of an extra button', () => {
  it('is the route the Dispense button declares, not update', async () => {
    const dispense = entityByPath('prescriptions')?.extras.find((e) => e.name === 'dispense');
    expect(dispense?.route).toBe('dispense');
    const editor = await addUser(env.server, env.company, {
      privileges: ['prescriptions/list', 'prescriptions/update'],
    });
    const refused = await as(editor, 'prescriptions/dispense', { prescription_id: prescriptionId });
    expect(refused.status).toBe(403);
    const dispenser = await addUser(env.server, env.company, {
      privileges: ['prescriptions/dispense'],
    });
    const done = await as(dispenser, 'prescriptions/dispense', { prescription_id: prescriptionId });
    // Past the privilege check: an empty prescription is then refused for what it holds.
    expect(done.status).not.toBe(403);
  });

  it('lets a user who may only list read what Print shows', async () => {
    const reader = await addUser(env.server, env.company, {
      privileges: ['prescriptions/list', 'patientletters/list'],
    });
    const id = { prescription_id: prescriptionId };
    expect((await as(reader, 'prescriptions/get', id)).status).toBe(200);
    expect((await as(reader, 'prescriptions/get_lines', id)).status).toBe(200);
    const letter = { patientletter_id: letterId };
    expect((await as(reader, 'patientletters/get_printable', letter)).status).toBe(200);
  });
});
