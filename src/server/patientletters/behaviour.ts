/**
 * Patient letters: a new letter is written by the current user unless another is named; its
 * patient must exist (a clear message, not a constraint error, when it was deleted meanwhile,
 * ./patient.ts). patientletters/insert_snippets appends snippets to a letter and links them
 * (./snippets.ts); their merge fields ({patient.first_name}, {company.company_name}, {today}, …)
 * stay placeholders until printing, and patientletters/get_printable fills them in (./print.ts).
 */
import type { patientletters } from '../../shared/entities';
import { z } from 'zod';
import { authoredBy } from '../entities/authored-by';
import type { EntityBehaviour } from '../entities/behaviour';
import { idInput } from '../entities/payloads';
import { requirePatient } from './patient';
import { printableLetter } from './print';
import { appendSnippets, insertSnippets } from './snippets';

const byId = z.strictObject({ patientletter_id: idInput });

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
  },
};
