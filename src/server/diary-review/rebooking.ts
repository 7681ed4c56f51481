/**
 * diary/send_rebooking: an e-mail inviting a patient to book again, with the clinic's booking
 * page (/book?company=…) and, when their medicine runs out soon, the day. Sent through the mail
 * path (SMTP, or DATA_DIR/mail without it) inside the call's transaction, logged in the message
 * log (appointment_messages, kind 'rebooking') and audited; a mail the server does not take undoes
 * the log line.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { REBOOKING_NO_EMAIL_TEXT } from '../../shared/diary/review';
import { patients } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { ApiError, badRequest, notFound } from '../http/errors';
import { findRow } from '../entities/repository';
import { notFoundText } from '../entities/values';
import { composeMail } from '../mail/compose';
import { publicLink } from '../mail/links';
import { clinicContact } from './clinic';
import { findDue } from './due';

const BOOKING_PAGE = '/book';

const MAIL_FAILED_TEXT =
  'The mail server did not take the e-mail, so it was not sent. Please try again later.';

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export async function sendRebooking(ctx: CallContext, patientId: number) {
  const company = ctx.caller.company;
  const patient = await findRow(ctx.trx, patients, company.company_id, patientId);
  if (!patient) throw notFound(notFoundText(patients, patientId));
  const to = textOf(patient.patient_email);
  if (!to) throw badRequest(REBOOKING_NO_EMAIL_TEXT, 'patient_id');
  const clinic = await clinicContact(ctx);
  // Within a year either side: the run-out day, if the patient has one and nothing is booked.
  const due = (await findDue(ctx, { withinDays: 366, patientId })).patients[0];
  const href = publicLink(ctx.services.config, BOOKING_PAGE, { company: company.company_slug });
  const runsOut = due
    ? DateTime.fromISO(due.runs_out_on).setLocale('en-GB').toFormat('cccc d LLLL')
    : null;
  const first = textOf(patient.patient_first_name);
  const body = composeMail(
    [
      first ? `Dear ${first},` : 'Dear patient,',
      runsOut
        ? `Your herbal medicine from ${clinic.name} ${due && due.days_left < 0 ? 'ran out' : 'runs out'} on ${runsOut}. Please book a follow-up so that we can see how you are getting on and renew your prescription.`
        : `It is time for your follow-up at ${clinic.name}. Please book an appointment so that we can see how you are getting on.`,
      { href, label: 'Book an appointment' },
      clinic.phone ? `Or call us on ${clinic.phone}.` : '',
      `Kind regards,\n${clinic.name}`,
    ].filter(Boolean),
  );
  const sentAt = new Date();
  await sql`insert into appointment_messages (company_id, patient_id, kind, channel, recipient,
      status, message_key, due_at, sent_at, attempts)
    values (${company.company_id}, ${patientId}, 'rebooking', 'email', ${to}, 'sent',
      ${`rebooking:${patientId}:${sentAt.toISOString()}`}, ${sentAt}, ${sentAt}, 1)`.execute(
    ctx.trx,
  );
  await ctx.audit({
    action: 'send_rebooking',
    entity: patients.entities,
    entity_id: patientId,
    after: { sent_to: to, runs_out_on: due?.runs_out_on ?? null },
  });
  try {
    await ctx.services.mailer.send({
      to,
      subject: `Time to book your follow-up — ${clinic.name}`,
      ...body,
    });
  } catch (error) {
    // The mail server's words may name its host or account: they go to the log only.
    ctx.services.log.error({ err: error }, 'a rebooking e-mail could not be mailed');
    throw new ApiError(503, MAIL_FAILED_TEXT);
  }
  return { sent_to: to, sent_at: sentAt.toISOString() };
}
