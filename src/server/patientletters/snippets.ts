/**
 * patientletters/insert_snippets: appends the chosen snippets' text to a letter, in the order
 * given, and links them to it; their merge fields stay placeholders until printing (./print.ts).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { patientletters, snippets } from '../../shared/entities';
import { normaliseRichText } from '../../shared/entities/rules';
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';
import { addLinks } from '../entities/links';
import { idInput, idList } from '../entities/payloads';
import { findRow, findRows, updateRow, type Row } from '../entities/repository';
import { notFoundText } from '../entities/values';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
export const insertSnippets = z.strictObject({
  patientletter_id: idInput,
  snippet_ids: idList(100).min(1),
});

export async function appendSnippets(ctx: CallContext, input: z.output<typeof insertSnippets>) {
  const company = ctx.caller.company.company_id;
  const before = await findRow(ctx.trx, patientletters, company, input.patientletter_id, true);
  if (!before) throw notFound(notFoundText(patientletters, input.patientletter_id));
  const chosen = await findRows(ctx.trx, snippets, company, input.snippet_ids);
  const byId = new Map(chosen.map((row) => [row.snippet_id, row]));
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
