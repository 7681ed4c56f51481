/**
 * The words of each message: the clinic's name, the time in the clinic's zone, where, the manage
 * link and the cancellation policy. A confirmation (and a moved appointment's notice) carries the
 * .ics invitation.
 */
import { DateTime } from 'luxon';
import { composeMail } from '../mail/compose';
import type { MailMessage } from '../mail/mailer';
import type { AppointmentFacts, ClinicFacts } from './facts';
import { appointmentUid, calendarText } from './ics';
import type { MessageKind } from './repository';

export interface MessageContext {
  companyId: number;
  clinic: ClinicFacts;
  appointment: AppointmentFacts;
  /** The page where the patient cancels or moves it; null when none is offered (cancelled). */
  manageUrl: string | null;
}

/** "Tuesday 10 March 2026 at 10:00 (GMT)", in the clinic's zone. */
export const clinicTime = (start: Date, zone: string): string =>
  DateTime.fromJSDate(start, { zone }).toFormat("cccc d LLLL yyyy 'at' HH:mm (ZZZZ)");

const SUBJECTS: Record<MessageKind, (clinic: string, when: string) => string> = {
  confirmation: (clinic, when) => `Your appointment at ${clinic}: ${when}`,
  rescheduled: (clinic, when) => `Your appointment at ${clinic} has moved to ${when}`,
  reminder: (clinic, when) => `Reminder: your appointment at ${clinic}, ${when}`,
  cancellation: (clinic, when) => `Cancelled: your appointment at ${clinic}, ${when}`,
};

const OPENINGS: Record<MessageKind, string> = {
  confirmation: 'Your appointment is booked',
  rescheduled: 'Your appointment has moved. It is now',
  reminder: 'A reminder of your appointment',
  cancellation: 'Your appointment is cancelled. It was',
};

const whereOf = (context: MessageContext): string =>
  context.appointment.place || context.clinic.address;

function whatOf(appointment: AppointmentFacts): string {
  const type = appointment.type_name || 'Appointment';
  return appointment.practitioner ? `${type} with ${appointment.practitioner}` : type;
}

export function messageMail(kind: MessageKind, to: string, context: MessageContext): MailMessage {
  const { clinic, appointment, manageUrl } = context;
  const when = clinicTime(appointment.start, clinic.zone);
  const where = whereOf(context);
  const name = appointment.patient_first_name;
  const blocks = [
    name ? `Hello ${name},` : 'Hello,',
    `${OPENINGS[kind]}: ${when}.`,
    whatOf(appointment),
    ...(where ? [`Where: ${where}`] : []),
    ...(manageUrl && kind !== 'cancellation'
      ? [{ href: manageUrl, label: 'Cancel or move this appointment' }]
      : []),
    ...(clinic.cancellationPolicy && kind !== 'cancellation' ? [clinic.cancellationPolicy] : []),
    kind === 'cancellation'
      ? `To book again, ${clinic.phone ? `call us on ${clinic.phone} or ` : ''}use our booking page.`
      : '',
    [clinic.name, clinic.phone].filter(Boolean).join(' · '),
  ].filter((block) => block !== '');
  const mail: MailMessage = {
    to,
    subject: SUBJECTS[kind](clinic.name, when),
    ...composeMail(blocks),
  };
  if (kind === 'confirmation' || kind === 'rescheduled') {
    mail.attachments = [invitation(context)];
  }
  return mail;
}

function invitation(context: MessageContext) {
  const { clinic, appointment } = context;
  const text = calendarText({
    name: clinic.name,
    method: 'publish',
    events: [
      {
        uid: appointmentUid(context.companyId, appointment.appointment_id),
        start: appointment.start,
        end: appointment.end,
        summary: `${whatOf(appointment)} at ${clinic.name}`,
        location: whereOf(context),
        ...(context.manageUrl ? { url: context.manageUrl } : {}),
        description: clinic.cancellationPolicy,
        // Later versions of the same appointment (a move) replace earlier ones.
        sequence: Math.floor(Date.now() / 1000),
      },
    ],
  });
  return {
    filename: 'appointment.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(text),
  };
}

/** The text of an SMS reminder: short, no link (a manage link in a text invites phishing look-alikes). */
export function reminderText(context: MessageContext): string {
  const { clinic, appointment } = context;
  const when = DateTime.fromJSDate(appointment.start, { zone: clinic.zone }).toFormat(
    'ccc d LLL HH:mm',
  );
  const call = clinic.phone ? ` To cancel or move it call ${clinic.phone}.` : '';
  return `Reminder: ${whatOf(appointment)} at ${clinic.name}, ${when}.${call}`;
}
