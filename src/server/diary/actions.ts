/**
 * diary/move (drag to move, drag an edge to resize), diary/cancel and diary/set_status, each on
 * one appointment or, for a series, "this one", "this and following" or "all" (those still ahead
 * and this one). A series moved keeps its wall time in the clinic's zone: every member moves by
 * the same number of days to the new time of day, so 09:00 stays 09:00 across DST.
 *
 * A move never sets appointment_rescheduled_from_id: staff dragging an appointment changes the
 * same row. That link is for a patient's reschedule (online booking's manage link), which books a
 * new appointment and cancels the old one, so the old one keeps its history.
 */
import { sql } from 'kysely';
import type { DateTime } from 'luxon';
import type { z } from 'zod';
import type { SeriesScope } from '../../shared/diary/calls';
import { isLive } from '../../shared/diary/statuses';
import { appointments } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { updateRow, type Row } from '../entities/repository';
import { inZone, toUtcIso, type InstantValue } from './format';
import type { cancelSchema, moveSchema, setStatusSchema } from './input';
import { Problems } from './problems';
import { endedBefore, rebased } from './series-rule';
import { instantOf } from './wall-time';
import { appointmentService, changeAppointment } from './writes';
import { clinicTimeZone } from './time-zone';

const ms = (value: unknown) => Date.parse(toUtcIso(value as InstantValue));

/** The members of `target`'s series a scope names, in order of start (the target included). */
async function membersOf(ctx: CallContext, target: Row, scope: SeriesScope): Promise<Row[]> {
  const series = target.appointment_series_id;
  if (scope === 'this' || typeof series !== 'number') return [target];
  const from =
    scope === 'following'
      ? toUtcIso(target.appointment_start as InstantValue)
      : new Date().toISOString();
  const ids = await sql<{ id: number }>`select appointment_id as id from appointments
    where company_id = ${ctx.caller.company.company_id} and appointment_series_id = ${series}
      and (appointment_start >= ${from}::timestamptz or appointment_id = ${target.appointment_id})
    order by appointment_start`.execute(ctx.trx);
  const rows: Row[] = [];
  for (const { id } of ids.rows) rows.push(await appointmentService.require(ctx, id, true));
  return rows;
}

export async function moveAppointment(ctx: CallContext, input: z.infer<typeof moveSchema>) {
  const zone = await clinicTimeZone(ctx);
  const target = await appointmentService.require(ctx, input.appointment_id, true);
  const start = instantOf(input.start, zone, 'start', 'Start');
  const end =
    input.end === undefined
      ? new Date(
          Date.parse(start) + ms(target.appointment_end) - ms(target.appointment_start),
        ).toISOString()
      : instantOf(input.end, zone, 'end', 'End');
  const others: Row = {};
  if (input.practitioner_id !== undefined)
    others.appointment_practitioner_id = input.practitioner_id;
  if (input.room_id !== undefined) others.appointment_room_id = input.room_id;
  const options = {
    ...(input.row_version === undefined ? {} : { rowVersion: input.row_version }),
    ...(input.override_reason === undefined ? {} : { overrideReason: input.override_reason }),
  };
  const members = await membersOf(ctx, target, input.scope ?? 'this');
  if (members.length === 1) {
    const after = await changeAppointment(
      ctx,
      input.appointment_id,
      { ...others, appointment_start: start, appointment_end: end },
      options,
    );
    return { appointments: [after] };
  }
  // Each member: the same shift in clinic days, to the new wall time of day, the new length.
  const [from, to] = [inZone(target.appointment_start as InstantValue, zone), inZone(start, zone)];
  const days = Math.round(to.startOf('day').diff(from.startOf('day'), 'days').days);
  const length = Date.parse(end) - Date.parse(start);
  const problems = new Problems();
  const moved: Row[] = [];
  for (const member of members) {
    const wall: DateTime = inZone(member.appointment_start as InstantValue, zone)
      .plus({ days })
      .set({ hour: to.hour, minute: to.minute });
    const at = wall.toUTC();
    const after = await problems.run(() =>
      changeAppointment(
        ctx,
        member.appointment_id as number,
        { ...others, appointment_start: at.toISO(), appointment_end: at.plus(length).toISO() },
        member.appointment_id === target.appointment_id
          ? options
          : { ...options, rowVersion: undefined },
      ),
    );
    if (after) moved.push(after);
  }
  problems.throwIfAny();
  await rewriteRule(ctx, target, moved, zone, input.scope ?? 'this');
  return { appointments: moved };
}

/**
 * The series' rule after a move: "all" moves its start; "following" splits it — the old rule ends
 * the day before, the moved ones become a series of their own headed by the moved target.
 */
async function rewriteRule(
  ctx: CallContext,
  target: Row,
  moved: Row[],
  zone: string,
  scope: SeriesScope,
) {
  const headId = target.appointment_series_id;
  if (typeof headId !== 'number' || moved.length === 0) return;
  const company = ctx.caller.company.company_id;
  const head = await appointmentService.require(ctx, headId);
  const text = head.appointment_recurrence;
  if (typeof text !== 'string' || text === '') return;
  const firstMoved = moved[0]!;
  const newStart = inZone(firstMoved.appointment_start as InstantValue, zone);
  if (scope === 'all' || firstMoved.appointment_id === headId) {
    await updateRow(ctx.trx, appointments, company, headId, {
      appointment_recurrence: rebased(text, newStart),
    });
    return;
  }
  const newHead = firstMoved.appointment_id as number;
  await updateRow(ctx.trx, appointments, company, headId, {
    appointment_recurrence: endedBefore(
      text,
      inZone(target.appointment_start as InstantValue, zone),
    ),
  });
  await updateRow(ctx.trx, appointments, company, newHead, {
    appointment_recurrence: rebased(text, newStart, moved.length),
  });
  for (const row of moved) {
    await updateRow(ctx.trx, appointments, company, row.appointment_id as number, {
      appointment_series_id: newHead,
    });
  }
}

export async function cancelAppointment(ctx: CallContext, input: z.infer<typeof cancelSchema>) {
  const target = await appointmentService.require(ctx, input.appointment_id, true);
  const members = await membersOf(ctx, target, input.scope ?? 'this');
  const cancelled: Row[] = [];
  for (const member of members) {
    if (!isLive(String(member.appointment_status))) continue;
    cancelled.push(
      await changeAppointment(ctx, member.appointment_id as number, {
        appointment_status: 'cancelled',
        appointment_cancel_reason: input.reason,
      }),
    );
  }
  return { appointments: cancelled };
}

export async function setStatus(ctx: CallContext, input: z.infer<typeof setStatusSchema>) {
  return changeAppointment(ctx, input.appointment_id, { appointment_status: input.status });
}
