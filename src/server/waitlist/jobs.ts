/**
 * Running the waitlist's jobs (./queue.ts) in each server process that runs jobs (main.ts). A job
 * that runs twice does no harm: a freed time's entries are 'offered' already, and a mail's line
 * in the message log (appointment_messages) says it was sent.
 */
import type { Job } from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import { newSecret, tokenHash } from '../auth/sessions';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { inTenant, type Tx } from '../db/tenancy';
import { QUEUES, type JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { clinicFacts } from '../messages/facts';
import { goneMail, offerMail } from './mails';
import { offerFreedTime } from './offers';
import { enqueueWaitlistJob, type FreedTime, type WaitlistJob } from './queue';
import { logWaitlistMail, markMailSent, offerById } from './repository';

interface WaitlistDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>;
  mailer: Mailer;
}

/** The part of the diary's AppointmentEvent the waitlist reads (declared here, not imported). */
interface AppointmentEvent {
  kind: 'booked' | 'moved' | 'cancelled';
  company_id: number;
  appointment_id: number;
  previous?: { start: string; end: string; practitioner_id: number };
}

/**
 * Called by the diary (../diary/events.ts) inside the write's transaction: a time freed by a
 * cancel, or by a move away from it, becomes a `freed` job.
 */
export async function onTimeFreed(trx: Tx, event: AppointmentEvent): Promise<void> {
  let freed: FreedTime | undefined;
  if (event.kind === 'moved' && event.previous) {
    freed = { company_id: event.company_id, ...event.previous };
  } else if (event.kind === 'cancelled') {
    const { rows } = await sql<FreedTime>`
      select ${event.company_id}::int as company_id,
        appointment_practitioner_id::int as practitioner_id,
        to_json(appointment_start) #>> '{}' as start, to_json(appointment_end) #>> '{}' as "end"
      from appointments
      where company_id = ${event.company_id} and appointment_id = ${event.appointment_id}`.execute(
      trx,
    );
    freed = rows[0];
  }
  if (!freed || Date.parse(freed.end) <= Date.now()) return;
  await enqueueWaitlistJob(trx, { kind: 'freed', ...freed });
}

/**
 * One offer's mail, or the note that its time has gone. An offer's token is made here, its digest
 * stored in the same transaction as the mail's line: a retry after a failed send mails a fresh
 * token, and the one in a mail that never left opens nothing.
 */
async function mailOffer(
  trx: Tx,
  deps: WaitlistDeps,
  kind: 'offer_mail' | 'gone',
  companyId: number,
  offerId: number,
): Promise<void> {
  const offer = await offerById(trx, companyId, offerId);
  if (!offer?.email) return;
  if (kind === 'offer_mail' && (offer.status !== 'offered' || offer.expired)) return;
  const line = await logWaitlistMail(trx, companyId, {
    kind: kind === 'gone' ? 'waitlist_gone' : 'waitlist_offer',
    key: `${kind === 'gone' ? 'waitlist_gone' : 'waitlist_offer'}:${offerId}`,
    entry_id: offer.entry_id,
    patient_id: offer.patient_id,
    recipient: offer.email,
  });
  if (line.sent) return;
  const clinic = await clinicFacts(trx, companyId);
  if (kind === 'gone') {
    await deps.mailer.send(goneMail(clinic, offer));
  } else {
    const token = newSecret();
    await sql`update waitlist_offers set token_hash = ${tokenHash(token)}
      where company_id = ${companyId} and offer_id = ${offerId}`.execute(trx);
    await deps.mailer.send(offerMail(deps.config, clinic, offer, token));
  }
  await markMailSent(trx, companyId, line.message_id);
}

async function runWaitlistJob(deps: WaitlistDeps, job: Job<WaitlistJob>): Promise<void> {
  const data = job.data;
  await inTenant(deps.db, data.company_id, async (trx) => {
    if (data.kind === 'freed') await offerFreedTime(trx, data);
    else await mailOffer(trx, deps, data.kind, data.company_id, data.offer_id);
  });
}

/** Runs the waitlist's jobs in this process (main.ts, beside the message worker). */
export async function startWaitlistWorker(jobs: JobQueue, deps: WaitlistDeps): Promise<void> {
  await jobs.work<WaitlistJob>(QUEUES.waitlist, (job) => runWaitlistJob(deps, job));
}
