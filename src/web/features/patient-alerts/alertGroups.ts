/**
 * The banner's groups from the patient's facts, in the order a practitioner checks them: each
 * group names the record's tab where it is edited, its colour, and its entries as words (the
 * colour is never the only sign). Allergies are always shown: none recorded is said plainly.
 */
import { ADULT_AGE, isUnderAge, type PatientAlerts } from '../../../shared/patient-alerts';

/** The patient editor's tabs (src/shared/entities/patients.ts) where each fact is edited. */
type PatientTab = 'clinical' | 'details';

interface AlertEntry {
  text: string;
  /** Said beside the entry: a medicine not mapped to a drug class. */
  note?: string;
}

export interface AlertGroup {
  key: 'allergies' | 'pregnancy' | 'age' | 'medication' | 'conditions';
  label: string;
  tab: PatientTab;
  /**
   * Filled badges of this Mantine colour for what must stop a practitioner (allergies in red,
   * pregnancy in orange); null: plain outlined badges, read by their group's label.
   */
  color: string | null;
  entries: AlertEntry[];
  /** Shown in place of entries when there are none (allergies only). */
  empty?: string;
}

const NO_ALLERGIES_TEXT = 'No allergies recorded';

function ageText(alerts: PatientAlerts): string {
  const months = alerts.age_months ?? 0;
  const age =
    alerts.age_years === 0
      ? `${months} month${months === 1 ? '' : 's'}`
      : `${alerts.age_years} year${alerts.age_years === 1 ? '' : 's'}`;
  return `${age} (under ${ADULT_AGE})`;
}

export function alertGroups(alerts: PatientAlerts): AlertGroup[] {
  const groups: AlertGroup[] = [
    {
      key: 'allergies',
      label: 'Allergies',
      tab: 'clinical',
      color: 'red.9',
      entries: alerts.allergies.map((a) => ({ text: a.name })),
      empty: NO_ALLERGIES_TEXT,
    },
  ];
  const pregnancy = [
    ...(alerts.pregnant ? [{ text: 'Pregnant' }] : []),
    ...(alerts.breastfeeding ? [{ text: 'Breastfeeding' }] : []),
  ];
  if (pregnancy.length > 0)
    groups.push({
      key: 'pregnancy',
      label: 'Pregnancy',
      tab: 'clinical',
      color: 'orange.5',
      entries: pregnancy,
    });
  if (isUnderAge(alerts))
    groups.push({
      key: 'age',
      label: 'Age',
      tab: 'details',
      color: null,
      entries: [{ text: ageText(alerts) }],
    });
  if (alerts.medicines.length > 0)
    groups.push({
      key: 'medication',
      label: 'Medication',
      tab: 'clinical',
      color: null,
      entries: alerts.medicines.map((m) => ({
        text: m.name,
        ...(m.drug_class === null ? { note: 'Not mapped — for review' } : {}),
      })),
    });
  if (alerts.caution_conditions.length > 0)
    groups.push({
      key: 'conditions',
      label: 'Conditions',
      tab: 'clinical',
      color: null,
      entries: alerts.caution_conditions.map((c) => ({ text: c.name })),
    });
  return groups;
}

/** How many alerts the collapsed line counts: every entry ("No allergies recorded" is none). */
export const alertCount = (groups: readonly AlertGroup[]): number =>
  groups.reduce((sum, g) => sum + g.entries.length, 0);

/** The collapsed line's words: each group's label and entries, e.g. "Allergies: Latex". */
export const summaryText = (groups: readonly AlertGroup[]): string =>
  groups
    .map((g) =>
      g.entries.length === 0
        ? (g.empty ?? g.label)
        : `${g.label}: ${g.entries.map((e) => e.text).join(', ')}`,
    )
    .join(' · ');
