/**
 * The manage link's calls: see the booking, cancel it, move it. Only through a genuine,
 * unexpired token of this clinic (./manage-token.ts); only outside the type's cancellation
 * notice — inside it the answer says whom to call. A move books the new time with the same checks
 * as a booking and cancels the old one, linked by appointment_rescheduled_from_id, in one
 * transaction: both happen or neither.
 */
import {
  bookingReference,
  MANAGE_LINK_INVALID_TEXT,
  type Booked,
  type BookingView,
} from '../../shared/booking';
import { isLive } from '../../shared/diary/statuses';
import { appointments } from '../../shared/entities';
import { afterWrite } from '../diary/after-write';
import { isoInZone } from '../../shared/instant-text';
import { findRow, updateRow } from '../entities/repository';
import type { CallContext } from '../http/calls';
import { badRequest, conflict } from '../http/errors';
import { countBooking, passAddressGate } from './address-gate';
import { bookedReply, checkFree, insertAppointment, wantedSlot } from './book';
import { callTheClinic, type BookingClinic } from './clinic';
import type { RescheduleInput } from './input';
import { readManageToken } from './manage-token';
import { lockedAppointment, type ManagedAppointment } from './repository';

const HOUR_MS = 3_600_000;
const CANCELLED_ONLINE = 'Cancelled online by the patient.';
const MOVED_ONLINE = 'Moved online by the patient.';

/** The appointment the token names, locked; one refusal for every kind of bad token. */
async function managed(
  ctx: CallContext,
  clinic: BookingClinic,
  token: string,
): Promise<ManagedAppointment> {
  const id = await readManageToken(ctx.trx, token, clinic.companyId);
  const appointment = id === null ? null : await lockedAppointment(ctx.trx, clinic.companyId, id);
  if (!appointment) throw badRequest(`"manage_token": ${MANAGE_LINK_INVALID_TEXT}`, 'manage_token');
  return appointment;
}

const changeUntil = (a: ManagedAppointment) =>
  new Date(a.start.getTime() - a.cancel_notice_hours * HOUR_MS);

function statusOf(a: ManagedAppointment, now: number): BookingView['status'] {
  if (!isLive(a.status)) return 'cancelled';
  return a.start.getTime() <= now ? 'passed' : 'booked';
}

function view(clinic: BookingClinic, a: ManagedAppointment): BookingView {
  const now = Date.now();
  const status = statusOf(a, now);
  return {
    reference: bookingReference(a.appointment_id),
    appointment_type_id: a.appointment_type_id,
    type_name: a.type_name,
    practitioner_id: a.practitioner_id,
    practitioner_name: a.practitioner_name,
    start: isoInZone(a.start, clinic.zone),
    end: isoInZone(a.end, clinic.zone),
    status,
    can_change: status === 'booked' && now < changeUntil(a).getTime(),
    change_until: isoInZone(changeUntil(a), clinic.zone),
    time_zone: clinic.zone,
    clinic_name: clinic.name,
    clinic_phone: clinic.phone,
    cancellation_policy: clinic.policy,
  };
}

/** Passes when the booking may still be changed online; else a 409 saying why and whom to call. */
function checkChangeable(clinic: BookingClinic, a: ManagedAppointment, verb: string): void {
  const status = statusOf(a, Date.now());
  if (status === 'cancelled') throw conflict('This appointment is already cancelled.');
  if (status === 'passed') throw conflict('This appointment has already begun.');
  if (Date.now() >= changeUntil(a).getTime()) {
    throw conflict(
      `It is less than ${a.cancel_notice_hours} hours before your appointment, so it can not be ` +
        `${verb} online. ${callTheClinic(clinic.phone)}`,
    );
  }
}

export async function getBooking(
  ctx: CallContext,
  clinic: BookingClinic,
  token: string,
): Promise<BookingView> {
  return view(clinic, await managed(ctx, clinic, token));
}

/** Marks the appointment cancelled by the patient, with what follows (messages, waitlist). */
async function cancelAppointment(
  ctx: CallContext,
  clinic: BookingClinic,
  id: number,
  reason: string,
) {
  const before = await findRow(ctx.trx, appointments, clinic.companyId, id);
  if (!before) throw new Error(`appointment ${id} vanished while locked`);
  await updateRow(ctx.trx, appointments, clinic.companyId, id, {
    appointment_status: 'cancelled',
    appointment_cancel_reason: reason,
    appointment_cancelled_at: new Date(),
  });
  const after = await findRow(ctx.trx, appointments, clinic.companyId, id);
  if (!after) throw new Error(`appointment ${id} vanished while locked`);
  await ctx.audit({ action: 'update', entity: 'appointments', entity_id: id, before, after });
  await afterWrite(ctx, before, after);
}

export async function cancelBooking(
  ctx: CallContext,
  clinic: BookingClinic,
  token: string,
): Promise<BookingView> {
  const appointment = await managed(ctx, clinic, token);
  checkChangeable(clinic, appointment, 'cancelled');
  await cancelAppointment(ctx, clinic, appointment.appointment_id, CANCELLED_ONLINE);
  return view(clinic, { ...appointment, status: 'cancelled' });
}

export async function rescheduleBooking(
  ctx: CallContext,
  clinic: BookingClinic,
  input: RescheduleInput,
): Promise<Booked> {
  const old = await managed(ctx, clinic, input.manage_token);
  checkChangeable(clinic, old, 'moved');
  const wanted = await wantedSlot(ctx, clinic, {
    appointment_type_id: old.appointment_type_id,
    practitioner_id: old.practitioner_id,
    start: input.start,
  });
  if (wanted.start.getTime() === old.start.getTime())
    throw badRequest('"start": that is the time already booked.', 'start');
  const address = await passAddressGate(ctx, old.patient_email, input.altcha);
  // The old time is freed first, so a move by a quarter of an hour can overlap it.
  await cancelAppointment(ctx, clinic, old.appointment_id, MOVED_ONLINE);
  const slot = await checkFree(ctx, clinic, wanted);
  const row = await insertAppointment(ctx, clinic, slot, old.patient_id, old.appointment_id);
  await countBooking(ctx, address);
  return bookedReply(ctx, clinic, row);
}
