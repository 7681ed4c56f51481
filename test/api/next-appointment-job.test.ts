/**
 * The hourly job that moves a patient's stored next appointment on once it has passed
 * (src/server/diary/next-appointment-job.ts): the diary keeps patient_next_appointment on each
 * write, but only the passing of time makes it stale — that is what the job is for.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import {
  refreshPassedNextAppointments,
  startDiaryWorker,
} from '../../src/server/diary/next-appointment-job';
import { serverTimeZone } from '../../src/server/diary/time-zone';
import { bookAppointment } from '../support/appointments';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, insertedId, type Caller } from './entities-helpers';

const env = useTestServer({ company: 'Next Appointment Clinic', admin: true });
const HOUR = 3_600_000;
/** A time `ms` from now, on a whole second (appointments are stored to the second). */
const fromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
/** The stored wall time of an instant: the test clinic's zone is the server's own. */
const wall = (at: Date) =>
  DateTime.fromJSDate(at, { zone: serverTimeZone() }).toFormat('yyyy-MM-dd HH:mm:ss');

let c: Caller;
let practitioner: number;

const db = () => env.server.database.db;
const inClinic = <T>(work: Parameters<typeof inTenant<T>>[2]) =>
  inTenant(db(), env.company.companyId, work);

const patient = (first: string) =>
  insertedId(
    c,
    'patients/insert',
    { patient_first_name: first, patient_last_name: 'Next' },
    'patient_id',
  );

const book = (patientId: number, start: Date) =>
  bookAppointment(db(), env.company.companyId, { patientId, practitionerId: practitioner, start });

/** Writes a stored next appointment as the diary did when it was still ahead. */
const storeNext = (patientId: number, at: Date) =>
  inClinic((trx) =>
    sql`update patients set patient_next_appointment = ${wall(at)}::timestamp
      where patient_id = ${patientId}`.execute(trx),
  );

const storedNext = (patientId: number) =>
  inClinic(async (trx) => {
    const { rows } = await sql<{ next: string | null }>`select
        to_char(patient_next_appointment, 'YYYY-MM-DD HH24:MI:SS') as next
      from patients where patient_id = ${patientId}`.execute(trx);
    return rows[0]?.next ?? null;
  });

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  practitioner = (await addUser(env.server, env.company)).userId;
});

describe('the hourly next-appointment job', () => {
  it('moves a passed next appointment on to the one after, or clears it, and leaves the rest', async () => {
    const [rowan, wren, sage] = [
      await patient('Rowan'),
      await patient('Wren'),
      await patient('Sage'),
    ];
    const past = fromNow(-2 * HOUR);
    const later = fromNow(72 * HOUR);
    const ahead = fromNow(5 * HOUR);
    await book(rowan, past);
    await book(rowan, later);
    await book(wren, fromNow(-3 * HOUR));
    await book(sage, ahead);
    await storeNext(rowan, past);
    await storeNext(wren, fromNow(-3 * HOUR));
    await storeNext(sage, ahead);

    await refreshPassedNextAppointments(db(), env.server.services.moduleCache);

    expect(await storedNext(rowan)).toBe(wall(later));
    expect(await storedNext(wren)).toBeNull();
    expect(await storedNext(sage)).toBe(wall(ahead));
  });

  it('is scheduled in the job queue, once an hour, when the worker starts', async () => {
    await startDiaryWorker(env.server.database.jobs, env.server.services);
    await startDiaryWorker(env.server.database.jobs, env.server.services);
    const { rows } = await sql<{ name: string; cron: string }>`select name, cron
      from pgboss.schedule where name = 'diary'`.execute(db());
    expect(rows).toEqual([{ name: 'diary', cron: '5 * * * *' }]);
    // The cron clock runs in the app role's process: its own queue is there.
    const clock = await sql<{ name: string }>`select name from pgboss.queue
      where name = '__pgboss__send-it'`.execute(db());
    expect(clock.rows).toHaveLength(1);
  });
});
