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
import type { CallContext, CallResult } from '../http/calls';
import { idInput } from '../entities/payloads';
import { changeRelation, relationOf } from '../entities/relations';

/** The patient's id and the name as typed (the picker's `addByName` call, shared/entities). */
export const medicationNamedSchema = z.strictObject({
  id: idInput,
  name: textRule(200, true),
});

interface Named {
  id: number;
  name: string;
  mapped: boolean;
}

/** The medicine of that name (the first, if the clinic has two), or a new unmapped one. */
async function medicineNamed(ctx: CallContext, name: string): Promise<Named> {
  const company = ctx.caller.company.company_id;
  const found = await sql<{ medicine_id: string; medicine_name: string; mapped: boolean }>`
    select medicine_id, medicine_name, medicine_drug_class_id is not null as mapped
    from medicines where company_id = ${company} and lower(medicine_name) = lower(${name})
    order by medicine_id limit 1`.execute(ctx.trx);
  const row = found.rows[0];
  if (row) return { id: Number(row.medicine_id), name: row.medicine_name, mapped: row.mapped };
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
  return { id, name, mapped: false };
}

/** Links the medicine; one not mapped to a drug class is said so: the checks can not read it. */
export async function addMedicationNamed(
  ctx: CallContext,
  input: z.output<typeof medicationNamedSchema>,
): Promise<CallResult> {
  const medicine = await medicineNamed(ctx, input.name);
  const relation = relationOf(patients, 'medications');
  const data = await changeRelation(ctx, patients, {}, relation, 'add', input.id, [medicine.id]);
  if (medicine.mapped) return { data };
  const text =
    `${medicine.name} is not mapped to a drug class, so the safety checks can not read it: ` +
    'kept, for review (Reference data › Medicines).';
  return { data, messages: [{ type: 'w', text }] };
}
