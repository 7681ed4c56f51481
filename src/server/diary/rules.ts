/**
 * An appointment's rules, in one place for every way it is written (the generic insert, update
 * and import through ./behaviour.ts, and the diary's own calls): the practitioner is an enabled
 * user marked a practitioner, the room a location of kind 'room' (its site fills the location),
 * the start comes before the end, the label is the server's, and a cancellation has a reason, who
 * and when, and is late inside the type's notice. The overlap rule is the database's (./clash.ts).
 */
import { isLive } from '../../shared/diary/statuses';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import type { Row } from '../entities/repository';
import { readFacts, type Facts } from './facts';
import { appointmentName, toUtcIso, type InstantValue } from './format';

const HOUR_MS = 3_600_000;

/** A text field's value, trimmed ('' when empty). */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const idOf = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const ms = (value: unknown): number => Date.parse(toUtcIso(value as InstantValue));

/** Whether a field differs between the stored row and the row as it will be. */
export const changedIn = (before: Row | null, row: Row) => (field: string) =>
  before === null || toComparable(before[field]) !== toComparable(row[field]);

function toComparable(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return Date.parse(value);
  return value ?? null;
}

/** The fields whose change may make a clash or leave working hours. */
export const SLOT_FIELDS = [
  'appointment_practitioner_id',
  'appointment_room_id',
  'appointment_start',
  'appointment_end',
  'appointment_status',
] as const;

export const touchesSlot = (before: Row | null, row: Row): boolean =>
  SLOT_FIELDS.some(changedIn(before, row)) && isLive(String(row.appointment_status));

/** The end from the type's duration, when the caller left it out (and named a type). */
export async function defaultEnd(ctx: CallContext, values: Row): Promise<void> {
  const empty = values.appointment_end === undefined || values.appointment_end === null;
  if (!empty || typeof values.appointment_start !== 'string') return;
  const facts = await readFacts(ctx, {
    practitioner_id: null,
    room_id: null,
    type_id: idOf(values.appointment_type_id),
  });
  if (!facts.type) return; // the required-field check names the missing end
  values.appointment_end = new Date(
    ms(values.appointment_start) + facts.type.duration_minutes * 60_000,
  ).toISOString();
}

function checkNamedRows(row: Row, facts: Facts, changed: (f: string) => boolean): Row {
  const derived: Row = {};
  const practitioner = row.appointment_practitioner_id;
  if (changed('appointment_practitioner_id') && !facts.practitioner) {
    throw badRequest(
      `Practitioner: there is no practitioner with id ${String(practitioner)} ` +
        '(an enabled user marked as a practitioner).',
      'appointment_practitioner_id',
    );
  }
  const room = idOf(row.appointment_room_id);
  if (room !== null && changed('appointment_room_id')) {
    if (!facts.room)
      throw badRequest(`Room: there is no room with id ${room}.`, 'appointment_room_id');
    const site = facts.room.site_id;
    const location = idOf(row.appointment_location_id);
    if (site !== null && location === null) derived.appointment_location_id = site;
    else if (site !== null && location !== site) {
      throw badRequest(
        `Room: ${facts.room.name} is not at the appointment's location.`,
        'appointment_room_id',
      );
    }
  }
  const type = idOf(row.appointment_type_id);
  if (type !== null && changed('appointment_type_id') && !facts.type) {
    throw badRequest(`Type: there is no appointment type with id ${type}.`, 'appointment_type_id');
  }
  return derived;
}

/** A cancellation's reason, who and when, and whether it is late; a revival clears who and when. */
function cancellation(ctx: CallContext, before: Row | null, row: Row, facts: Facts, now: number) {
  const derived: Row = {};
  const wasLive = before === null || isLive(String(before.appointment_status));
  const live = isLive(String(row.appointment_status));
  if (!live && wasLive) {
    if (textOf(row.appointment_cancel_reason) === '') {
      throw badRequest(
        'Why cancelled: give the reason for cancelling.',
        'appointment_cancel_reason',
      );
    }
    const notice = (facts.type?.cancel_notice_hours ?? 0) * HOUR_MS;
    derived.appointment_status =
      now > ms(row.appointment_start) - notice ? 'late_cancelled' : 'cancelled';
    derived.appointment_cancelled_by = ctx.user.user_id;
    derived.appointment_cancelled_at = new Date(now).toISOString();
  } else if (live && !wasLive) {
    derived.appointment_cancelled_by = null;
    derived.appointment_cancelled_at = null;
  }
  return derived;
}

/**
 * Checks the appointment as it will be (`row`: the stored one with the changes, or a new one) and
 * answers what the server writes besides the caller's values. Refusals name their field.
 */
export async function checkAppointment(
  ctx: CallContext,
  before: Row | null,
  row: Row,
  zone: string,
  now = Date.now(),
): Promise<Row> {
  const changed = changedIn(before, row);
  const facts = await readFacts(ctx, {
    practitioner_id: changed('appointment_practitioner_id')
      ? idOf(row.appointment_practitioner_id)
      : null,
    room_id: changed('appointment_room_id') ? idOf(row.appointment_room_id) : null,
    type_id: idOf(row.appointment_type_id),
  });
  const derived = checkNamedRows(row, facts, changed);
  if (
    row.appointment_end == null ||
    row.appointment_start == null ||
    ms(row.appointment_end) <= ms(row.appointment_start)
  ) {
    throw badRequest('End: must be after the start.', 'appointment_end');
  }
  const name = appointmentName(
    facts.type?.name ?? null,
    row.appointment_start as InstantValue,
    zone,
  );
  if (before === null || before.appointment_name !== name) derived.appointment_name = name;
  Object.assign(derived, cancellation(ctx, before, row, facts, now));
  return derived;
}
