/**
 * No double booking. The database is the guarantee: exclusion constraints refuse two live
 * appointments of one practitioner, or of one room, that overlap (migration 0044), whatever the
 * number of servers and callers. This file only makes the refusal useful:
 * - `holdSlot` queues writes to one practitioner's (and room's) diary on a transaction advisory
 *   lock. Not a check: without it two inserts of the same slot can each wait for the other inside
 *   the constraint's check and one is killed as a deadlock a second later; with it the second
 *   write waits for the first to commit and is refused at once.
 * - `explainClash` turns SQLSTATE 23P01 into a 409 naming the appointment in the way, read in the
 *   same transaction after the write's savepoint was rolled back (entities/db-errors.ts).
 */
import { sql } from 'kysely';
import type { CallContext } from '../http/calls';
import { ApiError, conflict } from '../http/errors';
import type { Row } from '../entities/repository';
import { spanText, toUtcIso, type InstantValue } from './format';
import { clinicTimeZone } from './time-zone';

const CONSTRAINTS = {
  appointments_practitioner_no_overlap: 'practitioner',
  appointments_room_no_overlap: 'room',
} as const;

type ClashKind = (typeof CONSTRAINTS)[keyof typeof CONSTRAINTS];

const SLOT_GONE_TEXT = 'This time has just been taken; choose another.';

/** Locks the diaries the row writes into, practitioner first then room (one order: no cycles). */
export async function holdSlot(ctx: CallContext, row: Row): Promise<void> {
  const company = ctx.caller.company.company_id;
  const keys = [`appointments/${company}/practitioner/${Number(row.appointment_practitioner_id)}`];
  if (row.appointment_room_id != null)
    keys.push(`appointments/${company}/room/${Number(row.appointment_room_id)}`);
  await sql`select ${sql.join(
    keys.map((key) => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`),
  )}`.execute(ctx.trx);
}

interface ClashRow {
  appointment_id: number;
  appointment_start: Date;
  appointment_end: Date;
  patient: string;
  practitioner: string;
  room: string | null;
}

/** The live appointment in the way of `row` in the practitioner's or the room's diary. */
async function findClash(ctx: CallContext, kind: ClashKind, row: Row): Promise<ClashRow | null> {
  const company = ctx.caller.company.company_id;
  const column = kind === 'practitioner' ? 'appointment_practitioner_id' : 'appointment_room_id';
  const start = toUtcIso(row.appointment_start as InstantValue);
  const end = toUtcIso(row.appointment_end as InstantValue);
  const self = typeof row.appointment_id === 'number' ? row.appointment_id : null;
  const result = await sql<ClashRow>`select a.appointment_id, a.appointment_start,
      a.appointment_end, btrim(p.patient_first_name || ' ' || p.patient_last_name) as patient,
      u.user_name as practitioner, l.location_name as room
    from appointments a
    join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    join users u on u.company_id = a.company_id and u.user_id = a.appointment_practitioner_id
    left join locations l on l.company_id = a.company_id and l.location_id = a.appointment_room_id
    where a.company_id = ${company} and ${sql.ref(`a.${column}`)} = ${row[column]}
      and a.appointment_status not in ('cancelled', 'late_cancelled')
      and tstzrange(a.appointment_start, a.appointment_end) && tstzrange(${start}::timestamptz, ${end}::timestamptz)
      and a.appointment_id is distinct from ${self}
    order by a.appointment_start limit 1`.execute(ctx.trx);
  return result.rows[0] ?? null;
}

/** The clash's sentence: "Ada Admin already has Jane Doe 10:00–10:45 on Tue 9 Mar". */
function clashText(kind: ClashKind, clash: ClashRow, zone: string): string {
  const span = spanText(clash.appointment_start, clash.appointment_end, zone);
  return kind === 'practitioner'
    ? `${clash.practitioner} already has ${clash.patient} ${span}`
    : `${clash.room ?? 'The room'} is taken by ${clash.patient} ${span}`;
}

const constraintOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23P01'
    ? (error as { constraint?: string }).constraint
    : undefined;

/** A 409 naming the clash, for a write the database refused as overlapping; else nothing. */
export async function clashError(
  ctx: CallContext,
  error: unknown,
  row: Row,
): Promise<ApiError | null> {
  const constraint = constraintOf(error);
  if (!constraint || !(constraint in CONSTRAINTS)) return null;
  const kind = CONSTRAINTS[constraint as keyof typeof CONSTRAINTS];
  const clash = await findClash(ctx, kind, row);
  if (!clash) return conflict(SLOT_GONE_TEXT);
  const zone = await clinicTimeZone(ctx);
  return new ApiError(409, `${clashText(kind, clash, zone)}.`, {
    field: 'appointment_start',
    data: {
      clash: {
        kind,
        appointment_id: clash.appointment_id,
        start: clash.appointment_start.toISOString(),
        end: clash.appointment_end.toISOString(),
      },
    },
  });
}
