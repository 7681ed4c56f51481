/**
 * Waitlist entries through the generic calls: titled after the patient and the type, retitled
 * when either changes; a day range or hours that run backwards are refused naming the field, and
 * nothing is written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-env';
import { callerFor, insertedId, messageText, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });
let c: Caller;
let patientId: number;
let followUp: number;
let firstVisit: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = await insertedId(
    c,
    'patients/insert',
    { patient_first_name: 'Jane', patient_last_name: 'Doe' },
    'patient_id',
  );
  const type = (name: string) =>
    insertedId(
      c,
      'appointment_types/insert',
      { appointment_type_name: name, appointment_type_duration_minutes: 30 },
      'appointment_type_id',
    );
  followUp = await type('Follow-up');
  firstVisit = await type('First visit');
});

const entry = (values: Row = {}) => ({
  waitlist_entry_patient_id: patientId,
  waitlist_entry_appointment_type_id: followUp,
  ...values,
});
const count = async () =>
  (await c<{ count: number }>('waitlist_entries/count', { filters: {} })).data.count;

describe('a waitlist entry', () => {
  it('is titled after its patient and type, and retitled when the type changes', async () => {
    const added = await c<Row>('waitlist_entries/insert', entry());
    expect(added.result).toBe(true);
    expect(added.data.waitlist_entry_name).toBe('Jane Doe · Follow-up');
    expect(added.data.waitlist_entry_status).toBe('waiting');
    const changed = await c<Row>('waitlist_entries/update', {
      waitlist_entry_id: added.data.waitlist_entry_id,
      field: 'waitlist_entry_appointment_type_id',
      value: firstVisit,
    });
    expect(changed.result).toBe(true);
    const read = await c<Row>('waitlist_entries/get', {
      waitlist_entry_id: added.data.waitlist_entry_id,
    });
    expect(read.data.waitlist_entry_name).toBe('Jane Doe · First visit');
  });

  it('is retitled when its patient is renamed', async () => {
    const renamed = await insertedId(
      c,
      'patients/insert',
      { patient_first_name: 'Ann', patient_last_name: 'Old' },
      'patient_id',
    );
    const added = await c<Row>(
      'waitlist_entries/insert',
      entry({ waitlist_entry_patient_id: renamed }),
    );
    expect(added.data.waitlist_entry_name).toBe('Ann Old · Follow-up');
    const changed = await c('patients/update', {
      patient_id: renamed,
      field: 'patient_last_name',
      value: 'New',
    });
    expect(changed.result, messageText(changed)).toBe(true);
    const read = await c<Row>('waitlist_entries/get', {
      waitlist_entry_id: added.data.waitlist_entry_id,
    });
    expect(read.data.waitlist_entry_name).toBe('Ann New · Follow-up');
  });

  it.each([
    [
      { waitlist_entry_from: '2031-05-10', waitlist_entry_until: '2031-05-09' },
      'The last day must not be before the first day.',
    ],
    [
      { waitlist_entry_earliest: '14:00', waitlist_entry_latest: '09:00' },
      '"Not after" must be later than "Not before".',
    ],
    [
      { waitlist_entry_earliest: '10:00', waitlist_entry_latest: '10:00' },
      '"Not after" must be later than "Not before".',
    ],
  ])('is refused with %j, naming the field, and nothing is written', async (values, text) => {
    const before = await count();
    const reply = await c('waitlist_entries/insert', entry(values));
    expect(reply.status).toBe(400);
    expect(messageText(reply)).toContain(text);
    expect(await count()).toBe(before);
  });

  it('takes an open range (no last day, no latest time) and the same day twice', async () => {
    const reply = await c<Row>(
      'waitlist_entries/insert',
      entry({
        waitlist_entry_from: '2031-05-10',
        waitlist_entry_until: '2031-05-10',
        waitlist_entry_earliest: '09:00',
      }),
    );
    expect(reply.result).toBe(true);
  });

  it('refuses an update that makes the hours run backwards, keeping the row', async () => {
    const id = await insertedId(
      c,
      'waitlist_entries/insert',
      entry({ waitlist_entry_earliest: '09:00', waitlist_entry_latest: '12:00' }),
      'waitlist_entry_id',
    );
    const reply = await c('waitlist_entries/update', {
      waitlist_entry_id: id,
      field: 'waitlist_entry_earliest',
      value: '13:00',
    });
    expect(reply.status).toBe(400);
    const row = await c<Row>('waitlist_entries/get', { waitlist_entry_id: id });
    expect(row.data.waitlist_entry_earliest).toBe('09:00');
  });
});
