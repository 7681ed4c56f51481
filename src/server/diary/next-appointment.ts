/**
 * patients.patient_next_appointment (a wall-clock field from the spec, `timestamp` without zone)
 * holds the patient's next live appointment's start in the clinic's zone, written whenever one of
 * their appointments is booked, moved, cancelled or changes status. It is a stored copy so that
 * the patients list can show, sort and filter by it like any field; "next" is judged at the time
 * of the write, so `refreshNextAppointments` (one statement for the whole clinic) is what the
 * hourly job (./next-appointment-job.ts) runs to move past ones on.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/tenancy';

function refresh(trx: Tx, companyId: number, zone: string, which: RawBuilder<unknown>) {
  const next = sql`(select (min(a.appointment_start) at time zone ${zone})::timestamp(0)
    from appointments a where a.company_id = p.company_id
      and a.appointment_patient_id = p.patient_id and a.appointment_start >= now()
      and a.appointment_status not in ('cancelled', 'late_cancelled'))`;
  return sql`update patients p set patient_next_appointment = ${next}
    where p.company_id = ${companyId} and ${which}
      and p.patient_next_appointment is distinct from ${next}`.execute(trx);
}

export async function refreshNextAppointment(
  trx: Tx,
  companyId: number,
  zone: string,
  patientIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(patientIds)];
  if (ids.length) await refresh(trx, companyId, zone, sql`p.patient_id in (${sql.join(ids)})`);
}

/** Every patient of the clinic whose stored next appointment has passed: the one after, or none. */
export async function refreshNextAppointments(trx: Tx, companyId: number, zone: string) {
  const now = sql`(now() at time zone ${zone})::timestamp(0)`;
  await refresh(trx, companyId, zone, sql`p.patient_next_appointment < ${now}`);
}
