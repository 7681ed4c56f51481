/**
 * Prescription lines: read and saved as a whole (prescriptions/get_lines, save_lines); saving
 * stores the prescription's total (./totals.ts). Only a prescription not yet dispensed takes
 * new lines (requireDraft, which dispensing uses too).
 */
import { sql, type RawBuilder } from 'kysely';
import { prescriptions } from '../../shared/entities';
import type {
  PrescriptionLine,
  PrescriptionLineValues,
} from '../../shared/entities/prescription-lines';
import type { CallContext } from '../http/calls';
import { badRequest, notFound } from '../http/errors';
import { explained } from '../entities/db-errors';
import { findRow, type Row } from '../entities/repository';
import { notFoundText, refuseLocked } from '../entities/values';
import { storeTotal } from './totals';

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

/** The caller's prescription `id` (locked for update when asked), or 404 as for a missing one. */
export async function requirePrescription(
  ctx: CallContext,
  id: number,
  forUpdate = false,
): Promise<Row> {
  const row = await findRow(ctx.trx, prescriptions, companyOf(ctx), id, forUpdate);
  if (!row) throw notFound(notFoundText(prescriptions, id));
  return row;
}

export async function requireDraft(ctx: CallContext, id: number): Promise<Row> {
  const row = await requirePrescription(ctx, id, true);
  refuseLocked(prescriptions, [row]);
  return row;
}

/** The lines of the prescriptions `which` selects, each with its herb's or product's name. */
async function selectLines(ctx: CallContext, which: RawBuilder<unknown>) {
  const result = await sql<PrescriptionLine & { prescription_id: number }>`select
      l.prescription_id, l.prescription_line_id, l.prescription_line_order,
      l.prescription_line_herb_id, l.prescription_line_dispensary_product_id, l.prescription_line_quantity,
      l.prescription_line_unit_kind, l.prescription_line_price, l.prescription_line_notes,
      h.herb_name, p.dispensary_product_name
    from prescription_lines l
    left join herbs h on h.company_id = l.company_id and h.herb_id = l.prescription_line_herb_id
    left join dispensary_products p on p.company_id = l.company_id
      and p.dispensary_product_id = l.prescription_line_dispensary_product_id
    where l.company_id = ${companyOf(ctx)} and l.prescription_id in (${which})
    order by l.prescription_id, l.prescription_line_order, l.prescription_line_id`.execute(ctx.trx);
  return result.rows;
}

const withoutId = ({
  prescription_id: _,
  ...line
}: PrescriptionLine & { prescription_id: number }) => line;

/** The lines of several prescriptions, each with its prescription's id (the day sheet's). */
export const readLinesOf = (ctx: CallContext, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : selectLines(ctx, sql.join([...ids]));

export async function readLines(ctx: CallContext, id: number): Promise<PrescriptionLine[]> {
  return (await selectLines(ctx, sql`${id}`)).map(withoutId);
}

/**
 * The lines and dose of a patient's latest prescriptions (as many as the patient's history tab
 * lists; its list rows leave the dose instructions out): the formulas over time.
 */
export async function readFormulas(ctx: CallContext, patientId: number, limit: number) {
  const latest = await sql<{ prescription_id: number }>`select prescription_id,
      prescription_dose_instructions, prescription_unit_kind,
      prescription_daily_dose::float8 as prescription_daily_dose, prescription_days,
      prescription_dispense_reason
    from prescriptions
    where company_id = ${companyOf(ctx)} and prescription_patient_id = ${patientId}
    order by prescription_date desc, prescription_id desc limit ${limit}`.execute(ctx.trx);
  if (latest.rows.length === 0) return [];
  const lines = await selectLines(ctx, sql.join(latest.rows.map((row) => row.prescription_id)));
  return latest.rows.map((dose) => ({
    ...dose,
    lines: lines.filter((l) => l.prescription_id === dose.prescription_id).map(withoutId),
  }));
}

/** A line of a dispensary product is measured like the product (both in mg, or both in ml). */
async function checkUnitKinds(ctx: CallContext, lines: PrescriptionLineValues[]): Promise<void> {
  for (const [index, line] of lines.entries()) {
    if (line.prescription_line_dispensary_product_id === null) continue;
    const product = await sql<{
      kind: string;
    }>`select dispensary_product_unit_kind as kind from dispensary_products
      where company_id = ${companyOf(ctx)} and dispensary_product_id = ${line.prescription_line_dispensary_product_id}`.execute(
      ctx.trx,
    );
    const kind = product.rows[0]?.kind;
    if (kind && kind !== line.prescription_line_unit_kind) {
      throw badRequest(
        `"lines.${index}.prescription_line_unit_kind": Must be ${kind}, as the product is measured by ${kind}.`,
      );
    }
  }
}

export async function saveLines(ctx: CallContext, id: number, lines: PrescriptionLineValues[]) {
  const before = await requireDraft(ctx, id);
  const old = await readLines(ctx, id);
  await checkUnitKinds(ctx, lines);
  await sql`delete from prescription_lines where company_id = ${companyOf(ctx)} and prescription_id = ${id}`.execute(
    ctx.trx,
  );
  for (const [index, line] of lines.entries()) {
    await explained(prescriptions, () =>
      sql`insert into prescription_lines (company_id, prescription_id,
        prescription_line_order, prescription_line_herb_id, prescription_line_dispensary_product_id,
        prescription_line_quantity, prescription_line_unit_kind, prescription_line_price, prescription_line_notes)
      values (${companyOf(ctx)}, ${id}, ${index + 1}, ${line.prescription_line_herb_id},
        ${line.prescription_line_dispensary_product_id}, ${line.prescription_line_quantity},
        ${line.prescription_line_unit_kind}, ${line.prescription_line_price}, ${line.prescription_line_notes})`.execute(
        ctx.trx,
      ),
    );
  }
  await storeTotal(ctx, id, lines);
  const saved = await readLines(ctx, id);
  await ctx.audit({
    action: 'save_lines',
    entity: 'prescriptions',
    entity_id: id,
    before: old,
    after: saved,
  });
  const entity = (await findRow(ctx.trx, prescriptions, companyOf(ctx), id)) as Row;
  return { entity: { ...before, ...entity }, lines: saved };
}
