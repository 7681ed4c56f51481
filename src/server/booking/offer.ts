/**
 * What the booking page may offer: the online types and their practitioners, and their free
 * times. A slot is a time and a practitioner's id, nothing else: no patient, no other booking.
 */
import { SLOT_RANGE_MAX_DAYS, type BookingOptions, type Slot } from '../../shared/booking';
import { dayNumber, ZoneClock } from '../availability/zone-clock';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { captchaDue } from './address-gate';
import type { BookingClinic } from './clinic';
import { freeTimes, type FreeTime } from './free-times';
import type { SlotsInput } from './input';
import { onlineTypes, practitionersNamed, type OnlineType } from './repository';

export async function bookingOptions(
  ctx: CallContext,
  clinic: BookingClinic,
): Promise<BookingOptions> {
  const types = await onlineTypes(ctx.trx, clinic.companyId);
  const ids = [...new Set(types.flatMap((t) => t.practitioner_ids))];
  return {
    clinic_name: clinic.name,
    appointment_types: types.map((t) => ({
      appointment_type_id: t.appointment_type_id,
      name: t.name,
      duration_minutes: t.duration_minutes,
      price: t.price,
      description: t.description,
      practitioner_ids: t.practitioner_ids,
    })),
    practitioners: await practitionersNamed(ctx.trx, clinic.companyId, ids),
    booking_intro: clinic.intro,
    cancellation_policy: clinic.policy,
    time_zone: clinic.zone,
    currency: clinic.currency,
    captcha_required: await captchaDue(ctx),
  };
}

/** The online type named, or a 400 naming the field (another clinic's type is not found). */
export async function onlineType(
  ctx: CallContext,
  clinic: BookingClinic,
  typeId: number,
): Promise<OnlineType> {
  const [type] = await onlineTypes(ctx.trx, clinic.companyId, typeId);
  if (!type)
    throw badRequest(
      '"appointment_type_id": no appointment type of that number can be booked online.',
      'appointment_type_id',
    );
  return type;
}

/** The practitioners asked for: one who offers the type online, or all who do. */
export function practitionersFor(type: OnlineType, practitionerId: number | undefined): number[] {
  if (practitionerId === undefined) return type.practitioner_ids;
  if (!type.practitioner_ids.includes(practitionerId))
    throw badRequest(
      '"practitioner_id": no practitioner of that number offers this appointment online.',
      'practitioner_id',
    );
  return [practitionerId];
}

function checkRange(from: string, to: string): void {
  const days = dayNumber(to) - dayNumber(from);
  if (days < 0) throw badRequest('"to": must not be before "from".', 'to');
  if (days >= SLOT_RANGE_MAX_DAYS)
    throw badRequest(`"to": at most ${SLOT_RANGE_MAX_DAYS} days from "from" may be asked.`, 'to');
}

export function freeTimesOf(
  ctx: CallContext,
  clinic: BookingClinic,
  type: OnlineType,
  practitionerIds: readonly number[],
  from: string,
  to: string,
): Promise<FreeTime[]> {
  return freeTimes(ctx.trx, {
    companyId: clinic.companyId,
    zone: clinic.zone,
    stepMinutes: clinic.slotStepMinutes,
    type,
    practitionerIds,
    from,
    to,
    now: Date.now(),
  });
}

export async function bookingSlots(
  ctx: CallContext,
  clinic: BookingClinic,
  input: SlotsInput,
): Promise<Slot[]> {
  const type = await onlineType(ctx, clinic, input.appointment_type_id);
  const practitioners = practitionersFor(type, input.practitioner_id);
  checkRange(input.from, input.to);
  const times = await freeTimesOf(ctx, clinic, type, practitioners, input.from, input.to);
  // The zone clock writes thousands of starts in the time Luxon takes for a few hundred.
  const clock = new ZoneClock(clinic.zone);
  return times.map((t) => ({
    start: clock.iso(t.start),
    practitioner_id: t.practitioner_id,
  }));
}
