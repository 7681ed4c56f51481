/**
 * An appointment's message log (`appointments/get_messages`): what was, or will be, sent to the
 * patient about it, by which channel, and what became of it. Shown under the appointment editor;
 * the server checks what the call takes (src/server/messages/routes.ts).
 */

export const GET_MESSAGES_CALL = 'appointments/get_messages';

export interface AppointmentMessage {
  message_id: number;
  kind: 'confirmation' | 'rescheduled' | 'reminder' | 'cancellation';
  channel: 'email' | 'sms';
  recipient: string;
  /** queued (waiting for due_at), sent, failed (after every retry), skipped (no longer due). */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';
  /** ISO 8601 instants. */
  due_at: string;
  sent_at: string | null;
  attempts: number;
  error: string;
}

export const MESSAGE_KIND_LABELS: Record<AppointmentMessage['kind'], string> = {
  confirmation: 'Confirmation',
  rescheduled: 'Moved notice',
  reminder: 'Reminder',
  cancellation: 'Cancellation notice',
};
