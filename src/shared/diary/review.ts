/**
 * Due for review (issue 44 point 9): a dispensed formula runs out on a day Materia can tell — the
 * bottle's quantity over the daily dose (supplyOf in ../prescription-totals.ts), else the days
 * prescribed — counted from the day it was dispensed. The diary's list and the patient screen
 * name the patients whose medicine runs out within N days (the diary setting `review_days`) and
 * who have nothing booked. And the day sheet: a practitioner's day, printable. The server checks
 * what the calls take (src/server/diary-review/routes.ts).
 */
import { CANCELLED_STATUSES, type AppointmentStatus } from './statuses';

/** An appointment that still counts as "seen again": not cancelled, not missed. */
export const NOT_COMING_STATUSES: readonly AppointmentStatus[] = [...CANCELLED_STATUSES, 'no_show'];

export interface DueForReview {
  patient_id: number;
  patient_name: string;
  has_email: boolean;
  has_phone: boolean;
  prescription_id: number;
  prescription_name: string;
  /** YYYY-MM-DD in the clinic's zone. */
  dispensed_on: string;
  runs_out_on: string;
  /** Negative: ran out that many days ago. */
  days_left: number;
  /** When a rebooking e-mail was last sent (ISO 8601), or null. */
  rebooking_sent_at: string | null;
}

export interface DueForReviewAnswer {
  within_days: number;
  today: string;
  patients: DueForReview[];
}

export const REBOOKING_NO_EMAIL_TEXT =
  'This patient has no e-mail address: phone them to book, or add an address first.';

/** "runs out today", "runs out in 3 days", "ran out 2 days ago". */
export function runsOutText(daysLeft: number): string {
  if (daysLeft === 0) return 'runs out today';
  if (daysLeft === 1) return 'runs out tomorrow';
  if (daysLeft > 1) return `runs out in ${daysLeft} days`;
  return daysLeft === -1 ? 'ran out yesterday' : `ran out ${-daysLeft} days ago`;
}
