/**
 * Waitlist entries: each is titled after its patient and type ("Jane Doe · Follow-up"), retitled
 * when either changes or the patient is renamed, and its day range and hours must run forwards. Offers of a freed time are
 * ./offers.ts's; the public calls that answer them are ./routes.ts's.
 */
import { sql } from 'kysely';
import type { waitlist_entries } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import type { EntityBehaviour } from '../entities/behaviour';
import type { Row } from '../entities/repository';

/** The fields the title is made of: a change of either retitles the entry. */
const TITLE_FIELDS = new Set(['waitlist_entry_patient_id', 'waitlist_entry_appointment_type_id']);

async function titleOf(ctx: CallContext, patientId: unknown, typeId: unknown): Promise<string> {
  const { rows } = await sql<{ patient: string | null; type: string | null }>`
    select (select btrim(patient_first_name || ' ' || patient_last_name) from patients
        where company_id = ${ctx.caller.company.company_id} and patient_id = ${Number(patientId)})
        as patient,
      (select appointment_type_name from appointment_types
        where company_id = ${ctx.caller.company.company_id}
          and appointment_type_id = ${Number(typeId)}) as type`.execute(ctx.trx);
  const found = rows[0];
  return [found?.patient, found?.type].filter(Boolean).join(' · ');
}

/**
 * Titles again, from their patient's and type's names as they are now, the entries of a patient
 * who was renamed (src/server/patients/behaviour.ts); the same title as `titleOf`.
 */
export async function retitlePatientEntries(ctx: CallContext, patientId: number): Promise<void> {
  await sql`update waitlist_entries e set waitlist_entry_name = concat_ws(' · ',
      (select nullif(btrim(p.patient_first_name || ' ' || p.patient_last_name), '')
        from patients p
        where p.company_id = e.company_id and p.patient_id = e.waitlist_entry_patient_id),
      (select nullif(t.appointment_type_name, '') from appointment_types t
        where t.company_id = e.company_id
          and t.appointment_type_id = e.waitlist_entry_appointment_type_id))
    where e.company_id = ${ctx.caller.company.company_id}
      and e.waitlist_entry_patient_id = ${patientId}`.execute(ctx.trx);
}

/** The rules across fields: days and hours in order (an empty end is open). */
function checkEntry(row: Row): string | null {
  const { waitlist_entry_from: from, waitlist_entry_until: until } = row;
  if (typeof from === 'string' && typeof until === 'string' && from > until) {
    return '"waitlist_entry_until": The last day must not be before the first day.';
  }
  const { waitlist_entry_earliest: earliest, waitlist_entry_latest: latest } = row;
  if (typeof earliest === 'string' && typeof latest === 'string' && earliest && latest) {
    // 'HH:mm' strings sort as the times they name.
    if (earliest >= latest)
      return '"waitlist_entry_latest": "Not after" must be later than "Not before".';
  }
  return null;
}

export const waitlistEntryBehaviour: EntityBehaviour<typeof waitlist_entries> = {
  async beforeInsert(ctx, values) {
    values.waitlist_entry_name = await titleOf(
      ctx,
      values.waitlist_entry_patient_id,
      values.waitlist_entry_appointment_type_id,
    );
  },
  // Before the field's own write, so that the row the call answers carries the new title.
  async beforeUpdate(ctx, before, field, value) {
    if (!TITLE_FIELDS.has(field.name)) return;
    const next = { ...before, [field.name]: value };
    const title = await titleOf(
      ctx,
      next.waitlist_entry_patient_id,
      next.waitlist_entry_appointment_type_id,
    );
    await sql`update waitlist_entries set waitlist_entry_name = ${title}
      where company_id = ${ctx.caller.company.company_id}
        and waitlist_entry_id = ${before.waitlist_entry_id}`.execute(ctx.trx);
  },
  checkRow: checkEntry,
};
