/**
 * First expiry, first out: how much of a needed quantity each usable batch gives, in the order
 * the batches are offered (ledger.ts lockUsableBatches). One batch is emptied before the next is
 * opened, so a line is split across batches only when one is not enough.
 */
import type { LockedBatch } from './ledger';

interface BatchPick {
  batch: LockedBatch;
  quantity: number;
}

/** The picks that cover `needed`, or null (with what the batches hold) when they can not. */
export function pickBatches(
  usable: readonly LockedBatch[],
  needed: number,
): { picks: BatchPick[]; usable: number } | { picks: null; usable: number } {
  const picks: BatchPick[] = [];
  let left = needed;
  for (const batch of usable) {
    if (left <= 0) break;
    const quantity = Math.min(batch.batch_quantity, left);
    picks.push({ batch, quantity });
    left -= quantity;
  }
  const total = usable.reduce((sum, b) => sum + b.batch_quantity, 0);
  return left > 0 ? { picks: null, usable: total } : { picks, usable: total };
}
