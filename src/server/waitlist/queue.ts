/**
 * The waitlist's jobs on the job queue (../jobs/queue.ts), enqueued in the transaction of the
 * write that calls for them, so they exist exactly when it commits (run by ./jobs.ts):
 * - `freed`: a live appointment's time came free — offer it to the waitlist (./offers.ts);
 * - `offer_mail`: mail one offer its accept link;
 * - `gone`: tell an offer's patient that its time was booked by someone else.
 */
import type { Tx } from '../db/tenancy';
import { jobQueue, QUEUES } from '../jobs/queue';

export interface FreedTime {
  company_id: number;
  practitioner_id: number;
  /** ISO 8601 instants. */
  start: string;
  end: string;
}

export type WaitlistJob =
  | ({ kind: 'freed' } & FreedTime)
  | { kind: 'offer_mail' | 'gone'; company_id: number; offer_id: number };

export const enqueueWaitlistJob = (trx: Tx, job: WaitlistJob): Promise<void> =>
  jobQueue().send<WaitlistJob>(trx, QUEUES.waitlist, job);

/** One job per offer: its mail (`offer_mail`) or the note that its time has gone (`gone`). */
export async function enqueueOfferMails(
  trx: Tx,
  kind: 'offer_mail' | 'gone',
  companyId: number,
  offerIds: readonly number[],
): Promise<void> {
  for (const offerId of offerIds) {
    await enqueueWaitlistJob(trx, { kind, company_id: companyId, offer_id: offerId });
  }
}
