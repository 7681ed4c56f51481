/**
 * Dispensing (prescriptions/dispense): takes each dispensary product's quantity from stock — all
 * lines or none — and marks the prescription dispensed, after which it is locked.
 */
import { sql } from 'kysely';
import { prescriptions } from '../../shared/entities';
import { formatQuantities, type UnitKind } from '../../shared/units';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { companyUnits } from '../modules/company-units';
import { findRow, updateRow, type Row } from '../entities/repository';
import { readLines, requireDraft } from './lines';

export async function dispense(ctx: CallContext, id: number) {
  const company = ctx.caller.company.company_id;
  const before = await requireDraft(ctx, id);
  const lines = await readLines(ctx, id);
  if (lines.length === 0) throw badRequest('A prescription without lines can not be dispensed.');
  const { unitSystem } = await companyUnits(ctx.trx, company);
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
      where company_id = ${company} and dispensary_product_id = ${productId}
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
        where company_id = ${company} and dispensary_product_id = ${productId}`.execute(ctx.trx);
      const row = stock.rows[0];
      const kind = line.prescription_line_unit_kind as UnitKind;
      // Read side by side, so in one unit (never "8 oz left, 1.1 lb needed").
      const [left, needed] = formatQuantities(
        [Number(row?.stock ?? 0), line.prescription_line_quantity],
        kind,
        unitSystem,
      );
      throw badRequest(
        `Not enough ${row?.name ?? 'stock'} in stock: ${left} left, ${needed} needed.`,
      );
    }
  }
  await updateRow(ctx.trx, prescriptions, company, id, { prescription_status: 'dispensed' });
  const after = (await findRow(ctx.trx, prescriptions, company, id)) as Row;
  await ctx.audit({ action: 'dispense', entity: 'prescriptions', entity_id: id, before, after });
  return { entity: after, lines };
}
