/**
 * Issue 43, finding 11: the demo clinic's patients are believable — no male patient has a
 * condition or symptom only women have (period pain), nor a female one a man's (enlarged
 * prostate). The seed's ONE_SEX_ONLY marks them. Issue 44: a fresh demo clinic's "due for
 * review" list is not empty (./diary-review.test.ts tests the list itself).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { ONE_SEX_ONLY } from '../../src/server/seed/data/clinical-lists';
import { seedDemo } from '../../src/server/seed/demo';
import type { DueForReviewAnswer } from '../../src/shared/diary/review';
import { newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { callerFor, messageText } from './entities-helpers';

const env = useTestServer({ admin: true });
let demo: TestCompany;

beforeAll(async () => {
  demo = await newCompany(env.server, 'Demo Coherence Clinic');
  await seedDemo(env.server.database.db, demo.companyId);
});

/** Every patient's sex beside each condition and symptom name they were given. */
const linked = () =>
  inTenant(env.server.database.db, demo.companyId, async (trx) => {
    const found = await sql<{ sex: string; name: string }>`
      select p.patient_sex as sex, c.condition_name as name
        from patient_conditions pc
        join patients p on p.company_id = pc.company_id and p.patient_id = pc.patient_id
        join conditions c on c.company_id = pc.company_id and c.condition_id = pc.condition_id
      union all
      select p.patient_sex, s.symptom_name
        from patient_symptoms ps
        join patients p on p.company_id = ps.company_id and p.patient_id = ps.patient_id
        join symptoms s on s.company_id = ps.company_id and s.symptom_id = ps.symptom_id`.execute(
      trx,
    );
    return found.rows;
  });

describe('the demo clinic', () => {
  it('gives conditions and symptoms of one sex only to patients of that sex', async () => {
    const rows = await linked();
    expect(rows.length).toBeGreaterThan(100);
    const wrong = rows.filter((row) => {
      const only = ONE_SEX_ONLY[row.name];
      return only !== undefined && only !== row.sex;
    });
    expect(wrong).toEqual([]);
    // Women still have period pain: the marked names are given, only to the right patients.
    expect(rows.some((row) => row.name === 'Period pain' && row.sex === 'Female')).toBe(true);
    expect(rows.some((row) => row.name === 'Enlarged prostate' && row.sex === 'Male')).toBe(true);
  });

  it('has patients due for review on a fresh start: medicine running out, nothing booked', async () => {
    const c = callerFor(env.server, demo, await adminToken(env.server, demo));
    const due = await c<DueForReviewAnswer>('diary/get_due_for_review', {});
    expect(due.result, messageText(due)).toBe(true);
    expect(due.data.patients.length).toBeGreaterThanOrEqual(3);
    // Some run out in the coming days, dated from today, not only ran out already.
    expect(due.data.patients.some((p) => p.days_left > 0)).toBe(true);
  });
});
