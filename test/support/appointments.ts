/**
 * Appointments written as the diary writes them, for the message tests: the row in the company's
 * transaction, then onAppointmentChanged in the same transaction (as src/server/diary/ and online
 * booking call it), so that the messages and their jobs commit with it.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';
import { inTenant } from '../../src/server/db/tenancy';
import { onAppointmentChanged } from '../../src/server/messages/schedule';

interface NewAppointment {
  patientId: number;
  practitionerId: number;
  start: Date;
  minutes?: number;
}

export async function bookAppointment(
  db: Kysely<DB>,
  companyId: number,
  a: NewAppointment,
): Promise<number> {
  return inTenant(db, companyId, async (trx) => {
    const end = new Date(a.start.getTime() + (a.minutes ?? 30) * 60_000);
    const { rows } = await sql<{ id: number }>`insert into appointments (company_id,
        appointment_name, appointment_patient_id, appointment_practitioner_id,
        appointment_start, appointment_end)
      values (${companyId}, 'Test appointment', ${a.patientId}, ${a.practitionerId},
        ${a.start}, ${end})
      returning appointment_id::int as id`.execute(trx);
    const id = rows[0]!.id;
    await onAppointmentChanged(trx, { kind: 'booked', company_id: companyId, appointment_id: id });
    return id;
  });
}

export async function moveAppointment(
  db: Kysely<DB>,
  companyId: number,
  id: number,
  start: Date,
): Promise<void> {
  await inTenant(db, companyId, async (trx) => {
    await sql`update appointments set appointment_start = ${start},
        appointment_end = ${new Date(start.getTime() + 30 * 60_000)}
      where company_id = ${companyId} and appointment_id = ${id}`.execute(trx);
    await onAppointmentChanged(trx, { kind: 'moved', company_id: companyId, appointment_id: id });
  });
}

export async function cancelAppointment(
  db: Kysely<DB>,
  companyId: number,
  id: number,
): Promise<void> {
  await inTenant(db, companyId, async (trx) => {
    await sql`update appointments set appointment_status = 'cancelled'
      where company_id = ${companyId} and appointment_id = ${id}`.execute(trx);
    await onAppointmentChanged(trx, {
      kind: 'cancelled',
      company_id: companyId,
      appointment_id: id,
    });
  });
}
