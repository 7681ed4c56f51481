/**
 * Date filters take one day or a `from..to` range (either end may be left out), several values
 * matching any; a malformed range is refused by name. Prescriptions list newest first when no
 * order is asked for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-env';
import { callerFor, type Caller } from './entities-helpers';

const env = useTestServer({ company: 'Date Range Clinic', admin: true });

let c: Caller;
let patient: number;
const DATES = ['2019-06-15', '2021-03-02', '2021-03-31', '2024-01-01'];

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const added = await c<{ patient_id: number }>('patients/insert', {
    patient_first_name: 'Ruth',
    patient_last_name: 'Ranges',
  });
  patient = added.data.patient_id;
  for (const date of DATES) {
    const reply = await c('prescriptions/insert', {
      prescription_patient_id: patient,
      prescription_name: date,
      prescription_date: date,
    });
    expect(reply.result).toBe(true);
  }
});

const listed = async (date: unknown, extra: Record<string, unknown> = {}) => {
  const reply = await c<Array<{ prescription_name: string }>>('prescriptions/list', {
    page: 1,
    limit: 50,
    filters: {
      prescription_patient_id: patient,
      ...(date === undefined ? {} : { prescription_date: date }),
    },
    ...extra,
  });
  expect(reply.result).toBe(true);
  return reply.data.map((row) => row.prescription_name);
};

describe('date filter ranges', () => {
  it('matches a day, a closed range with both ends included, and open ends', async () => {
    expect(await listed('2021-03-02')).toEqual(['2021-03-02']);
    expect(await listed('2021-03-01..2021-03-31')).toEqual(['2021-03-31', '2021-03-02']);
    expect(await listed('2021-03-03..')).toEqual(['2024-01-01', '2021-03-31']);
    expect(await listed('..2021-03-02')).toEqual(['2021-03-02', '2019-06-15']);
    expect(await listed(['2019-06-15', '2024-01-01..'])).toEqual(['2024-01-01', '2019-06-15']);
  });

  it('refuses a malformed range by name, and lists newest first unless asked otherwise', async () => {
    for (const bad of ['2021-02-30..2021-03-01', '..', '15/06/2019..']) {
      const reply = await c('prescriptions/list', {
        page: 1,
        limit: 5,
        filters: { prescription_date: bad },
      });
      expect(reply.result).toBe(false);
      expect(reply.messages.map((m) => m.text).join(' ')).toContain('Filter "prescription_date"');
    }
    expect(await listed(undefined)).toEqual([...DATES].reverse());
    expect(await listed(undefined, { sort: 'prescription_date' })).toEqual(DATES);
  });
});
