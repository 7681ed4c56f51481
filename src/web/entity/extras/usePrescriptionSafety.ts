/**
 * The formula's safety warnings as its lines change: the facts (patient, herbs, products and
 * batches) come from one call, prescriptions/get_safety_facts, asked again only when a line names
 * a herb or product it has no facts of; the warnings are the shared routine's, recomputed from
 * them on every change (src/shared/prescription-safety.ts), and published for the Dispense button.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { needsReason, prescriptionWarnings } from '../../../shared/prescription-safety';
import type { SafetyFacts } from '../../../shared/prescription-safety-facts';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';
import type { Row } from '../model/types';
import { useDispenseSafety } from './dispenseSafety';

const idsOf = (lines: readonly Row[], field: string): number[] =>
  [...new Set(lines.map((l) => l[field]).filter((v): v is number => typeof v === 'number'))].sort(
    (a, b) => a - b,
  );

export function usePrescriptionSafety(prescriptionId: number, lines: readonly Row[], row: Row) {
  const slug = useSession((s) => s.company_slug);
  const { unitSystem } = useCompanySettings();
  const herbIds = idsOf(lines, 'prescription_line_herb_id');
  const productIds = idsOf(lines, 'prescription_line_dispensary_product_id');
  const query = useQuery({
    // Another patient chosen for the prescription brings another record.
    queryKey: [
      'safety-facts',
      slug,
      prescriptionId,
      row.prescription_patient_id,
      herbIds.join(','),
      productIds.join(','),
    ],
    queryFn: () =>
      callData<SafetyFacts>('prescriptions/get_safety_facts', {
        prescription_id: prescriptionId,
        herb_ids: herbIds,
        dispensary_product_ids: productIds,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const facts = query.data;
  const days = row.prescription_days;
  const warnings = useMemo(
    () =>
      facts ? prescriptionWarnings(lines, { prescription_days: days }, facts, unitSystem) : [],
    [facts, lines, days, unitSystem],
  );
  const publish = useDispenseSafety((s) => s.publish);
  useEffect(() => {
    publish(prescriptionId, warnings.filter(needsReason));
  }, [publish, prescriptionId, warnings]);
  return warnings;
}
