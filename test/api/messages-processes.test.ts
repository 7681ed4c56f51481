/**
 * Reminders across real server processes on one database (a scratch database of the test
 * cluster): two processes (SERVER_PROCESSES=2) send 100 reminders due in the same second, each
 * once; and a server killed with `kill -9` while reminders are due sends, once restarted, each of
 * them once — those it had in hand are run again once their claim expires (JOB_EXPIRE_SECONDS),
 * and a send repeated after the kill is kept once (its .eml is named by its Message-ID).
 * The appointments are written by this process as the diary writes them (onAppointmentChanged in
 * the booking's transaction); only the servers run the worker. 1,000 in the same minute: the
 * bench (`npm run bench -- diary`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createCompany } from '../../src/server/companies/create';
import { openDatabase, type Database } from '../../src/server/db/database';
import { inTenant } from '../../src/server/db/tenancy';
import { registerSeeders } from '../../src/server/seed/register';
import { TEST_PASSWORD } from '../support/api';
import { bookAppointment } from '../support/appointments';
import { dropScratchDatabase } from '../support/scratch-database';
import { serverProcess, type ServerProcess } from '../support/server-process';

const scratch = `materia_msg_${randomBytes(4).toString('hex')}`;
const onScratch = (url: string) => Object.assign(new URL(url), { pathname: `/${scratch}` }).href;
const HOUR = 3_600_000;
/** Each reminder due, sent: the budget is 2 minutes for 1,000 on two processes. */
const ALL_SENT = { timeout: 120_000, interval: 500 };

let database: Database;
let companyId: number;
let dataDir: string;
const quiet = { info: () => {}, warn: () => {}, debug: () => {} };

async function asOwner(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseOwnerUrl') });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

beforeAll(async () => {
  await asOwner(`create database ${scratch}`);
  dataDir = await mkdtemp(join(tmpdir(), 'materia-msg-processes-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: onScratch(inject('databaseOwnerUrl')),
    DATABASE_APP_URL: onScratch(inject('databaseAppUrl')),
    LOG_LEVEL: 'silent',
  });
  database = await openDatabase(config, quiet);
  registerSeeders();
  const company = await createCompany(database.db, {
    slug: `t-msg-${randomBytes(4).toString('hex')}`,
    name: 'Process Clinic',
    adminEmail: 'admin@process.test',
    adminPassword: TEST_PASSWORD,
  });
  companyId = company.company_id;
}, 120_000);

afterAll(async () => {
  await database?.close();
  await dropScratchDatabase(inject('databaseOwnerUrl'), scratch);
  await rm(dataDir, { recursive: true, force: true });
});

const serverOn = (mailDir: string, env: Record<string, string> = {}) =>
  serverProcess({
    DATABASE_URL: onScratch(inject('databaseOwnerUrl')),
    DATABASE_APP_URL: onScratch(inject('databaseAppUrl')),
    DATA_DIR: mailDir,
    JOB_EXPIRE_SECONDS: '10',
    // A job lost with the killed server is failed by expiry, then retried after this.
    JOB_RETRY_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ...env,
  });

/**
 * `count` reminders (24 hours before) due together, each with a patient and practitioner of its
 * own; due once all are booked (a reminder whose time has passed is not scheduled), at the time
 * answered.
 */
async function remindersDueTogether(
  tag: string,
  count: number,
  leadMs = 5000,
): Promise<{ emails: string[]; due: number }> {
  const due = Math.ceil((Date.now() + leadMs + count * 150) / 1000) * 1000;
  const start = new Date(due + 24 * HOUR);
  const people = await inTenant(database.db, companyId, async (trx) => {
    const { rows } = await sql<{ patient: number; practitioner: number; email: string }>`
      with n as (select generate_series(1, ${count}) as i),
      p as (insert into patients (company_id, patient_first_name, patient_last_name, patient_email)
        select ${companyId}, 'P', ${tag} || i, ${tag} || i || '@processes.test' from n
        returning patient_id, patient_email),
      u as (insert into users (company_id, user_first_name, user_last_name, user_email)
        select ${companyId}, 'Dr', ${tag} || i, 'dr-' || ${tag} || i || '@processes.test' from n
        returning user_id, user_email)
      select p.patient_id::int as patient, u.user_id::int as practitioner, p.patient_email as email
      from p join u on u.user_email = 'dr-' || p.patient_email`.execute(trx);
    return rows;
  });
  for (const person of people) {
    await bookAppointment(database.db, companyId, {
      patientId: person.patient,
      practitionerId: person.practitioner,
      start,
    });
  }
  if (Date.now() >= due) throw new Error('booking took longer than its lead: raise it');
  return { emails: people.map((p) => p.email), due };
}

/** How many reminder rows of these patients are in each status. */
async function reminderStatuses(emails: string[]): Promise<Record<string, number>> {
  const { rows } = await inTenant(database.db, companyId, (trx) =>
    sql<{ status: string; n: number }>`select status, count(*)::int as n
      from appointment_messages where kind = 'reminder' and recipient = any(${emails}::text[])
      group by status`.execute(trx),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** The reminder .eml files in `folder`, named by Message-ID: <company>.reminder-<appointment>-<start>@materia. */
async function reminderFiles(folder: string): Promise<Set<string>> {
  const names = await readdir(join(folder, 'mail')).catch(() => [] as string[]);
  return new Set(names.filter((name) => name.includes('.reminder-')));
}

describe('reminders on several server processes', () => {
  it('two processes send 100 reminders due in the same second, each once', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'materia-msg-two-'));
    const server: ServerProcess = await serverOn(mailDir, { SERVER_PROCESSES: '2' });
    try {
      await server.start();
      const { emails, due } = await remindersDueTogether('two', 100);
      await expect.poll(() => reminderStatuses(emails), ALL_SENT).toEqual({ sent: 100 });
      expect(Date.now() - due).toBeLessThan(120_000);
      const files = await reminderFiles(mailDir);
      expect(files.size).toBe(100);
      const attempts = await inTenant(database.db, companyId, (trx) =>
        sql<{ n: number }>`select count(*)::int as n from appointment_messages
          where kind = 'reminder' and recipient = any(${emails}::text[]) and attempts <> 1`.execute(
          trx,
        ),
      );
      expect(attempts.rows[0]!.n).toBe(0);
    } finally {
      await server.stop();
      await rm(mailDir, { recursive: true, force: true });
    }
  }, 240_000);

  it('after kill -9 with reminders due, the restarted server sends each once', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'materia-msg-kill-'));
    const server = await serverOn(mailDir);
    try {
      await server.start();
      const now = await remindersDueTogether('kill', 40);
      // Due while the server is dead (it is killed within seconds of the first sends).
      const later = await remindersDueTogether('kill-later', 20, 30_000);
      const emails = [...now.emails, ...later.emails];
      // Killed mid-burst: some sent, the others due, queued or in the dead server's hands.
      await expect
        .poll(async () => (await reminderStatuses(now.emails)).sent ?? 0, ALL_SENT)
        .toBeGreaterThan(0);
      server.kill('SIGKILL');
      await server.exited();
      const before = (await reminderStatuses(emails)).sent ?? 0;
      await server.start();
      await expect.poll(() => reminderStatuses(emails), ALL_SENT).toEqual({ sent: 60 });
      // One .eml per reminder (named by its Message-ID, so a send repeated after the kill is one).
      expect((await reminderFiles(mailDir)).size).toBe(60);
      // The later ones at least were due only after the kill: the restart sent them.
      expect(before).toBeLessThan(60);
    } finally {
      await server.stop();
      await rm(mailDir, { recursive: true, force: true });
    }
  }, 300_000);
});
