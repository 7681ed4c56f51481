/**
 * The hourly job that moves each patient's stored next appointment on once it has passed: the
 * diary keeps patient_next_appointment on every write (./next-appointment.ts), but time alone makes
 * it stale. pg-boss's cron sends one job an hour (the schedule is kept in the database, and each
 * occurrence is sent once whichever server's clock gets there first); a worker runs it, each clinic
 * in its own tenant transaction. Rerunning it is harmless: it only writes what changed.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTenant } from '../db/tenancy';
import { QUEUES, type JobQueue } from '../jobs/queue';
import type { ModuleCache } from '../modules/module-cache';
import type { Services } from '../services';
import { refreshNextAppointments } from './next-appointment';
import { companyTimeZone } from './time-zone';

/** Five past every hour (UTC): an appointment that ended on the hour is no longer "next". */
const EVERY_HOUR = '5 * * * *';

/** Refreshes every clinic's patients whose next appointment has passed. */
export async function refreshPassedNextAppointments(
  db: Kysely<DB>,
  moduleCache: ModuleCache,
): Promise<void> {
  const companies = await db.selectFrom('companies').select('company_id').execute();
  for (const { company_id: companyId } of companies) {
    await inTenant(db, companyId, async (trx) =>
      refreshNextAppointments(trx, companyId, await companyTimeZone(trx, moduleCache, companyId)),
    );
  }
}

/** Schedules the hourly job and runs it in this process (main.ts, beside the message worker). */
export async function startDiaryWorker(
  jobs: JobQueue,
  services: Pick<Services, 'db' | 'moduleCache'>,
): Promise<void> {
  await jobs.every(QUEUES.diary, EVERY_HOUR);
  await jobs.work(QUEUES.diary, () =>
    refreshPassedNextAppointments(services.db, services.moduleCache),
  );
}
