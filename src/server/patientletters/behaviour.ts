/**
 * Patient letters: a new letter is written by the current user unless another is named; its
 * patient must exist (a clear message, not a constraint error, when it was deleted meanwhile).
 * patientletters/insert_snippets appends snippets to a letter and links them; their merge fields
 * ({patient.first_name}, {company.company_name}, {today}, …) stay placeholders until printing,
 * and patientletters/get_printable fills them in (./patientletter-print.ts).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { patientletters, snippets } from '../../../shared/entities';
import { normaliseRichText } from '../../../shared/entities/rules';
import type { CallContext } from '../../http/calls';
import { notFound } from '../../http/errors';
import type { EntityHooks } from '../hooks';
import { addLinks } from '../links';
import { idInput, idList } from '../payloads';
import { findRow, findRows, updateRow, type Row } from '../repository';
import { notFoundText } from '../values';
import { printableLetter, requirePatient } from './patientletter-print';
import { authoredBy } from './prescriptions';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const insertSnippets = z.strictObject({
  patientletter_id: idInput,
  snippet_ids: idList(100).min(1),
});
const byId = z.strictObject({ patientletter_id: idInput });

async function appendSnippets(ctx: CallContext, input: z.output<typeof insertSnippets>) {
  const company = ctx.caller.company.company_id;
  const before = await findRow(ctx.trx, patientletters, company, input.patientletter_id, true);
  if (!before) throw notFound(notFoundText(patientletters, input.patientletter_id));
  const chosen = await findRows(ctx.trx, snippets, company, input.snippet_ids);
  const byId = new Map(chosen.map((row) => [row.snippet_id as number, row]));
  const missing = input.snippet_ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw notFound(notFoundText(snippets, missing));
  const added = input.snippet_ids.map((id) => textOf(byId.get(id)?.snippet_body));
  const body = normaliseRichText(
    [String(before.patientletter_body), ...added].filter(Boolean).join('\n'),
  );
  await updateRow(ctx.trx, patientletters, company, input.patientletter_id, {
    patientletter_body: body,
  });
  const relation = patientletters.relations.find((r) => r.name === 'snippets');
  if (relation)
    await addLinks(ctx.trx, relation, company, input.patientletter_id, input.snippet_ids);
  const after = (await findRow(ctx.trx, patientletters, company, input.patientletter_id)) as Row;
  await ctx.audit({
    action: 'insert_snippets',
    entity: 'patientletters',
    entity_id: input.patientletter_id,
    before,
    after,
  });
  const linked = await sql<{ id: number }>`select snippet_id as id from patientletter_snippets
    where company_id = ${company} and patientletter_id = ${input.patientletter_id} order by 1`.execute(
    ctx.trx,
  );
  return { entity: { ...after, _relations: { snippets: linked.rows.map((r) => r.id) } } };
}

export const patientletterHooks: EntityHooks = {
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
