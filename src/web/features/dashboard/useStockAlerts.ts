/**
 * The dashboard's reorder list, expired and expiring batches (`dashboard/get_stock_alerts`), in
 * the company's units, and the reorder list as a CSV file to send a supplier.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ExpiringBatch, ReorderRow, StockAlerts } from '../../../shared/stock';
import { formatQuantity, type UnitSystem } from '../../../shared/units';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';

/** The choices of "expiring within", in days. */
export const EXPIRY_WINDOWS = [30, 60, 90, 180] as const;

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** One line per product below its level: what is held, the level, and what to order to reach it. */
function reorderCsv(rows: readonly ReorderRow[], system: UnitSystem): string {
  const lines = rows.map((r) => {
    const kind = r.dispensary_product_unit_kind;
    const amount = (base: number) => formatQuantity(base, kind, system);
    return [
      r.dispensary_product_name,
      r.dispensary_product_supplier,
      amount(r.dispensary_product_stock),
      amount(r.dispensary_product_reorder_level),
      amount(r.dispensary_product_reorder_level - r.dispensary_product_stock),
    ]
      .map(csvCell)
      .join(',');
  });
  return ['Product,Supplier,In stock,Reorder level,To order', ...lines].join('\n') + '\n';
}

/** A batch as the dashboard lists it: a link to it, its expiry and what it holds. */
const batchRow = (b: ExpiringBatch, system: UnitSystem) => ({
  id: b.batch_id,
  name: `${b.dispensary_product_name} — ${b.batch_name}`,
  to: `/app/batches/${b.batch_id}`,
  expiry: b.batch_expiry,
  quantity: formatQuantity(b.batch_quantity, b.batch_unit_kind, system),
});

export function useStockAlerts() {
  const slug = useSession((s) => s.company_slug);
  const { unitSystem } = useCompanySettings();
  const [days, setDays] = useState<number>(60);
  const query = useQuery({
    queryKey: ['stock-alerts', slug, days],
    queryFn: () => callData<StockAlerts>('dashboard/get_stock_alerts', { days }),
  });
  const data = query.data;
  const download = useCallback(() => {
    if (!data) return;
    const blob = new Blob([reorderCsv(data.reorder, unitSystem)], { type: 'text/csv' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'reorder-list.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  }, [data, unitSystem]);
  return {
    loaded: data !== undefined,
    days,
    setDays,
    download,
    reorder: (data?.reorder ?? []).map((r) => {
      const kind = r.dispensary_product_unit_kind;
      return {
        id: r.dispensary_product_id,
        name: r.dispensary_product_name,
        to: `/app/dispensary_products/${r.dispensary_product_id}`,
        supplier: r.dispensary_product_supplier,
        stock: formatQuantity(r.dispensary_product_stock, kind, unitSystem),
        level: formatQuantity(r.dispensary_product_reorder_level, kind, unitSystem),
      };
    }),
    expired: (data?.expired ?? []).map((b) => batchRow(b, unitSystem)),
    expiring: (data?.expiring ?? []).map((b) => batchRow(b, unitSystem)),
  };
}
