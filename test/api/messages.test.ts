/**
 * Reminders and messages through the real job queue (pg-boss on the test PostgreSQL) and the real
 * mail path (.eml files in a DATA_DIR of this file's own), with a stand-in SMS gateway: a reminder
 * due is sent once; a job run twice sends once; a failed SMS is retried with back-off and then
 * sent; a moved appointment's old reminder is skipped and a new one scheduled; a cancellation
 * skips what was still to be sent and sends its notice; the message log answers what happened.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { startMessageWorker } from '../../src/server/messages/worker';
import { sendMessage } from '../../src/server/messages/send';
import type { MessageJob } from '../../src/server/messages/schedule';
import { createSmsSender } from '../../src/server/messages/sms';
import type { AppointmentMessage } from '../../src/shared/diary/messages';
import { bookAppointment, cancelAppointment, moveAppointment } from '../support/appointments';
import { moduleIdsOf } from '../support/module-ids';
import { startSmsGateway, type SmsGateway } from '../support/sms-gateway';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, insertedId, messageText, type Caller } from './entities-helpers';

let gateway: SmsGateway;
let mailDir: string;
beforeAll(async () => {
  gateway = await startSmsGateway();
  mailDir = await mkdtemp(join(tmpdir(), 'materia-messages-'));
});
afterAll(async () => {
  await gateway?.close();
  await rm(mailDir, { recursive: true, force: true });
});

const env = useTestServer({
  company: 'Willow Herbal Clinic',
  admin: true,
  config: () => ({ DATA_DIR: mailDir, SMS_URL: gateway.url, JOB_RETRY_SECONDS: '1' }),
});

const HOUR = 3_600_000;
/** Waits for states (a row sent), never for a time; the worker polls every 2 s. */
const SOON = { timeout: 25_000, interval: 200 };

let admin: Caller;
let patientCount = 0;

async function newPatient(values: Record<string, unknown> = {}): Promise<number> {
  patientCount += 1;
  return insertedId(
    admin,
    'patients/insert',
    {
      patient_first_name: 'Rowan',
      patient_last_name: `Ash${patientCount}`,
      patient_email: `rowan${patientCount}@messages.test`,
      ...values,
    },
    'patient_id',
  );
}

/** Each booking with a practitioner of its own, so that no two of this file's overlap. */
const book = async (patientId: number, start: Date) =>
  bookAppointment(env.server.database.db, env.company.companyId, {
    patientId,
    practitionerId: (await addUser(env.server, env.company)).userId,
    start,
  });

/** A time `ms` from now, on a whole second (appointments are stored to the second). */
const fromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
/** A start whose reminder (the clinic's 24 hours before) falls due in `seconds`. */
const reminderDueIn = (seconds: number) => fromNow(24 * HOUR + seconds * 1000);

async function log(appointmentId: number): Promise<AppointmentMessage[]> {
  const reply = await admin<AppointmentMessage[]>('appointments/get_messages', {
    appointment_id: appointmentId,
  });
  expect(reply.status, messageText(reply)).toBe(200);
  return reply.data;
}

const find = (rows: AppointmentMessage[], kind: string, channel = 'email') =>
  rows.filter((row) => row.kind === kind && row.channel === channel);

/** A mail's text with its quoted-printable and base64 parts (the .ics) decoded. */
function readable(eml: string): string {
  const printable = eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const parts = [
    ...eml.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:.+\r?\n)*?\r?\n([\w+/=\r\n]+)/g),
  ];
  const decoded = parts.map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString());
  return [printable, ...decoded].join('\n');
}

