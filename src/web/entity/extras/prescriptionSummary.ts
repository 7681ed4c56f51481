/**
 * What the formula editor shows under the lines: the running totals per kind in the company's
 * units, the price and its breakdown (lines, fees, tax) in its currency — the same routine
 * save_lines stores and the printouts show — and whether the formula covers the daily dose for
 * the prescribed days.
 */
import type { Currency } from '../../../shared/currencies';
import {
  priceRows,
  rowTotals,
  supplyOf,
  termsOf,
  type LineKind,
} from '../../../shared/prescription-totals';
import { formatQuantities, formatQuantity, type UnitSystem } from '../../../shared/units';
import type { Row } from '../model/types';

export interface SummaryLine {
  label: string;
  text: string;
  /** A shortfall the practitioner should see. */
  warning?: boolean;
}

const KIND_LABEL: Record<LineKind, string> = { volume: 'Total volume', weight: 'Total weight' };

export function prescriptionSummary(
  lines: readonly Row[],
  prescription: Row,
  units: { unitSystem: UnitSystem; currency: Currency },
): SummaryLine[] {
  const totals = rowTotals(lines, prescription, units.currency);
  const kind: LineKind = prescription.prescription_unit_kind === 'weight' ? 'weight' : 'volume';
  const show = (base: number, of: LineKind) => formatQuantity(base, of, units.unitSystem);
  const summary: SummaryLine[] = (['volume', 'weight'] as const)
    .filter((of) => of === kind || totals.quantity[of] > 0)
    .map((of) => ({ label: KIND_LABEL[of], text: show(totals.quantity[of], of) }));
  summary.push(...priceRows(totals.breakdown, termsOf(prescription), units.currency));
  const supply = supplyOf(
    totals.quantity[kind],
    prescription.prescription_daily_dose,
    prescription.prescription_days,
  );
  if (supply) {
    const days = Number(prescription.prescription_days) || 0;
    const short = days > 0 && supply.short > 0;
    // Needed and short read in one unit, as they are read together.
    const [needed, shortBy] = formatQuantities(
      [supply.needed, supply.short],
      kind,
      units.unitSystem,
    );
    summary.push({
      label: 'Supply',
      text:
        `Lasts ${supply.lastsDays} ${supply.lastsDays === 1 ? 'day' : 'days'}` +
        (days > 0 ? `; ${needed} needed for ${days} days` : '') +
        (short ? ` (${shortBy} short)` : ''),
      warning: short,
    });
  }
  return summary;
}
