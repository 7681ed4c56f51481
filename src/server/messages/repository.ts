/**
 * The message log (appointment_messages, migration 0044): one row per message that should exist,
 * under a key unique per company ("reminder:<appointment>:<start>"), so that scheduling the same
 * message twice writes it once and a job that runs twice finds it sent.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';

export type MessageKind = 'confirmation' | 'rescheduled' | 'reminder' | 'cancellation';
type MessageChannel = 'email' | 'sms';
type MessageStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

export interface NewMessage {
  appointment_id: number;
  patient_id: number;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  message_key: string;
  due_at: Date;
  /** 'skipped' with its reason when there is nothing to send to. */
  status?: MessageStatus;
  error?: string;
}

/** Writes the message unless its key exists; its id when written. */
export async function insertMessage(
  trx: Tx,
  companyId: number,
  message: NewMessage,
): Promise<number | null> {
  const { rows } = await sql<{ message_id: number }>`
    insert into appointment_messages (company_id, appointment_id, patient_id, kind, channel,
      recipient, message_key, due_at, status, error)
    values (${companyId}, ${message.appointment_id}, ${message.patient_id}, ${message.kind},
      ${message.channel}, ${message.recipient}, ${message.message_key}, ${message.due_at},
      ${message.status ?? 'queued'}, ${message.error ?? ''})
    on conflict (company_id, message_key) do nothing
    returning message_id::int as message_id`.execute(trx);
  return rows[0]?.message_id ?? null;
}

/** Queued messages of the appointment no longer due: their jobs will find them skipped. */
export async function skipQueued(
  trx: Tx,
  companyId: number,
  appointmentId: number,
  keepKeys: readonly string[],
  reason: string,
): Promise<void> {
  await sql`update appointment_messages set status = 'skipped', error = ${reason}
    where company_id = ${companyId} and appointment_id = ${appointmentId} and status = 'queued'
      and not (message_key = any(${[...keepKeys]}::text[]))`.execute(trx);
}

export interface MessageRow {
  message_id: number;
  appointment_id: number | null;
  kind: MessageKind;
  channel: MessageChannel;
  recipient: string;
  status: MessageStatus;
  message_key: string;
  due_at: Date;
  sent_at: Date | null;
  attempts: number;
  error: string;
}

const COLUMNS = sql`message_id::int as message_id, appointment_id::int as appointment_id, kind,
  channel, recipient, status, message_key, due_at, sent_at, attempts, error`;

/** The message, locked until the transaction ends: a second run of its job waits here. */
export async function lockMessage(
  trx: Tx,
  companyId: number,
  messageId: number,
): Promise<MessageRow | null> {
  const { rows } = await sql<MessageRow>`select ${COLUMNS} from appointment_messages
    where company_id = ${companyId} and message_id = ${messageId} for update`.execute(trx);
  return rows[0] ?? null;
}

export async function markMessage(
  trx: Tx,
  companyId: number,
  messageId: number,
  change: { status: MessageStatus; error?: string; attempted?: boolean },
): Promise<void> {
  await sql`update appointment_messages set status = ${change.status},
      error = ${change.error ?? ''},
      attempts = attempts + ${change.attempted ? 1 : 0},
      sent_at = case when ${change.status} = 'sent' then now() else sent_at end
    where company_id = ${companyId} and message_id = ${messageId}`.execute(trx);
}

/** The appointment's messages, oldest first (the message log). */
export async function messagesOf(
  trx: Tx,
  companyId: number,
  appointmentId: number,
): Promise<MessageRow[]> {
  const { rows } = await sql<MessageRow>`select ${COLUMNS} from appointment_messages
    where company_id = ${companyId} and appointment_id = ${appointmentId}
    order by created_at, message_id`.execute(trx);
  return rows;
}
