/**
 * What follows a committed-to-be change of an appointment, in its transaction: the patients'
 * next appointment (./next-appointment.ts) and the event for messages and the waitlist
 * (./events.ts). One place for the generic calls (./behaviour.ts) and the diary's own (./writes.ts).
 */
import { isLive } from '../../shared/diary/statuses';
import type { CallContext } from '../http/calls';
import type { Row } from '../entities/repository';
import { appointmentChanged, type AppointmentEvent } from './events';
import { toUtcIso, type InstantValue } from './format';
import { refreshNextAppointment } from './next-appointment';
import { changedIn, SLOT_FIELDS } from './rules';
import { clinicTimeZone } from './time-zone';

const iso = (value: unknown) => toUtcIso(value as InstantValue);

function eventKind(before: Row | null, after: Row): AppointmentEvent['kind'] | null {
  const live = isLive(String(after.appointment_status));
  if (before === null) return live ? 'booked' : null;
  const wasLive = isLive(String(before.appointment_status));
  if (wasLive && !live) return 'cancelled';
  if (!wasLive && live) return 'booked';
  const changed = changedIn(before, after);
  const moved = SLOT_FIELDS.some((f) => f !== 'appointment_status' && changed(f));
  return live && moved ? 'moved' : null;
}

export async function afterWrite(ctx: CallContext, before: Row | null, after: Row): Promise<void> {
  const company = ctx.caller.company.company_id;
  const patients = [before?.appointment_patient_id, after.appointment_patient_id].filter(
    (id): id is number => typeof id === 'number',
  );
  await refreshNextAppointment(ctx.trx, company, await clinicTimeZone(ctx), patients);
  const kind = eventKind(before, after);
  if (!kind) return;
  await appointmentChanged(ctx.trx, {
    kind,
    company_id: company,
    appointment_id: after.appointment_id as number,
    ...(kind === 'moved' && before
      ? {
          previous: {
            start: iso(before.appointment_start),
            end: iso(before.appointment_end),
            practitioner_id: before.appointment_practitioner_id as number,
          },
        }
      : {}),
  });
}
