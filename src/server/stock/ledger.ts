/**
 * The stock ledger's repository. Rows are only ever added; the database applies each to its batch
 * and product (trigger stock_moves_apply, migration 0024), so on hand = sum of the batches = the
 * ledger's sum, whatever writes.
 *
 * Locking order, which every stock change keeps so that two of them never wait on each other in
 * a circle: first the products' rows (lockProducts, by id), then their batches (by product, then
 * the FEFO order). A batch is only changed by a caller holding its product's lock. The locks are
 * FOR NO KEY UPDATE: they queue stock changes behind each other but not behind rows that merely
 * reference a product (a formula's lines being saved take key-share locks on their products in
 * line order, which FOR UPDATE would wait on, in a circle, with a dispense).
 */
import { sql } from 'kysely';
import type { StockMoveKind } from '../../shared/stock';
import type { Tx } from '../db/tenancy';

interface LockedProduct {
  dispensary_product_id: number;
  dispensary_product_name: string;
  dispensary_product_unit_kind: string;
  dispensary_product_cost: number;
  dispensary_product_stock: number;
}

/** Locks the products named, in id order; the ones that exist are returned by id. */
export async function lockProducts(
  trx: Tx,
  company: number,
  ids: readonly number[],
): Promise<Map<number, LockedProduct>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return new Map();
  const result =
    await sql<LockedProduct>`select dispensary_product_id::int as dispensary_product_id,
      dispensary_product_name, dispensary_product_unit_kind,
      dispensary_product_cost::float8 as dispensary_product_cost,
      dispensary_product_stock::float8 as dispensary_product_stock
    from dispensary_products
    where company_id = ${company} and dispensary_product_id = any(${unique}::bigint[])
    order by dispensary_product_id for no key update`.execute(trx);
  return new Map(result.rows.map((row) => [row.dispensary_product_id, row]));
}

export interface LockedBatch {
  batch_id: number;
  batch_name: string;
  batch_dispensary_product_id: number;
  batch_quantity: number;
  batch_expiry: string | null;
}

const batchColumns = sql`batch_id::int as batch_id, batch_name,
  batch_dispensary_product_id::int as batch_dispensary_product_id,
  batch_quantity::float8 as batch_quantity, batch_expiry::text as batch_expiry`;

/** Which product each batch holds (unlocked: the caller locks the products next). */
export async function productsOfBatches(
  trx: Tx,
  company: number,
  batchIds: readonly number[],
): Promise<Map<number, number>> {
  const result = await sql<{ batch_id: number; product_id: number }>`select batch_id::int as
      batch_id, batch_dispensary_product_id::int as product_id
    from batches where company_id = ${company} and batch_id = any(${[...batchIds]}::bigint[])`.execute(
    trx,
  );
  return new Map(result.rows.map((row) => [row.batch_id, row.product_id]));
}

/** Locks the batches named, by product then id; call with their products locked. */
export async function lockBatches(
  trx: Tx,
  company: number,
  batchIds: readonly number[],
): Promise<Map<number, LockedBatch>> {
  const result = await sql<LockedBatch>`select ${batchColumns} from batches
    where company_id = ${company} and batch_id = any(${[...batchIds]}::bigint[])
    order by batch_dispensary_product_id, batch_id for no key update`.execute(trx);
  return new Map(result.rows.map((row) => [row.batch_id, row]));
}

/**
 * The usable batches of the products, locked, in the order dispensing takes them (FEFO): unexpired
 * (a batch is usable on its expiry day) and holding stock; earliest expiry first, a batch without
 * an expiry (the opening stock, older than any batch received) before all, then the oldest batch.
 */
export async function lockUsableBatches(
  trx: Tx,
  company: number,
  productIds: readonly number[],
): Promise<LockedBatch[]> {
  const result = await sql<LockedBatch>`select ${batchColumns} from batches
    where company_id = ${company}
      and batch_dispensary_product_id = any(${[...productIds]}::bigint[])
      and batch_quantity > 0 and (batch_expiry is null or batch_expiry >= current_date)
    order by batch_dispensary_product_id, batch_expiry nulls first, batch_id
    for no key update`.execute(trx);
  return result.rows;
}

export interface NewMove {
  product_id: number;
  batch_id: number;
  kind: StockMoveKind;
  /** Signed, in the base unit. */
  quantity: number;
  reason?: string;
  prescription_id?: number | null;
}

/** Adds the ledger rows in one statement; each is applied to its batch and product. */
export async function addMoves(
  trx: Tx,
  company: number,
  userId: number,
  moves: readonly NewMove[],
): Promise<void> {
  const rows = moves.filter((m) => m.quantity !== 0);
  if (rows.length === 0) return;
  await sql`insert into stock_moves (company_id, stock_move_product_id, stock_move_batch_id,
      stock_move_kind, stock_move_quantity, stock_move_reason, stock_move_prescription_id,
      stock_move_user_id)
    select ${company}, m.product_id, m.batch_id, m.kind, m.quantity, m.reason, m.prescription_id,
      ${userId}
    from unnest(${rows.map((m) => m.product_id)}::bigint[], ${rows.map((m) => m.batch_id)}::bigint[],
      ${rows.map((m) => m.kind)}::text[], ${rows.map((m) => m.quantity)}::numeric[],
      ${rows.map((m) => m.reason ?? '')}::text[],
      ${rows.map((m) => m.prescription_id ?? null)}::bigint[])
      with ordinality as m(product_id, batch_id, kind, quantity, reason, prescription_id, n)
    order by m.n`.execute(trx);
}
