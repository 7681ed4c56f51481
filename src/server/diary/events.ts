/**
 * What the diary tells the rest of the clinic when an appointment changes: messages
 * (confirmation, cancellation notice, reminders moved) and the waitlist (a freed slot). Called
 * once per booked, moved or cancelled appointment, inside the write's transaction, so that what
 * it enqueues commits or rolls back with the appointment.
 */
import type { Tx } from '../db/tenancy';
import { onAppointmentChanged } from '../messages/schedule';
import { onTimeFreed } from '../waitlist/jobs';

export interface AppointmentEvent {
  kind: 'booked' | 'moved' | 'cancelled';
  company_id: number;
  appointment_id: number;
  /** A move's time and practitioner before it. */
  previous?: { start: string; end: string; practitioner_id: number };
}

/**
 * The one call site for messages (src/server/messages/, onAppointmentChanged) and the waitlist.
 */
export async function appointmentChanged(trx: Tx, event: AppointmentEvent): Promise<void> {
  await onAppointmentChanged(trx, event);
  await onTimeFreed(trx, event);
}
