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
import { SEARCH_WORDS_MAX } from './limits';
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
 * and in a date of birth as 1941-01-31). Words that add no condition are dropped (searchWords).
 */
export const searchWordForms = (text: string): string[][] =>
  searchWords(filterWords(text).map((word) => [...new Set([word, searchDateWord(word)])]));

/** Letters whose lower case is one letter, the same under every collation PostgreSQL may use. */
const PLAIN = /^[\x20-\x7e]*$/;

/**
 * Whether a row matching word `b` always matches word `a`: every word matches as a substring of
 * one column, case-insensitively, so `a` is implied when each form of `b` contains a form of `a`
 * ("ma" by "mary"; "1941" by "31/01/1941", both of whose forms hold it). Decided only on ASCII
 * words: lower() of other letters may depend on the neighbours (a Greek final sigma) or on the
 * collation (a word typed twice is dropped whatever its letters). A word kept that could have
 * gone is only a condition more, never a wrong answer.
 */
function implies(b: readonly string[], a: readonly string[]): boolean {
  if (a.length === b.length && a.every((form, i) => form === b[i])) return true;
  if (![...a, ...b].every((form) => PLAIN.test(form))) return false;
  const lower = (forms: readonly string[]) => forms.map((f) => f.toLowerCase());
  const [formsA, formsB] = [lower(a), lower(b)];
  return formsB.every((fb) => formsA.some((fa) => fb.includes(fa)));
}

/**
 * The words that decide a search, in the order typed: a word repeated, or one that another word
 * implies (contained in it), changes nothing the search finds, only its cost, so it is dropped
 * ("ma ma ma" is "ma"; "ma mary" is "mary"). Of words that imply each other, the first is kept.
 */
function searchWords(words: readonly (readonly string[])[]): string[][] {
  const kept: (readonly string[])[] = [];
  // Longest first, so that a word is checked against those that may contain it.
  const byLength = words
    .map((forms, at) => ({ forms, at }))
    .sort((x, y) => y.forms.join('').length - x.forms.join('').length || x.at - y.at);
  const keep = new Set<number>();
  for (const { forms, at } of byLength) {
    if (kept.some((k) => implies(k, forms))) continue;
    kept.push(forms);
    keep.add(at);
  }
  return words.filter((_, at) => keep.has(at)).map((forms) => [...forms]);
}

/** Whether a search's text has more words than a search may (SEARCH_WORDS_MAX) once normalised. */
export const tooManySearchWords = (text: string): boolean =>
  searchWordForms(text).length > SEARCH_WORDS_MAX;

/** A non-text filter value without a leading `=` (exact is the only mode for numbers, dates, ids). */
export function stripExactPrefix(value: FilterScalar): FilterScalar {
  return typeof value === 'string' && value.startsWith('=') ? value.slice(1).trim() : value;
}
