/**
 * The dashboard's data: one `dashboard/get_stats` call (the server leaves out what the user may
 * not list), shaped for the view — counts beside the navigation's labels, months named, stock as
 * a percentage of the reorder level in the company's units — and the user's favourites.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { progressColour, type ProgressColour } from '../../../shared/colours';
import {
  clampPercent,
  DASHBOARD_COUNTS,
  stockPercent,
  type DashboardStats,
  type MonthCount,
} from '../../../shared/dashboard';
import { formatQuantities } from '../../../shared/units';
import { callData } from '../../api/client';
import { useSession } from '../../session/store';
import { useCompanySettings } from '../../theme/useCompanySettings';
import { useFavourites } from '../navigation/useFavourites';
import { useNavItems } from '../navigation/useNavItems';

export interface RecordCount {
  name: string;
  label: string;
  to: string;
  count: number | null;
  loading: boolean;
}

export interface MonthBar {
  month: string;
  /** "Nov 2026". */
  label: string;
  count: number;
}

export interface StockBar {
  id: number;
  name: string;
  to: string;
  /** Stock as a whole percentage of the reorder level (may exceed 100). */
  percent: number;
  /** The same, clamped to 0–100 for the bar. */
  bar: number;
  colour: ProgressColour;
  /** "120 ml of 500 ml". */
  text: string;
}

/**
 * Made at its first use, not as the module loads: the entity screens load this module too (its
 * chunk holds parts they share), and the page's first date formatter took 24–56 ms of their
 * opening (a CPU profile of the 5,000-row list, 29 Nov) for a dashboard they do not show.
 */
let monthFormat: Intl.DateTimeFormat | null = null;
const monthName = () =>
  (monthFormat ??= new Intl.DateTimeFormat('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }));

function monthBars(rows: MonthCount[] | null | undefined): MonthBar[] | null {
  if (!rows) return null;
  return rows.map((r) => ({
    month: r.month,
    label: monthName().format(new Date(`${r.month}-01T00:00:00Z`)),
    count: r.count,
  }));
}

function useDashboardStats() {
  const slug = useSession((s) => s.company_slug);
  const userId = useSession((s) => s.user?.user_id ?? null);
  return useQuery({
    queryKey: ['dashboard', slug, userId],
    queryFn: () => callData<DashboardStats>('dashboard/get_stats'),
    enabled: userId !== null,
    staleTime: 60_000,
  });
}

export function useDashboard() {
  const user = useSession((s) => s.user);
  const stats = useDashboardStats();
  const { unitSystem } = useCompanySettings();
  const items = useNavItems();
  const data = stats.data;

  const counts: RecordCount[] = useMemo(
    () =>
      items
        .filter((item) => (DASHBOARD_COUNTS as readonly string[]).includes(item.name))
        .map((item) => ({
          name: item.name,
          label: item.label,
          to: item.to,
          count: data?.counts[item.name as keyof DashboardStats['counts']] ?? null,
          loading: stats.isLoading,
        })),
    [items, data, stats.isLoading],
  );

  const stock: StockBar[] | null = useMemo(
    () =>
      data?.stock_levels?.map((p) => {
        const percent = stockPercent(
          p.dispensary_product_stock,
          p.dispensary_product_reorder_level,
        );
        const kind = p.dispensary_product_unit_kind;
        return {
          id: p.dispensary_product_id,
          name: p.dispensary_product_name,
          to: `/app/dispensary_products/${p.dispensary_product_id}`,
          percent,
          bar: clampPercent(percent),
          colour: progressColour(percent),
          text: formatQuantities(
            [p.dispensary_product_stock, p.dispensary_product_reorder_level],
            kind,
            unitSystem,
          ).join(' of '),
        };
      }) ?? null,
    [data, unitSystem],
  );

  return {
    firstName: user?.user_first_name ?? '',
    loading: stats.isLoading,
    failed: stats.isError,
    counts,
    newPatients: useMemo(() => monthBars(data?.new_patients), [data]),
    prescriptions: useMemo(() => monthBars(data?.prescriptions), [data]),
    stock,
    lowStockCount: data?.low_stock_count ?? null,
    favourites: useFavourites().favourites,
  };
}
