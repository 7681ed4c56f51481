/**
 * Dispensing (prescriptions/dispense): takes each dispensary product's quantity from its batches,
 * first expiry first out (../stock/fefo.ts) — all lines or none — writes one ledger row per batch
 * used, naming the prescription (so a recalled batch finds its patients), and marks the
 * prescription dispensed, after which it is locked. A formula with open safety warnings
 * (./safety.ts) is dispensed only with a reason, which the prescription keeps. A line of no
 * quantity, a herb with no product to take it from, or stock the usable batches can not cover
 * is refused whatever the reason (src/shared/dispensable-lines.ts); a line of only a herb is
 * taken from the herb's default product (./line-products.ts).
 */
import { prescriptions } from '../../shared/entities';
import { formatQuantities, type UnitKind } from '../../shared/units';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { companyUnits } from '../modules/company-units';
import { findRow, updateRow, type Row } from '../entities/repository';
import { pickBatches } from '../stock/fefo';
import { addMoves, lockProducts, lockUsableBatches, type NewMove } from '../stock/ledger';
import { readLines, requireDraft } from './lines';
import { openWarnings } from './safety';
import { needsReason } from '../../shared/prescription-safety';
import { dispenseRefusal } from '../../shared/dispensable-lines';
import { takeDefaultProducts } from './line-products';

export async function dispense(ctx: CallContext, id: number, reason = '') {
  const company = ctx.caller.company.company_id;
  const before = await requireDraft(ctx, id);
  const saved = await readLines(ctx, id);
  if (saved.length === 0) throw badRequest('A prescription without lines can not be dispensed.');
  const open = await openWarnings(ctx, before, saved);
  const refusal = dispenseRefusal(open.warnings);
  if (refusal) throw badRequest(`This formula can not be dispensed. ${refusal}`);
  const warnings = open.warnings.filter(needsReason);
  const why = reason.trim();
  if (warnings.length > 0 && !why) {
    const list = warnings.map((w) => (w.line ? `line ${w.line}: ${w.text}` : w.text)).join(' ');
    throw badRequest(`This formula has open warnings; give a reason to dispense it. ${list}`);
  }
  const lines = await takeDefaultProducts(ctx, id, saved, open.facts);
  // What each product must give, the lines of one product together.
  const needed = new Map<number, { quantity: number; kind: UnitKind }>();
  for (const line of lines) {
    const productId = line.prescription_line_dispensary_product_id;
    if (productId === null) continue;
    const sum = needed.get(productId)?.quantity ?? 0;
    const kind = line.prescription_line_unit_kind as UnitKind;
    needed.set(productId, { quantity: sum + (line.prescription_line_quantity ?? 0), kind });
  }
  // Products are locked in id order, whatever the lines' order, then their batches (the order
  // ../stock/ledger.ts keeps for every stock change): two dispenses sharing products then queue
  // on the first one instead of each holding what the other waits for.
  const productIds = [...needed.keys()].sort((a, b) => a - b);
  const products = await lockProducts(ctx.trx, company, productIds);
  const usable = await lockUsableBatches(ctx.trx, company, productIds);
  const moves: NewMove[] = [];
  for (const productId of productIds) {
    const need = needed.get(productId)!;
    const offered = usable.filter((b) => b.batch_dispensary_product_id === productId);
    const { picks, usable: held } = pickBatches(offered, need.quantity);
    if (!picks) {
      const { unitSystem } = await companyUnits(ctx.trx, company);
      // Read side by side, so in one unit (never "8 oz left, 1.1 lb needed").
      const [left, wanted] = formatQuantities([held, need.quantity], need.kind, unitSystem);
      const name = products.get(productId)?.dispensary_product_name ?? 'stock';
      throw badRequest(`Not enough ${name} in stock: ${left} left, ${wanted} needed.`);
    }
    for (const pick of picks) {
      moves.push({
        product_id: productId,
        batch_id: pick.batch.batch_id,
        kind: 'dispense',
        quantity: -pick.quantity,
        prescription_id: id,
      });
    }
  }
  await addMoves(ctx.trx, company, ctx.user.user_id, moves);
  await updateRow(ctx.trx, prescriptions, company, id, {
    prescription_status: 'dispensed',
    prescription_dispense_reason: warnings.length > 0 ? why : '',
  });
  const after = (await findRow(ctx.trx, prescriptions, company, id)) as Row;
  const taken = moves.map((m) => ({ batch_id: m.batch_id, quantity: -m.quantity }));
  await ctx.audit({
    action: 'dispense',
    entity: 'prescriptions',
    entity_id: id,
    before,
    after: { ...after, batches: taken, warnings },
  });
  return { entity: after, lines, batches: taken };
}
