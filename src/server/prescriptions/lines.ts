/**
 * Prescription lines: read and saved as a whole (prescriptions/get_lines, save_lines); saving
 * sets the prescription's total. Dispensing (prescriptions/dispense) takes each dispensary
 * product's quantity from stock — all lines or none — and marks the prescription dispensed.
 */
import { sql } from 'kysely';
import { prescriptions } from '../../../shared/entities';
import type {
  PrescriptionLine,
  PrescriptionLineValues,
} from '../../../shared/entities/prescription-lines';
import { prescriptionTotals } from '../../../shared/prescription-totals';
import { formatQuantity, type UnitKind } from '../../../shared/units';
import type { CallContext } from '../../http/calls';
import { badRequest, notFound } from '../../http/errors';
import { companyUnits } from '../../modules/company-units';
import { explained } from '../db-errors';
import { findRow, updateRow, type Row } from '../repository';
import { notFoundText, refuseLocked } from '../values';

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;

export async function requireDraft(ctx: CallContext, id: number): Promise<Row> {
  const row = await findRow(ctx.trx, prescriptions, companyOf(ctx), id, true);
  if (!row) throw notFound(notFoundText(prescriptions, id));
  refuseLocked(prescriptions, [row]);
  return row;
}

export async function readLines(ctx: CallContext, id: number): Promise<PrescriptionLine[]> {
  const result =
    await sql<PrescriptionLine>`select l.prescription_line_id, l.prescription_line_order,
      l.prescription_line_herb_id, l.prescription_line_dispensary_product_id, l.prescription_line_quantity,
      l.prescription_line_unit_kind, l.prescription_line_price, l.prescription_line_notes,
      h.herb_name, p.dispensary_product_name
    from prescription_lines l
    left join herbs h on h.company_id = l.company_id and h.herb_id = l.prescription_line_herb_id
    left join dispensary_products p on p.company_id = l.company_id
      and p.dispensary_product_id = l.prescription_line_dispensary_product_id
    where l.company_id = ${companyOf(ctx)} and l.prescription_id = ${id}
    order by l.prescription_line_order, l.prescription_line_id`.execute(ctx.trx);
  return result.rows;
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
  const { currency } = await companyUnits(ctx.trx, companyOf(ctx));
  const total = prescriptionTotals(lines, currency).price;
  await updateRow(ctx.trx, prescriptions, companyOf(ctx), id, { prescription_total_price: total });
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

export async function dispense(ctx: CallContext, id: number) {
  const before = await requireDraft(ctx, id);
  const lines = await readLines(ctx, id);
  if (lines.length === 0) throw badRequest('A prescription without lines can not be dispensed.');
  const { unitSystem } = await companyUnits(ctx.trx, companyOf(ctx));
  // Stock rows are taken in product order, whatever the lines' order: two dispenses sharing
  // products then queue on the first one instead of each holding what the other waits for.
  const byProduct = [...lines].sort(
    (a, b) =>
      (a.prescription_line_dispensary_product_id ?? 0) -
      (b.prescription_line_dispensary_product_id ?? 0),
  );
  for (const line of byProduct) {
    const productId = line.prescription_line_dispensary_product_id;
    if (productId === null) continue;
    const taken = await sql<{ name: string; stock: number }>`update dispensary_products
      set dispensary_product_stock = dispensary_product_stock - ${line.prescription_line_quantity}
      where company_id = ${companyOf(ctx)} and dispensary_product_id = ${productId}
        and dispensary_product_stock >= ${line.prescription_line_quantity}
      returning dispensary_product_name as name, dispensary_product_stock as stock`.execute(
      ctx.trx,
    );
    const moved = taken.rows[0];
    const quantity = line.prescription_line_quantity ?? 0;
    if (moved) {
      // The product's own trail names this move, so a stale stock edit can say who made it.
      const stock = 'dispensary_product_stock';
      await ctx.audit({
        action: 'dispense',
        entity: 'dispensary_products',
        entity_id: productId,
        before: { [stock]: Number(moved.stock) + quantity },
        after: { [stock]: Number(moved.stock), prescription_id: id },
      });
    } else {
      const stock = await sql<{
        name: string;
        stock: number;
      }>`select dispensary_product_name as name,
          dispensary_product_stock as stock from dispensary_products
        where company_id = ${companyOf(ctx)} and dispensary_product_id = ${productId}`.execute(
        ctx.trx,
      );
      const row = stock.rows[0];
      const kind = line.prescription_line_unit_kind as UnitKind;
      throw badRequest(
        `Not enough ${row?.name ?? 'stock'} in stock: ${formatQuantity(Number(row?.stock ?? 0), kind, unitSystem)} left, ` +
          `${formatQuantity(line.prescription_line_quantity, kind, unitSystem)} needed.`,
      );
    }
  }
  await updateRow(ctx.trx, prescriptions, companyOf(ctx), id, { prescription_status: 'dispensed' });
  const after = (await findRow(ctx.trx, prescriptions, companyOf(ctx), id)) as Row;
  await ctx.audit({ action: 'dispense', entity: 'prescriptions', entity_id: id, before, after });
  return { entity: after, lines };
}
