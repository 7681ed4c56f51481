/**
 * The batches that went into a dispensed prescription, for its label (batch and expiry of each
 * product, as a recall or a patient's question needs them): read from the ledger's dispense rows.
 */
import { sql } from 'kysely';
import type { PrescriptionBatch } from '../../shared/stock';
import type { CallContext } from '../http/calls';

export async function prescriptionBatches(
  ctx: CallContext,
  prescriptionId: number,
): Promise<PrescriptionBatch[]> {
  const company = ctx.caller.company.company_id;
  // A line split across two batches names both; two lines from one batch name it once.
  const found = await sql<PrescriptionBatch>`select p.dispensary_product_name,
      b.batch_name, b.batch_expiry::text as batch_expiry,
      -sum(m.stock_move_quantity)::float8 as quantity
    from stock_moves m
    join batches b on b.company_id = m.company_id and b.batch_id = m.stock_move_batch_id
    join dispensary_products p on p.company_id = m.company_id
      and p.dispensary_product_id = m.stock_move_product_id
    where m.company_id = ${company} and m.stock_move_prescription_id = ${prescriptionId}
      and m.stock_move_kind = 'dispense'
    group by p.dispensary_product_name, b.batch_id, b.batch_name, b.batch_expiry
    order by p.dispensary_product_name, b.batch_expiry nulls first, b.batch_id`.execute(ctx.trx);
  return found.rows;
}
