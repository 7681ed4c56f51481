/**
 * patientletters/send: the letter's PDF mailed to the patient's e-mail address through the mail
 * path (SMTP, or DATA_DIR/mail without it), recorded in patientletter_sendings and audited.
 * The mail goes last, inside the call's transaction: a mail that could not be handed over
 * undoes the record, and a patient without an address is refused before anything is written.
 * patientletters/get_sendings answers the address a sending would go to and the history.
 */
import { sql } from 'kysely';
import {
  emptyFieldsRefusalText,
  NO_EMAIL_TEXT,
  type LetterMailing,
  type LetterSending,
} from '../../shared/entities/patientletters';
import type { CallContext } from '../http/calls';
import { ApiError, badRequest, notFound } from '../http/errors';
import { findRow } from '../entities/repository';
import { notFoundText } from '../entities/values';
import { patientletters } from '../../shared/entities';
import { displayDate, emptyFieldsText } from '../../shared/entities/merge-fields';
import { composeMail } from '../mail/compose';
import { letterPdf } from '../pdf/letter-pdf';
import { letterPdfName, PDF_TYPE } from './pdf';
import { composeLetter } from './print';
import { requirePatient } from './patient';

const MAIL_FAILED_TEXT =
  'The mail server did not take the letter, so it was not sent. Please try again later.';

const emailOf = (patient: { patient_email?: unknown }) =>
  typeof patient.patient_email === 'string' ? patient.patient_email.trim() : '';

async function sendingsOf(ctx: CallContext, id: number): Promise<LetterSending[]> {
  const company = ctx.caller.company.company_id;
  const rows = await sql<{ sent_at: Date; sent_to: string; sent_by: string | null }>`
    select s.sent_at, s.sent_to, nullif(trim(u.user_first_name || ' ' || u.user_last_name), '') as sent_by
    from patientletter_sendings s
    left join users u on u.company_id = s.company_id and u.user_id = s.user_id
    where s.company_id = ${company} and s.patientletter_id = ${id}
    order by s.sent_at desc, s.sending_id desc`.execute(ctx.trx);
  return rows.rows.map((row) => ({
    sent_at: new Date(row.sent_at).toISOString(),
    sent_to: row.sent_to,
    sent_by: row.sent_by ?? '',
  }));
}

export async function letterMailing(ctx: CallContext, id: number): Promise<LetterMailing> {
  const company = ctx.caller.company.company_id;
  const letter = await findRow(ctx.trx, patientletters, company, id);
  if (!letter) throw notFound(notFoundText(patientletters, id));
  const patient = await requirePatient(ctx, letter.patientletter_patient_id);
  return { email: emailOf(patient), sendings: await sendingsOf(ctx, id) };
}

/** A letter whose merge fields print nothing is mailed only once the sender has confirmed it. */
export async function sendLetter(
  ctx: CallContext,
  id: number,
  confirmedEmptyFields: boolean,
): Promise<LetterMailing> {
  const { letter, patient } = await composeLetter(ctx, id);
  const to = emailOf(patient);
  if (!to) throw badRequest(NO_EMAIL_TEXT);
  if (letter.empty_fields.length > 0 && !confirmedEmptyFields)
    throw badRequest(emptyFieldsRefusalText(emptyFieldsText(letter.empty_fields)));
  const pdf = await letterPdf(letter);
  await ctx.trx
    .insertInto('patientletter_sendings')
    .values({
      company_id: ctx.caller.company.company_id,
      patientletter_id: id,
      sent_to: to,
      user_id: ctx.user.user_id,
    })
    .execute();
  await ctx.audit({
    action: 'send',
    entity: 'patientletters',
    entity_id: id,
    after: {
      sent_to: to,
      format: 'pdf',
      ...(letter.empty_fields.length > 0
        ? { empty_fields: letter.empty_fields.map((f) => f.placeholder) }
        : {}),
    },
  });
  const body = composeMail([
    `Dear ${letter.patient_name || 'patient'},`,
    `please find attached our letter "${letter.patientletter_name}" of ${displayDate(letter.date)} as a PDF.`,
    `Kind regards,\n${letter.company_name}`,
  ]);
  try {
    await ctx.services.mailer.send({
      to,
      subject: `${letter.patientletter_name} — ${letter.company_name}`,
      ...body,
      attachments: [{ filename: letterPdfName(letter), contentType: PDF_TYPE, content: pdf }],
    });
  } catch (error) {
    // The mail server's words may name its host or account: they go to the log only.
    ctx.services.log.error({ err: error }, 'a letter could not be mailed');
    throw new ApiError(503, MAIL_FAILED_TEXT);
  }
  return { email: to, sendings: await sendingsOf(ctx, id) };
}
