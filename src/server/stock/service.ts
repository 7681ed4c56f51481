/**
 * Stock changes other than dispensing (../prescriptions/dispensing.ts): receiving a batch,
 * adjusting one with a reason, booking a stock take's differences, writing off expired batches.
 * Each locks as ledger.ts says, writes ledger rows only, and lands in the audit trail.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { BatchMove, adjustSchema, receiveSchema, stockTakeSchema } from '../../shared/stock';
import { dispensary_products } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { badRequest, notFound } from '../http/errors';
import { notFoundText } from '../entities/values';
import {
  addMoves,
  lockBatches,
  lockProducts,
  productsOfBatches,
  type LockedBatch,
  type NewMove,
} from './ledger';

const companyOf = (ctx: CallContext) => ctx.caller.company.company_id;
const noBatch = (id: number) => notFound(`There is no batch with id ${id}.`);

export async function receive(
  ctx: CallContext,
  input: z.output<typeof receiveSchema>,
): Promise<BatchMove> {
  const company = companyOf(ctx);
  const products = await lockProducts(ctx.trx, company, [input.dispensary_product_id]);
  const product = products.get(input.dispensary_product_id);
  if (!product) throw notFound(notFoundText(dispensary_products, input.dispensary_product_id));
  const inserted = await sql<{ batch_id: number }>`insert into batches (company_id, batch_name,
      batch_dispensary_product_id, batch_supplier, batch_expiry, batch_unit_kind,
      batch_received_quantity, batch_cost)
    values (${company}, ${input.batch_name}, ${product.dispensary_product_id},
      ${input.batch_supplier ?? ''}, ${input.batch_expiry ?? null},
      ${product.dispensary_product_unit_kind}, ${input.quantity},
      ${input.batch_cost ?? product.dispensary_product_cost})
    returning batch_id::int as batch_id`.execute(ctx.trx);
  const batchId = inserted.rows[0]!.batch_id;
  await addMoves(ctx.trx, company, ctx.user.user_id, [
    {
      product_id: product.dispensary_product_id,
      batch_id: batchId,
      kind: 'receipt',
      quantity: input.quantity,
    },
  ]);
  const move = moveOf(
    { batch_id: batchId, batch_name: input.batch_name },
    product,
    input.quantity,
    input.quantity,
  );
  await ctx.audit({ action: 'receive', entity: 'batches', entity_id: batchId, after: input });
  return move;
}

export async function adjust(
  ctx: CallContext,
  input: z.output<typeof adjustSchema>,
): Promise<BatchMove> {
  const [move] = await changeBatches(ctx, [input.batch_id], (batch) => {
    if (batch.batch_quantity + input.quantity < 0)
      throw badRequest(
        `Batch ${batch.batch_name} holds ${batch.batch_quantity}: it can not lose ${-input.quantity}.`,
        'quantity',
      );
    return { kind: 'adjustment', quantity: input.quantity, reason: input.reason };
  });
  await ctx.audit({ action: 'adjust', entity: 'batches', entity_id: input.batch_id, after: move });
  return move!;
}

/** Books each counted batch's difference from its quantity; batches counted right book nothing. */
export async function stockTake(
  ctx: CallContext,
  input: z.output<typeof stockTakeSchema>,
): Promise<BatchMove[]> {
  const counted = new Map(input.counts.map((c) => [c.batch_id, c.counted]));
  if (counted.size !== input.counts.length) throw badRequest('A batch is counted twice.', 'counts');
  const moves = await changeBatches(ctx, [...counted.keys()], (batch) => ({
    kind: 'stock_take',
    quantity: counted.get(batch.batch_id)! - batch.batch_quantity,
    reason: input.note ?? '',
  }));
  const booked = moves.filter((m) => m.quantity !== 0);
  await ctx.audit({ action: 'stock_take', entity: 'batches', after: { booked, note: input.note } });
  return booked;
}

/** Writes off what is left of every batch past its expiry. */
export async function writeOffExpired(ctx: CallContext): Promise<BatchMove[]> {
  const company = companyOf(ctx);
  const expired = await sql<{ batch_id: number }>`select batch_id::int as batch_id from batches
    where company_id = ${company} and batch_expiry < current_date and batch_quantity > 0`.execute(
    ctx.trx,
  );
  const ids = expired.rows.map((r) => r.batch_id);
  if (ids.length === 0) return [];
  const moves = await changeBatches(ctx, ids, (batch) => ({
    kind: 'write_off',
    // Read again under the lock: a dispense may have taken from it meanwhile (never after expiry).
    quantity: -batch.batch_quantity,
    reason: `Expired on ${batch.batch_expiry ?? ''}`,
  }));
  await ctx.audit({ action: 'write_off', entity: 'batches', after: moves });
  return moves.filter((m) => m.quantity !== 0);
}

type Change = Pick<NewMove, 'kind' | 'quantity' | 'reason'>;

/** Locks the batches' products then the batches, and books one move per batch. */
async function changeBatches(
  ctx: CallContext,
  batchIds: readonly number[],
  change: (batch: LockedBatch) => Change,
): Promise<BatchMove[]> {
  const company = companyOf(ctx);
  const productOf = await productsOfBatches(ctx.trx, company, batchIds);
  const missing = batchIds.find((id) => !productOf.has(id));
  if (missing !== undefined) throw noBatch(missing);
  const products = await lockProducts(ctx.trx, company, [...productOf.values()]);
  const locked = await lockBatches(ctx.trx, company, batchIds);
  const moves: NewMove[] = batchIds.map((id) => {
    const batch = locked.get(id);
    if (!batch) throw noBatch(id);
    return { ...change(batch), product_id: batch.batch_dispensary_product_id, batch_id: id };
  });
  await addMoves(ctx.trx, company, ctx.user.user_id, moves);
  // Read again (the locks are ours already): the trigger has applied the moves.
  const after = await lockBatches(ctx.trx, company, batchIds);
  return moves.map((m) =>
    moveOf(
      locked.get(m.batch_id)!,
      products.get(m.product_id)!,
      m.quantity,
      after.get(m.batch_id)!.batch_quantity,
    ),
  );
}

function moveOf(
  batch: { batch_id: number; batch_name: string },
  product: { dispensary_product_id: number; dispensary_product_name: string },
  quantity: number,
  batchQuantity: number,
): BatchMove {
  return {
    batch_id: batch.batch_id,
    batch_name: batch.batch_name,
    dispensary_product_id: product.dispensary_product_id,
    dispensary_product_name: product.dispensary_product_name,
    quantity,
    batch_quantity: batchQuantity,
  };
}
