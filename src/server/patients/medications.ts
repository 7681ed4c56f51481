/**
 * patients/add_medication_named: current medication as people write it. The name typed on the
 * patient's record is looked up in the clinic's medicines (case aside); a name the list lacks is
 * added there without a drug class — "Not mapped — for review" — and linked all the same, never
 * refused. The link goes through the generic relation change (its audit entry and answer).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { patients } from '../../shared/entities';
import { textRule } from '../../shared/entities/rules';
import type { CallContext } from '../http/calls';
import { idInput } from '../entities/payloads';
import { changeRelation, relationOf } from '../entities/relations';

/** The patient's id and the name as typed (the picker's `addByName` call, shared/entities). */
export const medicationNamedSchema = z.strictObject({
  id: idInput,
  name: textRule(200, true),
});

/** The medicine of that name (the first, if the clinic has two), or a new unmapped one. */
async function medicineNamed(ctx: CallContext, name: string): Promise<number> {
  const company = ctx.caller.company.company_id;
  const found = await sql<{ medicine_id: string }>`select medicine_id from medicines
    where company_id = ${company} and lower(medicine_name) = lower(${name})
    order by medicine_id limit 1`.execute(ctx.trx);
  if (found.rows[0]) return Number(found.rows[0].medicine_id);
  const added = await sql<{ medicine_id: string }>`insert into medicines
    (company_id, medicine_name) values (${company}, ${name}) returning medicine_id`.execute(
    ctx.trx,
  );
  const id = Number(added.rows[0]!.medicine_id);
  await ctx.audit({
    action: 'insert',
    entity: 'medicines',
    entity_id: id,
    after: { medicine_name: name },
  });
  return id;
}

export async function addMedicationNamed(
  ctx: CallContext,
  input: z.output<typeof medicationNamedSchema>,
) {
  const medicine = await medicineNamed(ctx, input.name);
  const relation = relationOf(patients, 'medications');
  return changeRelation(ctx, patients, {}, relation, 'add', input.id, [medicine]);
}
