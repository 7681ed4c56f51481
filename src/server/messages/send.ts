/**
 * The job that sends one message. In the company's transaction it locks the message row, so a
 * second run of the same job (a retry after a lost process, two processes) waits and then finds it
 * sent: a message is sent once. It skips a message no longer due — already sent or skipped, the
 * appointment gone, cancelled, or moved away from the time in the message's key — sends it, and
 * marks it sent. A failed send is recorded (attempts, error) and thrown, so the queue retries it
 * with back-off; after the last attempt the message stays 'failed'.
 */
import type { Job } from 'pg-boss';
import type { Kysely } from 'kysely';
import { isLive } from '../../shared/diary/statuses';
import { MANAGE_PATH } from '../../shared/booking';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { inTenant, type Tx } from '../db/tenancy';
import { manageExpiry, manageToken } from '../booking/manage-token';
import { RETRY_LIMIT } from '../jobs/queue';
import { publicLink } from '../mail/links';
import type { Mailer } from '../mail/mailer';
import { messageMail, reminderText, type MessageContext } from './compose';
import { appointmentFacts, clinicFacts, type AppointmentFacts } from './facts';
import { lockMessage, markMessage, type MessageRow } from './repository';
import type { MessageJob } from './schedule';
import type { SmsSender } from './sms';

export interface MessageDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>;
  mailer: Mailer;
  sms: SmsSender | null;
}

/** Why the message is no longer to be sent; null when it is. */
function staleReason(message: MessageRow, appointment: AppointmentFacts | null): string | null {
  if (!appointment) return 'The appointment was deleted.';
  const live = isLive(appointment.status);
  if (message.kind === 'cancellation') return live ? 'The appointment was booked again.' : null;
  if (!live) return 'The appointment was cancelled.';
  const keyStart = message.message_key.split(':').slice(2).join(':');
  if (keyStart && keyStart !== appointment.start.toISOString()) return 'The appointment moved.';
  return null;
}

async function manageUrl(
  trx: Tx,
  deps: MessageDeps,
  companyId: number,
  slug: string,
  a: AppointmentFacts,
) {
  const token = await manageToken(trx, {
    companyId,
    appointmentId: a.appointment_id,
    expiresAt: manageExpiry(a.start),
  });
  return publicLink(deps.config, MANAGE_PATH, { token, company: slug });
}

async function deliver(
  trx: Tx,
  deps: MessageDeps,
  companyId: number,
  message: MessageRow,
  appointment: AppointmentFacts,
) {
  const clinic = await clinicFacts(trx, companyId);
  const context: MessageContext = {
    companyId,
    clinic,
    appointment,
    manageUrl:
      message.kind === 'cancellation'
        ? null
        : await manageUrl(trx, deps, companyId, clinic.slug, appointment),
  };
  if (message.channel === 'email') {
    // The same Message-ID on every attempt: a send repeated after a crash is kept once.
    const messageId = `<${companyId}.${message.message_key.replace(/[^\w.-]/g, '-')}@materia>`;
    await deps.mailer.send({
      ...messageMail(message.kind, message.recipient, context),
      messageId,
    });
    return;
  }
  if (!deps.sms) throw new Error('No SMS gateway is set up on the server (SMS_URL).');
  await deps.sms.send({
    to: message.recipient,
    text: reminderText(context),
    reference: message.message_key,
  });
}

export async function sendMessage(deps: MessageDeps, job: Job<MessageJob>): Promise<void> {
  const { company_id: companyId, message_id: messageId } = job.data;
  const failure: Error | null = await inTenant(deps.db, companyId, async (trx) => {
    const message = await lockMessage(trx, companyId, messageId);
    if (!message || message.status !== 'queued') return null;
    const appointment = message.appointment_id
      ? await appointmentFacts(trx, companyId, message.appointment_id)
      : null;
    const stale = staleReason(message, appointment);
    if (stale || !appointment) {
      await markMessage(trx, companyId, messageId, { status: 'skipped', error: stale ?? '' });
      return null;
    }
    try {
      await deliver(trx, deps, companyId, message, appointment);
    } catch (error) {
      const last = job.retryCount >= RETRY_LIMIT;
      const reason = error instanceof Error ? error.message : String(error);
      await markMessage(trx, companyId, messageId, {
        status: last ? 'failed' : 'queued',
        error: reason,
        attempted: true,
      });
      return error instanceof Error ? error : new Error(reason);
    }
    await markMessage(trx, companyId, messageId, { status: 'sent', attempted: true });
    return null;
  });
  // Thrown once the attempt is recorded: the queue retries the job with back-off.
  if (failure) throw failure;
}
