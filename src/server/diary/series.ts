/**
 * Recurring appointments: diary/book_series materialises every occurrence of a weekly rule (every
 * N weeks, until a day or N times) in the clinic's zone, all in one transaction — one clash and
 * nothing is written, the answer naming each clash. The series is its first appointment: its id is
 * every member's appointment_series_id and it keeps the RRULE (./series-rule.ts).
 */
import type { z } from 'zod';
import { appointments } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { badRequest } from '../http/errors';
import { updateRow, type Row } from '../entities/repository';
import { dayText, inZone } from './format';
import type { bookSeriesSchema } from './input';
import { Problems } from './problems';
import { occurrences, ruleOf } from './series-rule';
import { instantOf } from './wall-time';
import { appointmentService } from './writes';
import { clinicTimeZone } from './time-zone';

export async function bookSeries(ctx: CallContext, input: z.infer<typeof bookSeriesSchema>) {
  const zone = await clinicTimeZone(ctx);
  const start = instantOf(input.start, zone, 'start', 'Start');
  const end = input.end === undefined ? undefined : instantOf(input.end, zone, 'end', 'End');
  const first = inZone(start, zone);
  const rule = ruleOf(first, input.recurrence);
  const walls = occurrences(rule, zone);
  const length = end === undefined ? undefined : Date.parse(end) - Date.parse(start);
  if (length !== undefined && length <= 0) throw badRequest('End: must be after the start.', 'end');
  const { start: _s, end: _e, recurrence: _r, override_reason, ...fields } = input;
  const problems = new Problems();
  const rows: Row[] = [];
  for (const wall of walls) {
    if (wall.hour !== first.hour || wall.minute !== first.minute) {
      throw badRequest(
        `Start: ${first.toFormat('HH:mm')} on ${dayText(wall)} does not exist in ${zone} — the ` +
          'clocks go forward that night. Choose another time for the series.',
        'start',
      );
    }
    const at = wall.toUTC();
    const values: Row = {
      ...fields,
      appointment_start: at.toISO(),
      ...(length === undefined ? {} : { appointment_end: at.plus(length).toISO() }),
      ...(override_reason ? { appointment_override_reason: override_reason } : {}),
    };
    const row = await problems.run(() => appointmentService.insert(ctx, values));
    if (row) rows.push(row);
  }
  problems.throwIfAny();
  const company = ctx.caller.company.company_id;
  const seriesId = rows[0]!.appointment_id as number;
  await updateRow(ctx.trx, appointments, company, seriesId, {
    appointment_series_id: seriesId,
    appointment_recurrence: rule.toString(),
  });
  for (const row of rows.slice(1)) {
    await updateRow(ctx.trx, appointments, company, row.appointment_id as number, {
      appointment_series_id: seriesId,
    });
  }
  return {
    series_id: seriesId,
    recurrence: rule.toString(),
    appointment_ids: rows.map((row) => row.appointment_id as number),
  };
}
