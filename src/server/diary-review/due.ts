/**
 * diary/get_due_for_review: each patient's latest dispensed formula, the day it runs out, and
 * whether anything is booked from today on. A patient is due when that day falls within N days
 * either side of today (ran out lately, or runs out soon) and nothing is booked.
 *
 * The day a formula runs out, as the editor's supply line reads it (supplyOf in
 * src/shared/prescription-totals.ts): the quantity of its lines of the prescription's measure
 * over the daily dose, in whole days; without a dose or lines, the days prescribed; with neither
 * it has no day and is left out. It counts from the day it was dispensed: the dispense's stock
 * moves, else (a formula marked dispensed before the ledger existed) its prescription date.
 */
import { VIEW_ACTION } from '../../shared/audit-trail';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { DIARY_SETTINGS } from '../../shared/diary/settings';
import {
  NOT_COMING_STATUSES,
  type DueForReview,
  type DueForReviewAnswer,
} from '../../shared/diary/review';
import { appointments, patients } from '../../shared/entities';
import type { CallContext } from '../http/calls';
import { settingsOf } from '../modules/present';
import { clinicTimeZone } from '../diary/time-zone';

/** The list is for a morning's calls: its first rows are the ones to act on. */
const DUE_LIST_MAX = 500;

/** Matches supplyOf's tolerance for quantities stored to 0.001 of a base unit. */
const STORED_ROUNDING = 1e-4;

type Ctx = Pick<CallContext, 'trx' | 'caller' | 'services'>;

/** The clinic's `review_days` diary setting. */
async function reviewDays(ctx: Ctx): Promise<number> {
  const row = await ctx.services.moduleCache.row(
    ctx.trx,
    ctx.caller.company.company_id,
    appointments.module,
  );
  const value = row ? settingsOf(row)[DIARY_SETTINGS.reviewDays] : undefined;
  return typeof value === 'number' && value > 0 ? value : 14;
}

/** Today in the clinic's zone: its date and the instant it began. */
async function clinicToday(ctx: Ctx) {
  const zone = await clinicTimeZone(ctx);
  const start = DateTime.now().setZone(zone).startOf('day');
  return { zone, date: start.toISODate() as string, start: start.toUTC().toISO() as string };
}

interface DueQuery {
  withinDays: number;
  patientId?: number;
}

/** The due patients, soonest first; one patient's line when `patientId` is given. */
export async function findDue(ctx: Ctx, query: DueQuery): Promise<DueForReviewAnswer> {
  const company = ctx.caller.company.company_id;
  const today = await clinicToday(ctx);
  const onePatient = query.patientId
    ? sql`and r.prescription_patient_id = ${query.patientId}`
    : sql``;
  const rows = await sql<DueForReview>`
    with dispensed as (
      select r.prescription_patient_id as patient_id, r.prescription_id, r.prescription_name,
        coalesce((select (max(m.stock_move_at) at time zone ${today.zone})::date
            from stock_moves m
            where m.company_id = r.company_id and m.stock_move_prescription_id = r.prescription_id
              and m.stock_move_kind = 'dispense'),
          r.prescription_date) as dispensed_on,
        r.prescription_daily_dose as dose, r.prescription_days as days,
        (select sum(l.prescription_line_quantity) from prescription_lines l
          where l.company_id = r.company_id and l.prescription_id = r.prescription_id
            and l.prescription_line_unit_kind = r.prescription_unit_kind) as quantity
      from prescriptions r
      where r.company_id = ${company} and r.prescription_status = 'dispensed' ${onePatient}
    ), latest as (
      select distinct on (patient_id) *,
        dispensed_on + (case when dose > 0 and quantity > 0
          then floor(quantity / dose * ${1 + STORED_ROUNDING})::int else days end) as runs_out_on
      from dispensed
      order by patient_id, dispensed_on desc, prescription_id desc
    )
    select l.patient_id::int as patient_id, p.patient_name,
      p.patient_email <> '' as has_email,
      (p.patient_phone <> '' or p.patient_mobile <> '') as has_phone,
      l.prescription_id::int as prescription_id, l.prescription_name,
      l.dispensed_on::text as dispensed_on, l.runs_out_on::text as runs_out_on,
      (l.runs_out_on - ${today.date}::date)::int as days_left,
      (select to_char(max(g.sent_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
        from appointment_messages g
        where g.company_id = p.company_id and g.patient_id = p.patient_id
          and g.kind = 'rebooking' and g.status = 'sent') as rebooking_sent_at
    from latest l
    join patients p on p.company_id = ${company} and p.patient_id = l.patient_id
    where l.runs_out_on between ${today.date}::date - ${query.withinDays}::int
        and ${today.date}::date + ${query.withinDays}::int
      and not exists (select 1 from appointments a
        where a.company_id = p.company_id and a.appointment_patient_id = p.patient_id
          and a.appointment_start >= ${today.start}::timestamptz
          and a.appointment_status <> all(${sql.val([...NOT_COMING_STATUSES])}::text[]))
    order by l.runs_out_on, p.patient_name, l.patient_id
    limit ${DUE_LIST_MAX}`.execute(ctx.trx);
  return { within_days: query.withinDays, today: today.date, patients: rows.rows };
}

export async function dueForReview(
  ctx: CallContext,
  input: { within_days?: number | null; patient_id?: number | null },
): Promise<DueForReviewAnswer> {
  const withinDays = input.within_days ?? (await reviewDays(ctx));
  const answer = await findDue(ctx, {
    withinDays,
    ...(input.patient_id ? { patientId: input.patient_id } : {}),
  });
  // The list names patients and their medicine: its reading is audited like a record's.
  await ctx.audit({
    action: VIEW_ACTION,
    entity: patients.entities,
    entity_id: input.patient_id ?? null,
    after: { patient_ids: answer.patients.map((p) => p.patient_id) },
  });
  return answer;
}
