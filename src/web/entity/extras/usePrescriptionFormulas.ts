/**
 * The patient's formulas over time (prescriptions/get_formulas) worded for the history tab: what
 * each prescription held and the dose it was taken at, in the company's units — so repeating or
 * adjusting a formula starts from seeing how it changed.
 */
import { useQuery } from '@tanstack/react-query';
import { prescriptions } from '../../../shared/entities';
import type { PrescriptionLine } from '../../../shared/entities/prescription-lines';
import { formatQuantity, type UnitSystem } from '../../../shared/units';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { useEntityState } from '../hooks/entityContext';
import { textOf } from '../model/format';
import { allowed } from '../model/permissions';
import type { Row } from '../model/types';

/** Each prescription's lines and its dose fields (prescription_dose_instructions, …). */
type Formulas = Array<Row & { prescription_id: number; lines: PrescriptionLine[] }>;

const kindOf = (value: unknown) => (value === 'weight' ? 'weight' : 'volume');

/** "Valerian tincture 30 ml, Chamomile 20 ml — 5 ml three times a day; 15 ml a day for 14 days". */
function formulaText(lines: readonly PrescriptionLine[], row: Row, system: UnitSystem): string {
  const formula = lines
    .map((l) => {
      const name = l.dispensary_product_name ?? l.herb_name ?? '';
      const amount = formatQuantity(
        l.prescription_line_quantity,
        kindOf(l.prescription_line_unit_kind),
        system,
      );
      return `${name} ${amount}`;
    })
    .join(', ');
  const daily = row.prescription_daily_dose;
  const perDay =
    typeof daily === 'number' && daily > 0
      ? `${formatQuantity(daily, kindOf(row.prescription_unit_kind), system)} a day`
      : '';
  const days = row.prescription_days ? `for ${textOf(row.prescription_days)} days` : '';
  const dose = [
    textOf(row.prescription_dose_instructions).trim(),
    [perDay, days].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join('; ');
  const reason = textOf(row.prescription_dispense_reason).trim();
  const despite = reason ? `dispensed despite warnings: ${reason}` : '';
  return [formula, dose, despite].filter(Boolean).join(' — ');
}

/** The words for each listed prescription, by its row; null until loaded or when not allowed. */
export function usePrescriptionFormulas(patientId: number) {
  const viewer = useEntityState((s) => s.viewer);
  const mayList = allowed(prescriptions, viewer, 'list');
  const slug = useSession((s) => s.company_slug);
  const { unitSystem } = useCompanySettings();
  const query = useQuery({
    queryKey: ['patient-formulas', slug, patientId],
    queryFn: () =>
      callData<Formulas>('prescriptions/get_formulas', { prescription_patient_id: patientId }),
    enabled: mayList,
    staleTime: 0,
    gcTime: 0,
  });
  const byId = new Map((query.data ?? []).map((f) => [f.prescription_id, f]));
  return (row: Row): string | null => {
    const formula = byId.get(Number(row.prescription_id));
    return formula ? formulaText(formula.lines, formula, unitSystem) || null : null;
  };
}
