/**
 * patientletters/get_pdf: the letter as a PDF download. The file is built whole (a letter is a
 * few pages) and sent as the body of the reply, as exports are (src/server/exports/reply.ts),
 * so binary never travels inside the JSON envelope; a refusal is an envelope as usual.
 */
import type { PrintableLetter } from '../../shared/entities/patientletters';
import type { CallContext, CallResult } from '../http/calls';
import { letterPdf } from '../pdf/letter-pdf';
import { composeLetter } from './print';

export const PDF_TYPE = 'application/pdf';

/** Plain ASCII (id and date), so that every header and mail client takes it as it is. */
export const letterPdfName = (letter: PrintableLetter) =>
  `letter-${letter.patientletter_id}-${letter.date}.pdf`;

export async function letterPdfDownload(ctx: CallContext, id: number): Promise<CallResult> {
  const { letter } = await composeLetter(ctx, id);
  const pdf = await letterPdf(letter);
  await ctx.audit({
    action: 'export',
    entity: 'patientletters',
    entity_id: id,
    after: { format: 'pdf' },
  });
  return {
    download: {
      filename: letterPdfName(letter),
      contentType: PDF_TYPE,
      headers: { 'content-length': String(pdf.length) },
      write: (sink) => sink.write(pdf),
    },
  };
}
