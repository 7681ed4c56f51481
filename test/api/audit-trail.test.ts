/**
 * The audit trail people read (issue 17, item 4): a patient's history with who, when, from where
 * and field-level changes; a user's activity; the admin trail, its filters and CSV; retention;
 * and no way to change or delete an entry.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditLine, AuditPage } from '../../src/shared/audit-trail';
import { allPrivilegeStrings } from '../../src/shared/modules';
import { pruneAuditTrail } from '../../src/server/audit/prune';
import { inTenant } from '../../src/server/db/tenancy';
import { call, newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken, type TestUser } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Audit Trail Clinic', admin: true });

let admin: Caller;
let patientId: number;
let letterId: number;
let clerk: TestUser;

const page = async (c: Caller, path: string, payload: Row) => {
  const reply = await c<AuditPage>(path, payload);
  expect(reply.status, JSON.stringify(reply.messages)).toBe(200);
  return reply.data;
};
const summary = (lines: AuditLine[]) => lines.map((l) => `${l.action} ${l.entity}`);

beforeAll(async () => {
  admin = callerFor(env.server, env.company, env.admin);
  patientId = (
    await admin<Row>('patients/insert', { patient_first_name: 'Ivy', patient_last_name: 'Hale' })
  ).data.patient_id as number;
  await admin('patients/update', {
    patient_id: patientId,
    field: 'patient_first_name',
    value: 'Ivey',
  });
  await admin('patients/get', { patient_id: patientId });
  letterId = (
    await admin<Row>('patientletters/insert', {
      patientletter_name: 'Follow-up',
      patientletter_patient_id: patientId,
    })
  ).data.patientletter_id as number;
  await admin('patientletters/get_printable', { patientletter_id: letterId });
  clerk = await addUser(env.server, env.company, { privileges: ['patients/list'] });
  await call(env.server, env.company, 'patients/get', { patient_id: patientId }, clerk.token);
});

describe("a patient's history", () => {
  it('shows who viewed, created, changed (field, before → after) and printed it, from where', async () => {
    const { lines } = await page(admin, 'audit/get_patient_history', { patient_id: patientId });
    expect(summary(lines)).toEqual([
      'read patients',
      'print patientletters',
      'insert patientletters',
      'read patients',
      'update patients',
      'insert patients',
    ]);
    const [clerkView, , , , change, created] = lines;
    expect(clerkView).toMatchObject({ user_id: clerk.userId, action_label: 'Viewed' });
    expect(change).toMatchObject({
      user_id: 1,
      action_label: 'Changed',
      entity_label: 'Patients',
      ip: '127.0.0.1',
      changes: [{ field: 'patient_first_name', label: 'First name', before: 'Ivy', after: 'Ivey' }],
    });
    expect(change?.user_name).not.toBe('');
    expect(created?.changes).toContainEqual(
      expect.objectContaining({ field: 'patient_last_name', before: '', after: 'Hale' }),
    );
  });

  it("leaves out the patient's letters for a reader who may not list letters", async () => {
    const c = callerFor(env.server, env.company, clerk.token);
    const { lines } = await page(c, 'audit/get_patient_history', { patient_id: patientId });
    expect(lines.map((l) => l.entity)).not.toContain('patientletters');
    expect(lines.length).toBe(4);
  });

  it('is paged newest first with before_id', async () => {
    const first = await page(admin, 'audit/get_patient_history', {
      patient_id: patientId,
      limit: 4,
    });
    expect(first.lines).toHaveLength(4);
    const rest = await page(admin, 'audit/get_patient_history', {
      patient_id: patientId,
      limit: 4,
      before_id: first.next_before_id,
    });
    expect(summary(rest.lines)).toEqual(['update patients', 'insert patients']);
    expect(rest.next_before_id).toBeNull();
  });

  it("shows a printed prescription of the patient's, once the print page says so", async () => {
    const other = (
      await admin<Row>('patients/insert', { patient_first_name: 'Al', patient_last_name: 'Moss' })
    ).data.patient_id as number;
    const prescriptionId = (
      await admin<Row>('prescriptions/insert', { prescription_patient_id: other })
    ).data.prescription_id as number;
    const printed = await admin('audit/record_prescription_print', {
      prescription_id: prescriptionId,
    });
    expect(printed.status).toBe(200);
    const { lines } = await page(admin, 'audit/get_patient_history', { patient_id: other });
    expect(summary(lines)).toEqual([
      'print prescriptions',
      'insert prescriptions',
      'insert patients',
    ]);
    expect(lines[0]).toMatchObject({ action_label: 'Printed', entity_id: String(prescriptionId) });
    const missing = await admin('audit/record_prescription_print', { prescription_id: 999_999 });
    expect(missing.status).toBe(404);
  });

  it('counts the views by month and leaves them out of the lines, asked grouped (issue 43, 11)', async () => {
    const grouped = await page(admin, 'audit/get_patient_history', {
      patient_id: patientId,
      views: 'grouped',
    });
    expect(summary(grouped.lines)).toEqual([
      'print patientletters',
      'insert patientletters',
      'update patients',
      'insert patients',
    ]);
    const month = new Date().toISOString().slice(0, 7);
    // The admin's view and the clerk's: two views by two people.
    expect(grouped.viewed).toEqual([{ month, views: 2, people: 2 }]);
    const older = await page(admin, 'audit/get_patient_history', {
      patient_id: patientId,
      views: 'grouped',
      limit: 2,
      before_id: grouped.lines[1]!.audit_id,
    });
    expect(summary(older.lines)).toEqual(['update patients', 'insert patients']);
    expect(older.viewed).toBeUndefined();
  });

  it('answers a patient that does not exist with 404', async () => {
    const reply = await admin('audit/get_patient_history', { patient_id: 999_999 });
    expect(reply.status).toBe(404);
  });
});

describe("a user's activity", () => {
  it('lists what that user did, to a holder of users/update only', async () => {
    const manager = await addUser(env.server, env.company, { privileges: ['users/update'] });
    const c = callerFor(env.server, env.company, manager.token);
    const { lines } = await page(c, 'audit/get_user_activity', { user_id: clerk.userId });
    expect(summary(lines)).toEqual(['read patients']);
    expect(lines[0]?.entity_id).toBe(String(patientId));
  });

  it('is refused to a user without users/update', async () => {
    const c = callerFor(env.server, env.company, clerk.token);
    const reply = await c('audit/get_user_activity', { user_id: 1 });
    expect(reply.status).toBe(403);
  });
});

describe('the whole trail', () => {
  it('filters by user, entity, action and date', async () => {
    const byClerk = await page(admin, 'audit/list', { filters: { user_id: clerk.userId } });
    expect(summary(byClerk.lines)).toEqual(['read patients']);
    const prints = await page(admin, 'audit/list', { filters: { action: 'print' } });
    expect(summary(prints.lines)).toEqual(['print prescriptions', 'print patientletters']);
    expect(prints.lines[1]?.entity_id).toBe(String(letterId));
    const letters = await page(admin, 'audit/list', { filters: { entity: 'patientletters' } });
    expect(summary(letters.lines)).toEqual(['print patientletters', 'insert patientletters']);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await page(admin, 'audit/list', {
      filters: { from: today, to: today, entity: 'patients', action: 'update' },
    });
    expect(todays.lines).toHaveLength(1);
    const later = await page(admin, 'audit/list', { filters: { from: '2999-01-01' } });
    expect(later.lines).toEqual([]);
  });

  it('exports the filtered trail as CSV for a spreadsheet', async () => {
    await admin('patients/update', {
      patient_id: patientId,
      field: 'patient_last_name',
      value: '=HYPERLINK("x")',
    });
    const reply = await admin<{ filename: string; csv: string }>('audit/export', {
      filters: { entity: 'patients', action: 'update' },
    });
    expect(reply.status).toBe(200);
    const rows = reply.data.csv.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('\uFEFFWhen (UTC),User,Action,Record,Id,Address,Changes');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`Changed,Patients,${patientId},127.0.0.1`);
    expect(rows[1]).toContain('Last name: Hale → =HYPERLINK(""x"")');
    expect(rows[2]).toContain('First name: Ivy → Ivey');
    expect(reply.data.filename).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('is refused to non-admins, whatever privileges they hold', async () => {
    const everything = await addUser(env.server, env.company, {
      privileges: allPrivilegeStrings(),
    });
    for (const path of ['audit/list', 'audit/export']) {
      const reply = await call(env.server, env.company, path, {}, everything.token);
      expect(reply.status, path).toBe(403);
    }
  });

  it("never shows another company's entries", async () => {
    const other: TestCompany = await newCompany(env.server, 'Other Clinic');
    const c = callerFor(env.server, other, await adminToken(env.server, other));
    const trail = await page(c, 'audit/list', { filters: { entity: 'patients' } });
    expect(trail.lines).toEqual([]);
    const csv = (await c<{ csv: string }>('audit/export', {})).data.csv;
    expect(csv).not.toContain('Ivey');
    const history = await c('audit/get_patient_history', { patient_id: patientId });
    expect(history.status).toBe(404);
  });
});

/** Entries dated in the past, written as the owner (the app role can not choose `at`). */
async function backdated(company: TestCompany, yearsAgo: number[]): Promise<void> {
  const owner = new pg.Client({ connectionString: inject('databaseOwnerUrl') });
  await owner.connect();
  try {
    await owner.query('begin');
    await owner.query("select set_config('app.company_id', $1, true)", [String(company.companyId)]);
    for (const years of yearsAgo) {
      await owner.query(
        `insert into audit_log (company_id, at, action, entity, entity_id)
         values ($1, now() - make_interval(years => $2) - interval '1 day', 'read', 'patients', $3)`,
        [company.companyId, years, `old-${years}`],
      );
    }
    await owner.query('commit');
  } finally {
    await owner.end();
  }
}

