/**
 * Merge fields in snippets and letters. They stay as placeholders in the stored text and are
 * filled in when a letter is printed: `{patient.first_name}` is the patient's
 * `patient_first_name`, `{user.last_name}` the writer's `user_last_name`,
 * `{company.company_name}` the clinic's name (public settings) and `{today}` the letter's date as
 * DD/MM/YYYY. Only the fields listed here are filled, so a letter can not print a column nobody
 * offered (a user's e-mail, say); values are HTML-escaped because bodies are rich text; a
 * placeholder that names nothing known is left as it was, so a typo shows.
 *
 * A placeholder may name fallbacks after `|`, tried in order: `{patient.title|patient.first_name}`
 * is the title, or the first name when there is no title. A placeholder whose fields are all
 * empty prints nothing and is reported (resolveMergeFields), so that the editor warns and print,
 * PDF and e-mail ask first — one resolver for all of them (issue 43 #4).
 */
export interface MergeValues {
  patient?: Record<string, unknown>;
  user?: Record<string, unknown>;
  company?: Record<string, unknown>;
  today?: string;
}

type Scope = 'patient' | 'user' | 'company';

export interface MergeField {
  /** What is written in the text, e.g. `{patient.first_name}`. */
  token: string;
  label: string;
}

/** The merge fields offered in the editor's menu, in menu order. */
export const MERGE_FIELDS: readonly MergeField[] = [
  { token: '{patient.title}', label: 'Patient title' },
  { token: '{patient.first_name}', label: 'Patient first name' },
  { token: '{patient.last_name}', label: 'Patient last name' },
  { token: '{patient.dob}', label: 'Patient date of birth' },
  { token: '{patient.address_line1}', label: 'Patient address' },
  { token: '{patient.city}', label: 'Patient city' },
  { token: '{patient.postcode}', label: 'Patient postcode' },
  { token: '{user.first_name}', label: 'Your first name' },
  { token: '{user.last_name}', label: 'Your last name' },
  { token: '{company.company_name}', label: 'Company name' },
  { token: '{today}', label: 'Letter date' },
];

/** Older spellings still filled, so earlier snippets print the same. */
const ALIASES: Readonly<Record<string, string>> = { '{company.name}': '{company.company_name}' };

const OFFERED = new Set(MERGE_FIELDS.map((f) => f.token));
const LABELS = new Map(MERGE_FIELDS.map((f) => [f.token, f.label]));
const FIELD = String.raw`today|(?:patient|user|company)\.[a-z0-9_]+`;
const PLACEHOLDER = new RegExp(String.raw`\{((?:${FIELD})(?:\|(?:${FIELD}))*)\}`, 'g');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** 2024-03-01 → 01/03/2024 (the display format of dates). */
export const displayDate = (iso: string): string =>
  iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$3/$2/$1');

/** A patient or user row names its columns `{scope}_{field}`; the company settings do not. */
function valueOf(values: MergeValues, token: string): string {
  if (token === '{today}') return values.today ? displayDate(values.today) : '';
  const [scope, field = ''] = token.slice(1, -1).split('.') as [Scope, string?];
  const row = values[scope];
  const value = scope === 'company' ? row?.[field] : row?.[`${scope}_${field}`];
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const shown = String(value).trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(shown) ? displayDate(shown) : shown;
}

/** A placeholder that resolved to nothing: every field it names is empty. */
export interface EmptyMergeField {
  /** As written in the letter, e.g. `{patient.title}`. */
  placeholder: string;
  /** The labels of the fields it names, e.g. ["Patient title"]. */
  labels: string[];
  /** The line of the letter it stands in, as it prints: "Dear  Smith,". */
  reads: string;
}

export interface ResolvedLetter {
  html: string;
  empty: EmptyMergeField[];
}

const WHOSE: Readonly<Record<string, string>> = {
  patient: ' for this patient',
  user: " for the letter's writer",
  company: " in the clinic's settings",
};

/** "Patient title is empty for this patient: the letter reads “Dear  Smith,”." */
export function emptyFieldText(field: EmptyMergeField): string {
  const whose = WHOSE[/^\{(\w+)/.exec(field.placeholder)?.[1] ?? ''] ?? '';
  const verb = field.labels.length > 1 ? 'are' : 'is';
  return `${field.labels.join(' and ')} ${verb} empty${whose}: the letter reads “${field.reads}”.`;
}

/** The refusal of sending, and the confirmation before print, PDF and e-mail, naming them. */
export const emptyFieldsText = (fields: readonly EmptyMergeField[]): string =>
  fields.map(emptyFieldText).join(' ');

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** The text of one line of rich text, as a reader sees it. */
const plainLines = (html: string): string[] =>
  html
    .replace(/<br\s*\/?>|<\/(p|li|h\d|div|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTITIES[e] ?? e)
    .split('\n');

// A private-use character marks where an empty field stood until its line is read.
const MARK = '\uE000';
const MARKS = /\uE000(\d+)\uE000/g;

/**
 * The text with its merge fields filled in (HTML-escaped), and the placeholders that resolved to
 * nothing, each once, with the line it leaves behind.
 */
export function resolveMergeFields(text: string, values: MergeValues): ResolvedLetter {
  const found: Array<Omit<EmptyMergeField, 'reads'>> = [];
  const marked = text.replace(PLACEHOLDER, (whole: string, inner: string) => {
    const tokens = inner.split('|').map((name) => ALIASES[`{${name}}`] ?? `{${name}}`);
    const offered = tokens.filter((t) => OFFERED.has(t));
    if (offered.length === 0) return whole;
    for (const token of offered) {
      const value = valueOf(values, token);
      if (value) return escapeHtml(value);
    }
    found.push({ placeholder: whole, labels: offered.map((t) => LABELS.get(t) ?? t) });
    return `${MARK}${found.length - 1}${MARK}`;
  });
  const reads = new Map<number, string>();
  for (const line of plainLines(marked)) {
    for (const match of line.matchAll(MARKS)) {
      const shown = line.replace(MARKS, '').replace(/\s+/g, ' ').trim();
      reads.set(Number(match[1]), shown.length > 80 ? `${shown.slice(0, 79)}…` : shown);
    }
  }
  const empty: EmptyMergeField[] = [];
  found.forEach((field, i) => {
    if (!empty.some((e) => e.placeholder === field.placeholder))
      empty.push({ ...field, reads: reads.get(i) ?? '' });
  });
  return { html: marked.replace(MARKS, ''), empty };
}

export const fillMergeFields = (text: string, values: MergeValues): string =>
  resolveMergeFields(text, values).html;
