/**
 * The command palette's search (`search/everywhere`): which entity sets it looks in, in the
 * order their groups are shown, and how many rows of each it answers. One home for both sides.
 */
import { DASHBOARD_COUNTS } from './dashboard';

/** The clinic's own records, in the order the dashboard counts them: one list for both. */
export const EVERYWHERE_KINDS = DASHBOARD_COUNTS;

/** Rows of each kind: enough to pick from, few enough to read at a glance. */
export const EVERYWHERE_ROWS = 5;

/**
 * Records are looked up from this many characters. One letter matches thousands of records, none
 * of them likely the one meant, and on a large clinic its search would still be running when the
 * next keystroke's arrives (measured: the two-letter terms were the palette's slowest).
 */
const EVERYWHERE_TEXT_MIN = 2;

/** Whether `text` is long enough to look records up by (screens and actions match from one). */
export const searchesRecords = (text: string): boolean => text.trim().length >= EVERYWHERE_TEXT_MIN;

/** The longest text the palette sends (a name, not a document). */
export const EVERYWHERE_TEXT_MAX = 200;

interface EverywhereRow {
  id: number;
  label: string;
}

/** One kind's rows; kinds the caller may not list (or whose module is off) are left out. */
export interface EverywhereGroup {
  entities: string;
  rows: EverywhereRow[];
}
