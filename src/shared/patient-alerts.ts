/**
 * What a patient's alert banner shows (patients/get_alerts): the facts a practitioner must have in
 * view while working on the patient or one of their prescriptions — allergies, pregnancy and
 * breastfeeding, current medication, age, and the conditions the herbs' cautions name.
 */

interface Named {
  id: number;
  name: string;
}

/** A medicine taken (MedicationStatement); `drug_class` null: not mapped, for review. */
interface AlertMedicine extends Named {
  drug_class: string | null;
}

export interface PatientAlerts {
  patient_id: number;
  patient_name: string;
  /** Whole years today, null without a date of birth; months below a year (infants). */
  age_years: number | null;
  age_months: number | null;
  pregnant: boolean;
  breastfeeding: boolean;
  /** The allergies recorded (AllergyIntolerance); empty means none recorded, not "none". */
  allergies: Named[];
  medicines: AlertMedicine[];
  /** The patient's conditions that some herb of the clinic is cautioned against. */
  caution_conditions: Named[];
}

/** Below this age the banner names the patient's age: doses and cautions differ for children. */
export const ADULT_AGE = 18;

export const isUnderAge = (alerts: Pick<PatientAlerts, 'age_years'>): boolean =>
  alerts.age_years !== null && alerts.age_years < ADULT_AGE;
