/**
 * What an appointment's change means for its messages, written in the change's own transaction:
 * the message rows (the log) and their jobs commit or roll back with the appointment.
 * - booked: a confirmation now, a reminder at start − N hours (the type's hours, else the diary
 *   setting; 0: none; none when that time has passed), by SMS too when the clinic reminds by text;
 * - moved: the same under the new start's keys ("rescheduled" instead of "confirmation"); the old
 *   start's reminders are skipped, and their jobs, finding them skipped, send nothing;
 * - cancelled: what was still to be sent is skipped, and a cancellation notice goes now.
 */
import type { Tx } from '../db/tenancy';
import { jobQueue, QUEUES } from '../jobs/queue';
import { appointmentFacts, clinicFacts, type AppointmentFacts } from './facts';
import { insertMessage, skipQueued, type MessageKind, type NewMessage } from './repository';

/**
 * The part of the diary's AppointmentEvent (src/server/diary/events.ts, which calls us) that
 * messages read; declared here, not imported, so that the two files do not import each other.
 */
interface AppointmentEvent {
  kind: 'booked' | 'moved' | 'cancelled';
  company_id: number;
  appointment_id: number;
}

/** The job of one message: its row says everything else. */
export interface MessageJob {
  company_id: number;
  message_id: number;
}

const HOUR_MS = 3_600_000;

/** The key of a message about the appointment's time: a new time is a new message. */
export const messageKey = (
  kind: MessageKind | 'reminder-sms',
  appointmentId: number,
  start?: Date,
): string => [kind, appointmentId, start?.toISOString()].filter((p) => p !== undefined).join(':');

interface Planned extends NewMessage {
  /** Written to the log without a job: there is nothing to send it to. */
  unsendable?: string;
}

function emailOf(
  appointment: AppointmentFacts,
  kind: MessageKind,
  key: string,
  due: Date,
): Planned {
  const recipient = appointment.patient_email.trim();
  return {
    appointment_id: appointment.appointment_id,
    patient_id: appointment.patient_id,
    kind,
    channel: 'email',
    recipient,
    message_key: key,
    due_at: due,
    ...(recipient ? {} : { unsendable: 'The patient has no e-mail address.' }),
  };
}

function reminders(
  appointment: AppointmentFacts,
  hours: number,
  sms: boolean,
  now: Date,
): Planned[] {
  if (hours <= 0) return [];
  const due = new Date(appointment.start.getTime() - hours * HOUR_MS);
  if (due <= now) return [];
  const { appointment_id: id, start } = appointment;
  const planned = [emailOf(appointment, 'reminder', messageKey('reminder', id, start), due)];
  const mobile = appointment.patient_mobile.trim();
  if (sms && mobile) {
    planned.push({
      appointment_id: id,
      patient_id: appointment.patient_id,
      kind: 'reminder',
      channel: 'sms',
      recipient: mobile,
      message_key: messageKey('reminder-sms', id, start),
      due_at: due,
    });
  }
  return planned;
}

async function plan(trx: Tx, event: AppointmentEvent, now: Date): Promise<Planned[]> {
  const company = event.company_id;
  const appointment = await appointmentFacts(trx, company, event.appointment_id);
  if (!appointment) return [];
  const id = appointment.appointment_id;
  if (event.kind === 'cancelled') {
    await skipQueued(trx, company, id, [], 'The appointment was cancelled.');
    return [emailOf(appointment, 'cancellation', messageKey('cancellation', id), now)];
  }
  const clinic = await clinicFacts(trx, company);
  const first: MessageKind = event.kind === 'moved' ? 'rescheduled' : 'confirmation';
  const planned = [
    emailOf(appointment, first, messageKey(first, id, appointment.start), now),
    ...reminders(
      appointment,
      appointment.type_reminder_hours ?? clinic.reminderHours,
      clinic.smsReminders,
      now,
    ),
  ];
  const keep = planned.map((m) => m.message_key);
  await skipQueued(trx, company, id, keep, 'The appointment moved.');
  return planned;
}

/**
 * Called by the diary (src/server/diary/events.ts) and online booking inside the transaction
 * that booked, moved or cancelled the appointment.
 */
export async function onAppointmentChanged(trx: Tx, event: AppointmentEvent): Promise<void> {
  const now = new Date();
  for (const message of await plan(trx, event, now)) {
    const { unsendable, ...row } = message;
    const stored = unsendable ? { ...row, status: 'skipped' as const, error: unsendable } : row;
    const messageId = await insertMessage(trx, event.company_id, stored);
    if (messageId === null || unsendable) continue;
    const job: MessageJob = { company_id: event.company_id, message_id: messageId };
    await jobQueue().send(trx, QUEUES.messages, job, { startAfter: message.due_at });
  }
}
