/**
 * Merge fields in snippets and letters: `{patient.first_name}` is the patient's
 * `patient_first_name`, `{user.last_name}` the writer's `user_last_name`, `{company.name}` the
 * clinic's name and `{today}` today's date as DD/MM/YYYY. Values are HTML-escaped because bodies
 * are rich text; a placeholder that names nothing known is left as it was, so a typo shows.
 */
export interface MergeValues {
  patient?: Record<string, unknown>;
  user?: Record<string, unknown>;
  company?: Record<string, unknown>;
  today?: string;
}

const PLACEHOLDER = /\{(today|(patient|user|company)\.([a-z0-9_]+))\}/g;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** 2024-03-01 → 01/03/2024 (SPEC §5 display format). */
export const displayDate = (iso: string): string =>
  iso.replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$3/$2/$1');

export function fillMergeFields(text: string, values: MergeValues): string {
  return text.replace(PLACEHOLDER, (whole, _all: string, scope?: string, field?: string) => {
    if (!scope) return values.today ? escapeHtml(displayDate(values.today)) : whole;
    const row = values[scope as 'patient' | 'user' | 'company'];
    const value = row?.[`${scope}_${field}`] ?? row?.[field ?? ''];
    if (typeof value !== 'string' && typeof value !== 'number') return whole;
    const text = String(value);
    return escapeHtml(/^\d{4}-\d{2}-\d{2}$/.test(text) ? displayDate(text) : text);
  });
}

/** The merge fields offered when writing snippets. */
export const MERGE_FIELDS: readonly string[] = [
  '{patient.title}',
  '{patient.first_name}',
  '{patient.last_name}',
  '{patient.address_line1}',
  '{patient.city}',
  '{patient.postcode}',
  '{patient.dob}',
  '{user.first_name}',
  '{user.last_name}',
  '{company.name}',
  '{today}',
];
