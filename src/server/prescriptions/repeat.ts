/**
 * prescriptions/repeat: a prescription's formula — its dose, days and lines — copied into a new
 * draft for the same patient, dated today and written by the caller, in the call's one
 * transaction. The lines keep their prices (the practitioner adjusts the draft); the draft is
 * priced on the clinic's current fees (./totals.ts). A dispensed prescription may be repeated:
 * the copy is a new row, so the source's lock does not apply.
 */
import { sql } from 'kysely';
import { prescriptions } from '../../shared/entities';
import { todayIso } from '../../shared/iso-date';
import type { CallContext } from '../http/calls';
import { forbidden } from '../http/errors';
import { capabilitiesOf } from '../entities/capabilities';
import { explained } from '../entities/db-errors';
import { findRow, insertRow, type Row } from '../entities/repository';
import { completeInsert, copiedValues } from '../entities/values';
import { readLines, requirePrescription } from './lines';
import { storeTotal } from './totals';

/** The fields the repeat sets afresh rather than copies. */
const FRESH = ['prescription_name', 'prescription_date', 'prescription_user_id'] as const;

export async function repeatPrescription(
  ctx: CallContext,
  sourceId: number,
  /** The behaviour's beforeInsert: names the draft and its practitioner like any new one. */
  prepare: (ctx: CallContext, values: Row) => Promise<void>,
): Promise<Row> {
  const company = ctx.caller.company.company_id;
  if (!(await capabilitiesOf(ctx, prescriptions)).insert) {
    throw forbidden(`${prescriptions.title} can not be added here.`);
  }
  const source = await requirePrescription(ctx, sourceId);
  const copied = copiedValues(prescriptions, source);
  for (const name of FRESH) delete copied[name];
  const values = completeInsert(prescriptions, { prescription_date: todayIso() }, copied);
  await prepare(ctx, values);
  const id = await explained(prescriptions, () =>
    insertRow(ctx.trx, prescriptions, company, values),
  );
  await sql`insert into prescription_lines (company_id, prescription_id, prescription_line_order,
      prescription_line_herb_id, prescription_line_dispensary_product_id, prescription_line_quantity,
      prescription_line_unit_kind, prescription_line_price, prescription_line_notes)
    select company_id, ${id}, prescription_line_order, prescription_line_herb_id,
      prescription_line_dispensary_product_id, prescription_line_quantity,
      prescription_line_unit_kind, prescription_line_price, prescription_line_notes
    from prescription_lines where company_id = ${company} and prescription_id = ${sourceId}`.execute(
    ctx.trx,
  );
  const lines = await readLines(ctx, id);
  await storeTotal(ctx, id, lines);
  const row = (await findRow(ctx.trx, prescriptions, company, id)) as Row;
  await ctx.audit({
    action: 'repeat',
    entity: 'prescriptions',
    entity_id: id,
    before: { prescription_id: sourceId },
    after: { ...row, lines },
  });
  return row;
}