const oldIds = async (company: TestCompany) =>
  inTenant(env.server.database.db, company.companyId, async (trx) =>
    (
      await trx
        .selectFrom('audit_log')
        .select('entity_id')
        .where('entity_id', 'like', 'old-%')
        .orderBy('entity_id')
        .execute()
    ).map((r) => r.entity_id),
  );

describe('retention', () => {
  it('removes entries older than the setting (7 years unless changed) and keeps newer ones', async () => {
    await backdated(env.company, [8, 6, 2]);
    await pruneAuditTrail(env.server.database.db);
    expect(await oldIds(env.company)).toEqual(['old-2', 'old-6']);

    const modules =
      await admin<{ module_id: number; module_name: string }[]>('modules/get_settings');
    const materia = modules.data.find((m) => m.module_name === 'materia');
    const set = await admin('modules/update_settings', {
      module_id: materia?.module_id,
      field: 'audit_retention_years',
      value: 5,
    });
    expect(set.status, JSON.stringify(set.messages)).toBe(200);
    await pruneAuditTrail(env.server.database.db);
    expect(await oldIds(env.company)).toEqual(['old-2']);
    // This year's entries stay whatever the pruning is asked.
    const { lines } = await page(admin, 'audit/get_patient_history', { patient_id: patientId });
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('audit rows are append-only', () => {
  it('can be neither changed nor deleted by the role every call runs as', async () => {
    for (const statement of [
      sql`update audit_log set action = 'nothing'`,
      sql`delete from audit_log`,
    ]) {
      await expect(
        inTenant(env.server.database.db, env.company.companyId, (trx) => statement.execute(trx)),
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('are pruned by the one function the app role may call, never within the last year', async () => {
    const recent = async () =>
      (await page(admin, 'audit/list', { limit: 200 })).lines.filter(
        (l) => !l.entity_id?.startsWith('old-'),
      );
    const before = await recent();
    await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      sql`select prune_audit_log(0)`.execute(trx),
    );
    expect(await recent()).toEqual(before);
    expect(await oldIds(env.company)).toEqual([]);
  });
});
