/**
 * "Where did batch X go": the batch, every prescription (and so every patient) that received
 * some of it, and its whole ledger — what a recall needs, printable as it stands.
 */
import { sql } from 'kysely';
import type { BatchTrace, LedgerRow, TraceRow } from '../../shared/stock';
import type { CallContext } from '../http/calls';
import { notFound } from '../http/errors';

export async function batchTrace(ctx: CallContext, batchId: number): Promise<BatchTrace> {
  const company = ctx.caller.company.company_id;
  const batch = await sql<BatchTrace['batch']>`select b.batch_id::int as batch_id, b.batch_name,
      b.batch_supplier, b.batch_expiry::text as batch_expiry, b.batch_unit_kind,
      b.batch_quantity::float8 as batch_quantity,
      p.dispensary_product_id::int as dispensary_product_id, p.dispensary_product_name
    from batches b join dispensary_products p on p.company_id = b.company_id
      and p.dispensary_product_id = b.batch_dispensary_product_id
    where b.company_id = ${company} and b.batch_id = ${batchId}`.execute(ctx.trx);
  const found = batch.rows[0];
  if (!found) throw notFound(`There is no batch with id ${batchId}.`);
  // A prescription that took from the batch twice (two lines) shows once, with the sum.
  const prescriptions = await sql<TraceRow>`select m.stock_move_prescription_id::int as
      prescription_id, r.prescription_name, r.prescription_date::text as prescription_date,
      pa.patient_id::int as patient_id, pa.patient_name,
      -sum(m.stock_move_quantity)::float8 as quantity, max(m.stock_move_at)::text as dispensed_at
    from stock_moves m
    left join prescriptions r on r.company_id = m.company_id
      and r.prescription_id = m.stock_move_prescription_id
    left join patients pa on pa.company_id = r.company_id
      and pa.patient_id = r.prescription_patient_id
    where m.company_id = ${company} and m.stock_move_batch_id = ${batchId}
      and m.stock_move_kind = 'dispense'
    group by m.stock_move_prescription_id, r.prescription_name, r.prescription_date,
      pa.patient_id, pa.patient_name
    order by max(m.stock_move_at), m.stock_move_prescription_id`.execute(ctx.trx);
  const ledger = await sql<LedgerRow>`select stock_move_id::int as stock_move_id,
      stock_move_kind as kind, stock_move_quantity::float8 as quantity, stock_move_reason as reason,
      stock_move_prescription_id::int as prescription_id, stock_move_at::text as at
    from stock_moves where company_id = ${company} and stock_move_batch_id = ${batchId}
    order by stock_move_id`.execute(ctx.trx);
  // A recall list names patients: its reading is audited like a patient record's.
  await ctx.audit({
    action: 'trace',
    entity: 'batches',
    entity_id: batchId,
    after: { patient_ids: prescriptions.rows.map((r) => r.patient_id) },
  });
  return { batch: found, prescriptions: prescriptions.rows, ledger: ledger.rows };
}
