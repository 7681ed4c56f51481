/**
 * Patient letters: a new letter is written by the current user unless another is named; its
 * patient must exist (a clear message, not a constraint error, when it was deleted meanwhile,
 * ./patient.ts). patientletters/insert_snippets appends snippets to a letter and links them
 * (./snippets.ts); their merge fields ({patient.first_name}, {company.company_name}, {today}, …)
 * stay placeholders until printing, and patientletters/get_printable fills them in (./print.ts).
 * patientletters/get_pdf downloads the same letter as a PDF (./pdf.ts); patientletters/send
 * mails that PDF to the patient and get_sendings tells where it went (./sending.ts).
 * patientletters/check_merge_fields names the merge fields that would print nothing (the editor's
 * warning and the confirmation before print, PDF and e-mail); send refuses to mail such a letter
 * unless `confirm_empty_fields` is true.
 */
import type { patientletters } from '../../shared/entities';
import { z } from 'zod';
import { authoredBy } from '../entities/authored-by';
import type { EntityBehaviour } from '../entities/behaviour';
import { idInput } from '../entities/payloads';
import { requirePatient } from './patient';
import { letterPdfDownload } from './pdf';
import { composeLetter, printableLetter } from './print';
import { letterMailing, sendLetter } from './sending';
import { appendSnippets, insertSnippets } from './snippets';

const byId = z.strictObject({ patientletter_id: idInput });
const checkInput = z.strictObject({
  patientletter_id: idInput,
  /** The editor's text not saved yet; the stored body when left out. */
  patientletter_body: z.string().max(1_000_000).optional(),
});
const sendInput = z.strictObject({
  patientletter_id: idInput,
  confirm_empty_fields: z.boolean().optional(),
});

export const patientletterBehaviour: EntityBehaviour<typeof patientletters> = {
  async beforeInsert(ctx, values) {
    authoredBy(ctx, values, 'patientletter_user_id');
    await requirePatient(ctx, values.patientletter_patient_id);
  },
  async beforeUpdate(ctx, _before, field, value) {
    if (field.name === 'patientletter_patient_id') await requirePatient(ctx, value);
  },
  calls: {
    insert_snippets: {
      route: 'update',
      input: insertSnippets,
      handler: async (ctx, input: z.output<typeof insertSnippets>) => ({
        data: await appendSnippets(ctx, input),
      }),
    },
    get_printable: {
      route: 'list',
      input: byId,
      handler: async (ctx, input: z.output<typeof byId>) => ({
        data: await printableLetter(ctx, input.patientletter_id),
      }),
    },
    // Nothing is audited: the answer names fields, and printing, PDF and e-mail audit themselves.
    check_merge_fields: {
      route: 'list',
      input: checkInput,
      handler: async (ctx, input: z.output<typeof checkInput>) => {
        const { letter } = await composeLetter(
          ctx,
          input.patientletter_id,
          input.patientletter_body,
        );
        return { data: { empty_fields: letter.empty_fields } };
      },
    },
    get_pdf: {
      route: 'list',
      input: byId,
      download: true,
      handler: (ctx, input: z.output<typeof byId>) =>
        letterPdfDownload(ctx, input.patientletter_id),
    },
    get_sendings: {
      route: 'list',
      input: byId,
      handler: async (ctx, input: z.output<typeof byId>) => ({
        data: await letterMailing(ctx, input.patientletter_id),
      }),
    },
    // Sending writes to the letter's record: the right to change letters.
    send: {
      route: 'update',
      input: sendInput,
      handler: async (ctx, input: z.output<typeof sendInput>) => {
        const mailing = await sendLetter(
          ctx,
          input.patientletter_id,
          input.confirm_empty_fields ?? false,
        );
        return {
          data: mailing,
          messages: [{ type: 's', text: `The letter was sent to ${mailing.email}.` }],
        };
      },
    },
  },
};
