/**
 * Dispensing a line of only a herb (issue 43): the line is given the herb's default product, the
 * one the safety routine resolved it to (defaultProduct, src/shared/dispensable-lines.ts, on the
 * same facts), so its stock moves, its batch is traced and the label and receipt name it. A line
 * with no price of its own is priced from that product as the editor prices a product line (its
 * price, else its cost times the clinic's markup), and the prescription's total is stored again.
 */
import { sql } from 'kysely';
import { defaultProduct } from '../../shared/dispensable-lines';
import type { PrescriptionLine } from '../../shared/entities/prescription-lines';
import { PRODUCT_MODULE } from '../../shared/modules';
import type { SafetyFacts } from '../../shared/prescription-safety-facts';
import { linePrice, pricingSettingsOf, sellingPricePer100 } from '../../shared/prescription-totals';
import type { CallContext } from '../http/calls';
import { unitsOf } from '../modules/company-units';
import { settingsOf } from '../modules/present';
import { findModuleByName } from '../modules/repository';
import { readLines } from './lines';
import { storeTotal } from './totals';

/** The selling price per 100 g / 100 ml of the products named, by id. */
async function pricesOf(ctx: CallContext, ids: readonly number[], markup: number) {
  const result = await sql<{ id: number; price: number | null; cost: number | null }>`select
      dispensary_product_id::int as id, dispensary_product_price::float8 as price,
      dispensary_product_cost::float8 as cost
    from dispensary_products
    where company_id = ${ctx.caller.company.company_id}
      and dispensary_product_id = any(${[...ids]}::bigint[])`.execute(ctx.trx);
  return new Map(result.rows.map((r) => [r.id, sellingPricePer100(r.price, r.cost, markup)]));
}

/**
 * The lines with each line of only a herb given its default product (stored on the line); the
 * caller has refused the formula when any such line has none.
 */
export async function takeDefaultProducts(
  ctx: CallContext,
  id: number,
  lines: readonly PrescriptionLine[],
  facts: SafetyFacts,
): Promise<PrescriptionLine[]> {
  const taken = new Map<PrescriptionLine, number>();
  for (const line of lines) {
    const herbId = line.prescription_line_herb_id;
    if (line.prescription_line_dispensary_product_id !== null || herbId === null) continue;
    const kind = line.prescription_line_unit_kind;
    const quantity = line.prescription_line_quantity ?? 0;
    const product = defaultProduct(herbId, kind, quantity, facts.herb_products ?? [], facts.today);
    if (product) taken.set(line, product.dispensary_product_id);
  }
  if (taken.size === 0) return [...lines];
  const company = ctx.caller.company.company_id;
  const module = await findModuleByName(ctx.trx, company, PRODUCT_MODULE);
  const { currency } = unitsOf(module);
  const { markup } = pricingSettingsOf(module ? settingsOf(module) : undefined);
  const prices = await pricesOf(ctx, [...taken.values()], markup);
  const next = lines.map((line) => {
    const productId = taken.get(line);
    if (productId === undefined) return line;
    const own = line.prescription_line_price ?? 0;
    const kind = line.prescription_line_unit_kind === 'weight' ? 'weight' : 'volume';
    const price =
      own > 0
        ? own
        : linePrice(prices.get(productId), line.prescription_line_quantity, kind, currency);
    return {
      ...line,
      prescription_line_dispensary_product_id: productId,
      prescription_line_price: price,
    };
  });
  for (const [index, line] of next.entries()) {
    if (!taken.has(lines[index]!)) continue;
    await sql`update prescription_lines
      set prescription_line_dispensary_product_id = ${line.prescription_line_dispensary_product_id},
        prescription_line_price = ${line.prescription_line_price}
      where company_id = ${company} and prescription_id = ${id}
        and prescription_line_id = ${line.prescription_line_id}`.execute(ctx.trx);
  }
  await storeTotal(ctx, id, next);
  return readLines(ctx, id); // with the products' names, for the reply
}
