/**
 * Batches received in bulk (the demo clinic's stock): each a batch row and its receipt in the
 * ledger, as stock/receive writes them one at a time.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';
import { addMoves } from './ledger';

export interface Receipt {
  product_id: number;
  batch_name: string;
  supplier: string;
  expiry: string | null;
  quantity: number;
}

export async function receiveBatches(
  trx: Tx,
  company: number,
  userId: number,
  receipts: readonly Receipt[],
): Promise<void> {
  if (receipts.length === 0) return;
  const made = await sql<{ batch_id: number; product_id: number; n: number }>`
    insert into batches (company_id, batch_name, batch_dispensary_product_id, batch_supplier,
      batch_expiry, batch_unit_kind, batch_received_quantity, batch_cost)
    select ${company}, r.name, p.dispensary_product_id, r.supplier, r.expiry,
      p.dispensary_product_unit_kind, r.quantity, p.dispensary_product_cost
    from unnest(${receipts.map((r) => r.product_id)}::bigint[],
        ${receipts.map((r) => r.batch_name)}::text[], ${receipts.map((r) => r.supplier)}::text[],
        ${receipts.map((r) => r.expiry)}::date[], ${receipts.map((r) => r.quantity)}::numeric[])
      with ordinality as r(product_id, name, supplier, expiry, quantity, n)
    join dispensary_products p on p.company_id = ${company}
      and p.dispensary_product_id = r.product_id
    order by r.n
    returning batch_id::int as batch_id, batch_dispensary_product_id::int as product_id,
      batch_received_quantity::float8 as n`.execute(trx);
  await addMoves(
    trx,
    company,
    userId,
    made.rows.map((row) => ({
      product_id: row.product_id,
      batch_id: row.batch_id,
      kind: 'receipt' as const,
      quantity: row.n,
    })),
  );
}
