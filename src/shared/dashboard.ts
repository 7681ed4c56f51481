/**
 * The dashboard's figures (`dashboard/get_stats`): what the server answers and the pure helpers
 * both sides use. A figure the user may not see (no list privilege, module disabled) is null.
 */
import type { UnitKind } from './units';

/** The charts cover the current month and the eleven before it. */
export const DASHBOARD_MONTHS = 12;
/** How many dispensary products the stock section shows, lowest against reorder level first. */
export const STOCK_LEVEL_LIMIT = 10;

/** The entity sets counted on the dashboard, in the order they are shown. */
export const DASHBOARD_COUNTS = [
  'patients',
  'prescriptions',
  'patientletters',
  'herbs',
  'dispensary_products',
  'products',
] as const;
type CountedEntities = (typeof DASHBOARD_COUNTS)[number];

export interface MonthCount {
  /** `YYYY-MM`. */
  month: string;
  count: number;
}

export interface StockLevel {
  dispensary_product_id: number;
  dispensary_product_name: string;
  dispensary_product_unit_kind: UnitKind;
  /** Both in the base unit of the kind (mg or ml). */
  dispensary_product_stock: number;
  dispensary_product_reorder_level: number;
}

export interface DashboardStats {
  counts: Partial<Record<CountedEntities, number>>;
  new_patients: MonthCount[] | null;
  prescriptions: MonthCount[] | null;
  /** Products with a reorder level, lowest stock against it first. */
  stock_levels: StockLevel[] | null;
  /** How many products are below their reorder level. */
  low_stock_count: number | null;
}

/**
 * Stock as a whole percentage of the reorder level, rounded down so that 100 means "at or above
 * the level"; a product without a reorder level counts as fully stocked.
 */
export function stockPercent(stock: number, reorderLevel: number): number {
  if (!(reorderLevel > 0)) return 100;
  return Math.max(0, Math.floor((stock / reorderLevel) * 100));
}

/** A percentage clamped to 0–100, for progress bars. */
export const clampPercent = (percent: number): number => Math.min(100, Math.max(0, percent));
