/**
 * Filter values (SPEC §4.6, §5; DESIGN §4). A filter is active while it has a value: null,
 * undefined, '' and an empty list mean "no filter", while 0 is a value. A text value may start
 * with a prefix choosing how it matches:
 *   `=` exact (case-insensitive, whole value),
 *   `~` full text (PostgreSQL text search over words: quotes, `or` and `-word` work),
 *   `&` all words (every word must appear somewhere, in any order),
 *   none: contains (the text appears anywhere, case-insensitive).
 * The same prefixes apply to `filters.search`, which looks in the entity's search fields.
 */
export const FILTER_PREFIXES = { '=': 'exact', '~': 'fulltext', '&': 'allwords' } as const;

export type FilterMode = 'contains' | (typeof FILTER_PREFIXES)[keyof typeof FILTER_PREFIXES];

export interface ParsedTextFilter {
  mode: FilterMode;
  /** The value without its prefix, trimmed. */
  text: string;
}

export type FilterScalar = string | number;
export type FilterValue = FilterScalar | null | undefined | readonly FilterScalar[];

export function isActiveFilter(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some(isActiveFilter);
  return true;
}

/** Splits a text filter into its mode and text; null when nothing is left to match. */
export function parseTextFilter(value: FilterScalar): ParsedTextFilter | null {
  const raw = String(value).trim();
  const first = raw.charAt(0);
  const mode: FilterMode =
    first in FILTER_PREFIXES ? FILTER_PREFIXES[first as keyof typeof FILTER_PREFIXES] : 'contains';
  const text = (mode === 'contains' ? raw : raw.slice(1)).trim();
  return text === '' ? null : { mode, text };
}

/** The words of an all-words filter. */
export const filterWords = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** A non-text filter value without a leading `=` (exact is the only mode for numbers, dates, ids). */
export function stripExactPrefix(value: FilterScalar): FilterScalar {
  return typeof value === 'string' && value.startsWith('=') ? value.slice(1).trim() : value;
}
