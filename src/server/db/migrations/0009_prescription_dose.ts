/**
 * The daily dose of a prescription and how it is measured (prescription-totals.ts explains why
 * the dose belongs to the prescription rather than to each line). The dose is in the base unit
 * of the kind, like every other quantity (0004).
 */
import type { Migration } from '../migrate';

export const prescriptionDose: Migration = {
  name: '0009_prescription_dose',
  sql: `
alter table prescriptions
  add column prescription_unit_kind text not null default 'volume'
    check (prescription_unit_kind in ('weight', 'volume')),
  add column prescription_daily_dose numeric check (prescription_daily_dose >= 0);
`,
};
