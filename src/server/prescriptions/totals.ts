/**
 * A prescription's total price, stored with it whenever its lines are saved: the same sum the
 * screen, the print page, the label and the receipt show (src/shared/prescription-totals.ts), in
 * the company's currency, on the clinic's current fees and tax rate, which the prescription keeps
 * beside its total so that its breakdown adds up to it later too. When the clinic changes its
 * currency or its prices, the drafts are priced again (repriceDrafts); a dispensed prescription
 * keeps what was charged.
 */
import { sql } from 'kysely';
import { prescriptions } from '../../shared/entities';
import { PRODUCT_MODULE } from '../../shared/modules';
import {
  pricingSettingsOf,
  prescriptionTotals,
  termsColumns,
} from '../../shared/prescription-totals';
import type { CallContext } from '../http/calls';
import { unitsOf } from '../modules/company-units';
import { settingsOf } from '../modules/present';
import { findModuleByName } from '../modules/repository';
import { updateRow } from '../entities/repository';

/** The product module settings a draft's price depends on. */
export const PRICING_SETTINGS: ReadonlySet<string> = new Set([
  'currency',
  'dispensing_fee',
  'container_fee',
  'tax_rate',
]);

interface PricedLine {
  prescription_line_price?: unknown;
  prescription_line_quantity?: unknown;
  prescription_line_unit_kind?: unknown;
}

async function companyPricing(ctx: CallContext) {
  const company = ctx.caller.company.company_id;
  // One read of the product module for both; not the module cache, since a settings change
  // reprices its drafts in its own transaction, before the cache learns of the change.
  const module = await findModuleByName(ctx.trx, company, PRODUCT_MODULE);
  const { currency } = unitsOf(module);
  const { terms } = pricingSettingsOf(module ? settingsOf(module) : undefined);
  const store = (id: number, lines: readonly PricedLine[]) =>
    updateRow(ctx.trx, prescriptions, company, id, {
      prescription_total_price: prescriptionTotals(lines, currency, terms).price,
      ...termsColumns(terms),
    });
  return { store };
}

export async function storeTotal(
  ctx: CallContext,
  id: number,
  lines: readonly PricedLine[],
): Promise<void> {
  await (await companyPricing(ctx)).store(id, lines);
}

/** Prices every draft of the company again, on the current currency and terms. */
export async function repriceDrafts(ctx: CallContext): Promise<void> {
  const { store } = await companyPricing(ctx);
  const rows = await sql<{ id: number; line: number | null; price: string | null }>`
    select p.prescription_id as id, l.prescription_line_id as line, l.prescription_line_price as price
    from prescriptions p
    left join prescription_lines l
      on l.company_id = p.company_id and l.prescription_id = p.prescription_id
    where p.company_id = ${ctx.caller.company.company_id} and p.prescription_status = 'draft'`.execute(
    ctx.trx,
  );
  const drafts = new Map<number, PricedLine[]>();
  for (const row of rows.rows) {
    const lines = drafts.get(row.id) ?? [];
    if (row.line !== null) lines.push({ prescription_line_price: row.price });
    drafts.set(row.id, lines);
  }
  for (const [id, lines] of drafts) await store(id, lines);
}
