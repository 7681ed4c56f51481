/** `stock/batch_trace` shaped for the view: quantities in the company's units, links, labels. */
import { useQuery } from '@tanstack/react-query';
import type { BatchTrace, StockMoveKind } from '../../../shared/stock';
import { formatQuantity } from '../../../shared/units';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { displayDate } from '../../../shared/show-value';

const KIND_LABELS: Record<StockMoveKind, string> = {
  opening: 'Opening stock',
  receipt: 'Received',
  dispense: 'Dispensed',
  adjustment: 'Adjusted',
  stock_take: 'Stock take',
  write_off: 'Written off',
};

export function useBatchTrace(batchId: number) {
  const slug = useSession((s) => s.company_slug);
  const { unitSystem } = useCompanySettings();
  const query = useQuery({
    queryKey: ['batch-trace', slug, batchId],
    queryFn: () => callData<BatchTrace>('stock/batch_trace', { batch_id: batchId }),
    enabled: batchId > 0,
  });
  const data = query.data;
  const kind = data?.batch.batch_unit_kind ?? 'volume';
  const amount = (base: number) => formatQuantity(base, kind, unitSystem);
  return {
    failed: query.isError,
    batch: data?.batch ?? null,
    heading: data
      ? `${data.batch.dispensary_product_name}, batch ${data.batch.batch_name}` +
        (data.batch.batch_expiry ? `, expiry ${displayDate(data.batch.batch_expiry)}` : '') +
        ` — ${amount(data.batch.batch_quantity)} left`
      : '',
    patients: (data?.prescriptions ?? []).map((p) => ({
      prescriptionId: p.prescription_id,
      prescription: p.prescription_name ?? `Prescription ${p.prescription_id}`,
      prescriptionTo: `/app/prescriptions/${p.prescription_id}`,
      patient: p.patient_name ?? 'Unknown patient',
      patientTo: p.patient_id ? `/app/patients/${p.patient_id}` : null,
      quantity: amount(p.quantity),
    })),
    ledger: (data?.ledger ?? []).map((m) => ({
      id: m.stock_move_id,
      at: m.at.slice(0, 16),
      kind: KIND_LABELS[m.kind],
      quantity: `${m.quantity > 0 ? '+' : '−'}${amount(Math.abs(m.quantity))}`,
      reason: m.reason,
    })),
  };
}
