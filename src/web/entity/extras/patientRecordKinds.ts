/**
 * What the patient's "Prescriptions and letters" tab lists (slots `patient_prescriptions` and
 * `patient_letters`): each kind of record names its definition, the field that points at the
 * patient, the date it is ordered by, the columns shown and how a new one is filled in.
 */
import { patientletters, prescriptions, type EntityDefinition } from '../../../shared/entities';
import { PATIENT_HISTORY_LIMIT } from '../../../shared/limits';
import { textOf } from '../model/format';
import { defaultsOf } from '../model/rows';
import { listUri } from '../model/routes';
import type { Row } from '../model/types';

/** Rows shown at most; more are counted, and "Show all" opens the list filtered to the patient. */
export const HISTORY_LIMIT = PATIENT_HISTORY_LIMIT;

export interface PatientRecordKind {
  definition: EntityDefinition;
  /** The reference field holding the patient. */
  patientField: string;
  /** Shown first and ordered by, newest first. */
  dateField: string;
  /** Shown after the date; the first one carries the link to the row. */
  columns: readonly string[];
  /** "prescriptions": the plural in "No prescriptions yet." and the refusal sentence. */
  plural: string;
  newLabel: string;
  /** Values of a new row besides the definition's defaults and the patient. */
  extraValues: (patient: Row) => Row;
}

export const PRESCRIPTION_KIND: PatientRecordKind = {
  definition: prescriptions,
  patientField: 'prescription_patient_id',
  dateField: 'prescription_date',
  columns: ['prescription_name', 'prescription_status', 'prescription_total_price'],
  plural: 'prescriptions',
  newLabel: 'New prescription',
  extraValues: () => ({}),
};

export const LETTER_KIND: PatientRecordKind = {
  definition: patientletters,
  patientField: 'patientletter_patient_id',
  dateField: 'patientletter_date',
  columns: ['patientletter_name'],
  plural: 'letters',
  newLabel: 'New letter',
  // The subject is required; the letter's author and date are set by the server.
  extraValues: (patient) => ({ patientletter_name: letterSubject(patient) }),
};

/** "Letter to Ada Lovelace" (only the names the patient has). */
export function letterSubject(patient: Row): string {
  const name = [textOf(patient.patient_first_name), textOf(patient.patient_last_name)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name ? `Letter to ${name}` : 'Letter';
}

/** The list call's payload: this patient's rows, newest first, one page. */
export function historyQuery(kind: PatientRecordKind, patientId: number) {
  return {
    limit: HISTORY_LIMIT,
    // A reference filter matches the id exactly (no `=` prefix needed).
    filters: { [kind.patientField]: patientId },
    sort: { field: kind.dateField, direction: 'desc' as const },
  };
}

/**
 * Newest first: by date, then the later row (a higher id) first. The server sorts by date alone,
 * then by name, so rows of one day would otherwise come alphabetically.
 */
export function newestFirst(kind: PatientRecordKind, rows: readonly Row[]): Row[] {
  const { id } = kind.definition.keys;
  return [...rows].sort(
    (a, b) =>
      textOf(b[kind.dateField]).localeCompare(textOf(a[kind.dateField])) ||
      Number(b[id]) - Number(a[id]),
  );
}

/** The insert call's payload for a new row of this patient. */
export function newRowValues(kind: PatientRecordKind, patient: Row, patientId: number): Row {
  return {
    ...defaultsOf(kind.definition),
    ...kind.extraValues(patient),
    [kind.patientField]: patientId,
  };
}

export const emptyText = (kind: PatientRecordKind) => `No ${kind.plural} yet.`;

export const refusedText = (kind: PatientRecordKind) =>
  `You may not see this patient's ${kind.plural}.`;

/** "50 of 73 shown" when there are more than the tab lists, else null. */
export function shownText(shown: number, total: number | null): string | null {
  return total !== null && total > shown ? `${shown} of ${total} shown` : null;
}

/** "Show all 73": the kind's list screen filtered to the patient, when the tab lists fewer. */
export function showAllLink(
  kind: PatientRecordKind,
  patientId: number,
  shown: number,
  total: number | null,
): { to: string; label: string } | null {
  if (total === null || total <= shown) return null;
  const search = new URLSearchParams({ [kind.patientField]: String(patientId) });
  return {
    to: listUri(kind.definition.entities, `?${search.toString()}`),
    label: `Show all ${total}`,
  };
}
