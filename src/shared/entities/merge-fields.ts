/**
 * Merge fields in snippets and letters. They stay as placeholders in the stored text and are
 * filled in when a letter is printed: `{patient.first_name}` is the patient's
 * `patient_first_name`, `{user.last_name}` the writer's `user_last_name`,
 * `{company.company_name}` the clinic's name (public settings) and `{today}` the letter's date as
 * DD/MM/YYYY. Only the fields listed here are filled, so a letter can not print a column nobody
 * offered (a user's e-mail, say); values are HTML-escaped because bodies are rich text; a
 * placeholder that names nothing known is left as it was, so a typo shows.
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
const PLACEHOLDER = /\{(today|(patient|user|company)\.([a-z0-9_]+))\}/g;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** 2024-03-01 → 01/03/2024 (the display format of dates). */
export const displayDate = (iso: string): string =>
  iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$3/$2/$1');

/** A patient or user row names its columns `{scope}_{field}`; the company settings do not. */
function valueOf(values: MergeValues, scope: Scope, field: string): unknown {
  const row = values[scope];
  return scope === 'company' ? row?.[field] : row?.[`${scope}_${field}`];
}

export function fillMergeFields(text: string, values: MergeValues): string {
  return text.replace(PLACEHOLDER, (whole: string, _all: string, scope?: Scope) => {
    const token = ALIASES[whole] ?? whole;
    if (!OFFERED.has(token)) return whole;
    if (!scope) return values.today ? escapeHtml(displayDate(values.today)) : whole;
    const value = valueOf(values, scope, token.slice(scope.length + 2, -1));
    if (typeof value !== 'string' && typeof value !== 'number') return whole;
    const shown = String(value);
    return escapeHtml(/^\d{4}-\d{2}-\d{2}$/.test(shown) ? displayDate(shown) : shown);
  });
}
