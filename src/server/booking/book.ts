/**
 * `booking/book` and the write `booking/reschedule` shares: the start is checked against the free
 * times computed now (never the page's word for it), the patient is matched or created, and the
 * appointment is written with source 'online', all in the call's one transaction.
 *
 * No double booking: the database's exclusion constraint is the guarantee. The diary's slot lock
 * (diary/clash.ts holdSlot) queues writes to one practitioner's diary, so of many callers racing
 * for one time the first books it and each later one, checking after it, is told it has gone
 * (409); a write that still meets the constraint gets the same answer, never a 5xx.
 */
import { bookingReference, NOT_OFFERED_TEXT, TAKEN_TEXT, type Booked } from '../../shared/booking';
import { appointments, patients } from '../../shared/entities';
import { normaliseEmail } from '../../shared/users';
import { ZoneClock } from '../availability/zone-clock';
import { afterWrite } from '../diary/after-write';
import { holdSlot } from '../diary/clash';
import { isoInZone } from '../../shared/instant-text';
import { appointmentName } from '../diary/format';
import { findRow, insertRow, type Row } from '../entities/repository';
import type { CallContext } from '../http/calls';
import { badRequest, conflict } from '../http/errors';
import { countBooking, passAddressGate } from './address-gate';
import type { BookingClinic } from './clinic';
import type { BookInput } from './input';
import { manageExpiry, manageToken } from './manage-token';
import { freeTimesOf, onlineType, practitionersFor } from './offer';
import { matchingPatient, practitionerBusy, type OnlineType } from './repository';
import { startOf } from './start';

const EXCLUSION_VIOLATION = '23P01';

interface Wanted {
  type: OnlineType;
  practitionerId: number;
  start: Date;
  end: Date;
  locationId: number | null;
}

/** The type, practitioner and start asked for, each checked; a refusal names its field. */
export async function wantedSlot(
  ctx: CallContext,
  clinic: BookingClinic,
  input: { appointment_type_id: number; practitioner_id: number; start: string },
): Promise<Wanted> {
  const type = await onlineType(ctx, clinic, input.appointment_type_id);
  const [practitionerId = 0] = practitionersFor(type, input.practitioner_id);
  const start = startOf(input.start, clinic.zone);
  const end = new Date(start.getTime() + type.duration_minutes * 60_000);
  return { type, practitionerId, start, end, locationId: null };
}

/**
 * Passes when the start is one of the practitioner's free times right now, answering where it
 * is; a time the appointments fill is "taken" (409), any other "not offered" (400).
 */
export async function checkFree(
  ctx: CallContext,
  clinic: BookingClinic,
  wanted: Wanted,
): Promise<Wanted> {
  await holdSlot(ctx, { appointment_practitioner_id: wanted.practitionerId });
  const day = new ZoneClock(clinic.zone);
  const iso = (ms: number) => day.iso(ms).slice(0, 10);
  const at = wanted.start.getTime();
  const times = await freeTimesOf(
    ctx,
    clinic,
    wanted.type,
    [wanted.practitionerId],
    iso(at),
    iso(at),
  );
  const free = times.find((t) => t.start === at);
  if (free) return { ...wanted, locationId: free.location_id };
  const { type } = wanted;
  const taken = await practitionerBusy(
    ctx.trx,
    clinic.companyId,
    wanted.practitionerId,
    new Date(at - type.buffer_before_minutes * 60_000),
    new Date(wanted.end.getTime() + type.buffer_after_minutes * 60_000),
  );
  throw taken ? conflict(TAKEN_TEXT) : badRequest(`"start": ${NOT_OFFERED_TEXT}`, 'start');
}

const isExclusionViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === EXCLUSION_VIOLATION;

/** Writes the appointment of a checked slot; a clash the database sees is a 409, never a 5xx. */
export async function insertAppointment(
  ctx: CallContext,
  clinic: BookingClinic,
  wanted: Wanted,
  patientId: number,
  rescheduledFrom: number | null,
): Promise<Row> {
  const values: Row = {
    appointment_name: appointmentName(wanted.type.name, wanted.start, clinic.zone),
    appointment_patient_id: patientId,
    appointment_practitioner_id: wanted.practitionerId,
    appointment_type_id: wanted.type.appointment_type_id,
    appointment_location_id: wanted.locationId,
    appointment_start: wanted.start,
    appointment_end: wanted.end,
    appointment_status: 'booked',
    appointment_source: 'online',
    appointment_rescheduled_from_id: rescheduledFrom,
  };
  let id: number;
  try {
    id = await insertRow(ctx.trx, appointments, clinic.companyId, values);
  } catch (error) {
    if (isExclusionViolation(error)) throw conflict(TAKEN_TEXT);
    throw error;
  }
  const row = await findRow(ctx.trx, appointments, clinic.companyId, id);
  if (!row) throw new Error(`appointment ${id} vanished after its insert`);
  await ctx.audit({ action: 'insert', entity: 'appointments', entity_id: id, after: row });
  await afterWrite(ctx, null, row);
  return row;
}

/** The patient of that e-mail and date of birth, or a new one flagged for staff to check. */
async function patientFor(ctx: CallContext, clinic: BookingClinic, input: BookInput) {
  const email = normaliseEmail(input.email);
  const known = await matchingPatient(ctx.trx, clinic.companyId, email, input.date_of_birth);
  if (known !== null) return known;
  if (input.date_of_birth > new Date().toISOString().slice(0, 10))
    throw badRequest('"date_of_birth": must not be in the future.', 'date_of_birth');
  const values: Row = {
    patient_first_name: input.first_name,
    patient_last_name: input.last_name,
    patient_email: email,
    patient_mobile: input.phone,
    patient_dob: input.date_of_birth,
    patient_booked_online_unchecked: 1,
  };
  const id = await insertRow(ctx.trx, patients, clinic.companyId, values);
  const row = await findRow(ctx.trx, patients, clinic.companyId, id);
  await ctx.audit({ action: 'insert', entity: 'patients', entity_id: id, after: row });
  return id;
}

/** What a booking answers: its reference, times in the clinic's zone and its manage token. */
export async function bookedReply(
  ctx: CallContext,
  clinic: BookingClinic,
  row: Row,
): Promise<Booked> {
  const id = row.appointment_id as number;
  const start = new Date(row.appointment_start as string | Date);
  return {
    reference: bookingReference(id),
    manage_token: await manageToken(ctx.trx, {
      companyId: clinic.companyId,
      appointmentId: id,
      expiresAt: manageExpiry(start),
    }),
    start: isoInZone(start, clinic.zone),
    end: isoInZone(new Date(row.appointment_end as string | Date), clinic.zone),
  };
}

export async function book(
  ctx: CallContext,
  clinic: BookingClinic,
  input: BookInput,
): Promise<Booked> {
  const wanted = await wantedSlot(ctx, clinic, input);
  const address = await passAddressGate(ctx, normaliseEmail(input.email), input.altcha);
  const slot = await checkFree(ctx, clinic, wanted);
  const patientId = await patientFor(ctx, clinic, input);
  const row = await insertAppointment(ctx, clinic, slot, patientId, null);
  await countBooking(ctx, address);
  return bookedReply(ctx, clinic, row);
}