/** The .eml files written to `to`, readable. */
async function mailsTo(to: string): Promise<string[]> {
  const folder = join(mailDir, 'mail');
  const names = await readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => readFile(join(folder, name), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${to}`)).map(readable);
}

beforeAll(async () => {
  admin = callerFor(env.server, env.company, env.admin);
  const modules = await moduleIdsOf(env.server, env.company, env.admin);
  const setting = async (module: string, field: string, value: unknown, isPublic: boolean) => {
    const reply = await admin(
      isPublic ? 'modules/update_public_settings' : 'modules/update_settings',
      { module_id: modules[module], field, value },
    );
    expect(reply.result, messageText(reply)).toBe(true);
  };
  await setting('materia', 'time_zone', 'Europe/London', true);
  await setting('materia', 'clinic_address', '1 Willow Lane, York YO1 1AA', false);
  await setting('appointments', 'sms_reminders', 1, false);
  await startMessageWorker(env.server.database.jobs, env.server.services);
});

describe('messages', () => {
  it('confirms at once with an .ics invitation and sends the reminder once when it falls due', async () => {
    const patient = await newPatient();
    const id = await book(patient, reminderDueIn(3));
    await expect
      .poll(async () => find(await log(id), 'reminder').map((m) => m.status), SOON)
      .toEqual(['sent']);
    const rows = await log(id);
    expect(find(rows, 'confirmation').map((m) => [m.status, m.attempts])).toEqual([['sent', 1]]);
    const [reminder] = find(rows, 'reminder');
    expect(reminder).toMatchObject({
      attempts: 1,
      error: '',
      recipient: `rowan${patientCount}@messages.test`,
    });
    expect(new Date(reminder!.sent_at!).getTime()).toBeGreaterThanOrEqual(
      new Date(reminder!.due_at).getTime(),
    );
    const mails = await mailsTo(`rowan${patientCount}@messages.test`);
    expect(mails.filter((m) => m.includes('Subject: Reminder:'))).toHaveLength(1);
    const confirmation = mails.find((m) => m.includes('Subject: Your appointment at Willow'));
    expect(confirmation).toBeDefined();
    // The clinic's wall time and address, the manage link, the policy; the invitation in UTC.
    expect(confirmation).toContain('1 Willow Lane, York YO1 1AA');
    expect(confirmation).toContain('/book/manage?token=v1.');
    expect(confirmation).toContain('METHOD:PUBLISH');
    expect(confirmation).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(confirmation).toContain(`UID:appointment-${env.company.companyId}-${id}@materia`);
  });

  it('sends a message once when its job runs twice at the same time', async () => {
    const patient = await newPatient();
    // The reminder is due in an hour: its own job waits, and this test runs it twice now.
    const id = await book(patient, fromNow(25 * HOUR));
    const [reminder] = find(await log(id), 'reminder');
    const job = (): Job<MessageJob> => ({
      id: `twice-${reminder!.message_id}`,
      name: 'messages',
      data: { company_id: env.company.companyId, message_id: reminder!.message_id },
      expireInSeconds: 60,
      heartbeatSeconds: null,
      retryCount: 0,
      signal: new AbortController().signal,
    });
    const deps = {
      db: env.server.database.db,
      config: env.server.config,
      mailer: env.server.services.mailer,
      sms: createSmsSender(env.server.config.smsUrl),
    };
    await Promise.all([sendMessage(deps, job()), sendMessage(deps, job())]);
    await sendMessage(deps, job());
    expect(find(await log(id), 'reminder').map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 1],
    ]);
    const mails = await mailsTo(`rowan${patientCount}@messages.test`);
    expect(mails.filter((m) => m.includes('Subject: Reminder:'))).toHaveLength(1);
  });

  it('retries a failed SMS with back-off, then sends it once', async () => {
    const mobile = `+4477009${String(patientCount + 10000).slice(-5)}`;
    const patient = await newPatient({ patient_mobile: mobile });
    gateway.failNext(2);
    const id = await book(patient, reminderDueIn(2));
    await expect
      .poll(async () => find(await log(id), 'reminder', 'sms').map((m) => m.status), SOON)
      .toEqual(['sent']);
    const [sms] = find(await log(id), 'reminder', 'sms');
    expect(sms).toMatchObject({ attempts: 3, recipient: mobile, error: '' });
    const tries = gateway.requests.filter((r) => r.body.to === mobile);
    expect(tries.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(tries[2]!.body.text).toContain('Willow Herbal Clinic');
    // JOB_RETRY_SECONDS=1, doubling: each retry waited at least its delay.
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(900);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(1_900);
  });

  it('skips a moved appointment’s old reminder and schedules the new one', async () => {
    const patient = await newPatient();
    const id = await book(patient, fromNow(48 * HOUR));
    const later = fromNow(72 * HOUR);
    await moveAppointment(env.server.database.db, env.company.companyId, id, later);
    const reminders = find(await log(id), 'reminder');
    expect(reminders.map((m) => [m.status, m.error])).toEqual([
      ['skipped', 'The appointment moved.'],
      ['queued', ''],
    ]);
    expect(new Date(reminders[1]!.due_at).getTime()).toBe(later.getTime() - 24 * HOUR);
    await expect
      .poll(async () => find(await log(id), 'rescheduled').map((m) => m.status), SOON)
      .toEqual(['sent']);
  });

  it('on cancellation skips what was still to be sent and sends the notice', async () => {
    const patient = await newPatient();
    const id = await book(patient, fromNow(48 * HOUR));
    await cancelAppointment(env.server.database.db, env.company.companyId, id);
    await expect
      .poll(async () => find(await log(id), 'cancellation').map((m) => m.status), SOON)
      .toEqual(['sent']);
    expect(find(await log(id), 'reminder').map((m) => m.status)).toEqual(['skipped']);
    const mails = await mailsTo(`rowan${patientCount}@messages.test`);
    expect(mails.filter((m) => m.includes('Subject: Cancelled:'))).toHaveLength(1);
  });

  it('logs an unsendable message as skipped, and answers 404 for an unknown appointment', async () => {
    const patient = await newPatient({ patient_email: '' });
    const id = await book(patient, fromNow(48 * HOUR));
    expect(find(await log(id), 'confirmation').map((m) => [m.status, m.error])).toEqual([
      ['skipped', 'The patient has no e-mail address.'],
    ]);
    const missing = await admin('appointments/get_messages', { appointment_id: 987_654_321 });
    expect(missing.status).toBe(404);
    const bad = await admin('appointments/get_messages', { appointment_id: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.messages)).toContain('appointment_id');
  });

  it('keeps no message or job of a booking whose transaction rolled back', async () => {
    const patient = await newPatient();
    const before = await jobCount();
    await expect(
      inTenant(env.server.database.db, env.company.companyId, async (trx) => {
        const { rows } = await sql<{ id: number }>`insert into appointments (company_id,
            appointment_patient_id, appointment_practitioner_id, appointment_start, appointment_end)
          values (${env.company.companyId}, ${patient}, ${env.admin.user_id},
            now() + interval '30 hours', now() + interval '31 hours')
          returning appointment_id::int as id`.execute(trx);
        const { onAppointmentChanged } = await import('../../src/server/messages/schedule');
        await onAppointmentChanged(trx, {
          kind: 'booked',
          company_id: env.company.companyId,
          appointment_id: rows[0]!.id,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobCount()).toBe(before);
  });
});

/** Jobs of this company in the queue (any state). */
async function jobCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
    where name = 'messages' and (data->>'company_id')::bigint = ${env.company.companyId}`.execute(
    env.server.database.db,
  );
  return rows[0]!.n;
}
