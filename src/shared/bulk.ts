/**
 * Bulk actions on a list's rows (`{entities}/bulk_delete`, `bulk_update`, `bulk_link`): the set is
 * either the chosen rows or every row that matches the list's filters and search, and the caller
 * names the count the user confirmed. Words both sides show live here.
 */
import { BULK_LIMIT } from './limits';
import { countText } from './show-value';

/** Add to or remove from a relation (`bulk_link`). */
export const BULK_LINK_CHANGES = ['add', 'remove'] as const;
export type BulkLinkChange = (typeof BULK_LINK_CHANGES)[number];

export const bulkLimitText = (found: number, title: string): string =>
  `${countText(found)}${found > BULK_LIMIT ? '+' : ''} ${title.toLowerCase()} match: at most ` +
  `${countText(BULK_LIMIT)} can be changed at once. Narrow the list first.`;

export const bulkMismatchText = (now: number, confirmed: number, title: string): string =>
  `${countText(now)} ${title.toLowerCase()} match now, not the ${countText(confirmed)} you confirmed: ` +
  'the data changed meanwhile. Nothing was changed; please check and try again.';
