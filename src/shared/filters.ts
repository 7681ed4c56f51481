/**
 * Filter values. A filter is active while it has a value: null,
 * undefined, '' and an empty list mean "no filter", while 0 is a value. A text value may start
 * with a prefix choosing how it matches:
 *   `=` exact (case-insensitive, whole value),
 *   `~` full text (PostgreSQL text search over words: quotes, `or` and `-word` work),
 *   `&` all words (every word must appear somewhere, in any order),
 *   none: contains (the text appears anywhere, case-insensitive).
 * The same prefixes apply to `filters.search`, which looks in the entity's search fields. There
 * the words of a plain search are matched one by one, in any order: "ahmed d" finds David Ahmed.
 */
import { isIsoDate } from './iso-date';
const FILTER_PREFIXES = { '=': 'exact', '~': 'fulltext', '&': 'allwords' } as const;

type FilterMode = 'contains' | (typeof FILTER_PREFIXES)[keyof typeof FILTER_PREFIXES];

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

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const MONTH_YEAR = /^(\d{1,2})[/.-](\d{4})$/;
const pad = (n: string) => n.padStart(2, '0');

/**
 * A word typed as the clinic writes dates (31/01/1941, 1.2.1941, 01/1941) as dates are stored and
 * searched (1941-01-31, 1941-01); any other word, and an impossible date, as typed.
 */
function searchDateWord(word: string): string {
  const full = DAY_MONTH_YEAR.exec(word);
  if (full) {
    const iso = `${full[3]}-${pad(full[2]!)}-${pad(full[1]!)}`;
    return isIsoDate(iso) ? iso : word;
  }
  const month = MONTH_YEAR.exec(word);
  if (month && Number(month[1]) >= 1 && Number(month[1]) <= 12) {
    return `${month[2]}-${pad(month[1]!)}`;
  }
  return word;
}

/**
 * The words of a plain or all-words search, each with the forms it may take: a date written as
 * the clinic writes it also as stored (31/01/1941 is found in a prescription's title as typed,
 * and in a date of birth as 1941-01-31).
 */
export const searchWordForms = (text: string): string[][] =>
  filterWords(text).map((word) => [...new Set([word, searchDateWord(word)])]);

/** A non-text filter value without a leading `=` (exact is the only mode for numbers, dates, ids). */
export function stripExactPrefix(value: FilterScalar): FilterScalar {
  return typeof value === 'string' && value.startsWith('=') ? value.slice(1).trim() : value;
}
