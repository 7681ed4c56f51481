/**
 * The terms a prescription was priced on — dispensing fee, container fee and tax rate, copied from
 * the clinic's settings whenever its lines are saved — so that its breakdown (print page,
 * receipt) always adds up to the total it stores, even after the clinic changes its fees
 * (src/shared/prescription-totals.ts priceBreakdown).
 */
import type { Migration } from '../migrate';

export const prescriptionPriceTerms0023: Migration = {
  name: '0023_prescription_price_terms',
  sql: `
alter table prescriptions
  add column prescription_dispensing_fee numeric not null default 0
    check (prescription_dispensing_fee >= 0),
  add column prescription_container_fee numeric not null default 0
    check (prescription_container_fee >= 0),
  add column prescription_tax_rate numeric not null default 0
    check (prescription_tax_rate >= 0 and prescription_tax_rate <= 100);
`,
};
