/**
 * diary/print_day_sheet: one practitioner's day on A4 — the live appointments in time order, each
 * with the patient's date of birth, the type, the facts of the patient's alert banner (allergies,
 * pregnancy, breastfeeding, medicines, age, cautioned conditions: patients/get_alerts' own
 * reading) and the current prescriptions (the latest dispensed and any draft since) with their
 * lines. It names patients' clinical facts, so it needs patients/list besides the diary's read,
 * and its printing is audited.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { CANCELLED_STATUSES, APPOINTMENT_STATUS_OPTIONS } from '../../shared/diary/statuses';
import { users } from '../../shared/entities';
import type { PatientAlerts } from '../../shared/patient-alerts';
import { formatQuantity, type UnitKind } from '../../shared/units';
import type { CallContext, CallResult } from '../http/calls';
import { notFound } from '../http/errors';
import { notFoundText } from '../entities/values';
import { companyUnits } from '../modules/company-units';
import { findAlerts } from '../patients/alerts';
import { readLinesOf } from '../prescriptions/lines';
import { clinicTimeZone } from '../diary/time-zone';
import { inZone, timeText } from '../diary/format';
import { daySheetPdf, type DaySheet, type SheetPrescription } from '../pdf/day-sheet-pdf';
import { clinicContact } from './clinic';

const statusLabel = (value: string) =>
  APPOINTMENT_STATUS_OPTIONS.find((o) => o.value === value)?.label ?? value;

async function practitionerName(ctx: CallContext, id: number): Promise<string> {
  const row = await sql<{ name: string }>`select trim(user_first_name || ' ' || user_last_name)
      as name from users where company_id = ${ctx.caller.company.company_id} and user_id = ${id}`.execute(
    ctx.trx,
  );
  const found = row.rows[0];
  if (!found) throw notFound(notFoundText(users, id));
  return found.name;
}

interface SheetRow {
  appointment_start: Date;
  appointment_end: Date;
  appointment_status: string;
  appointment_notes: string;
  patient_id: string;
  patient_dob: string | null;
  type_name: string | null;
}

/** The latest dispensed prescription of each patient, and their drafts since. */
async function currentPrescriptions(ctx: CallContext, patientIds: readonly number[]) {
  const company = ctx.caller.company.company_id;
  if (patientIds.length === 0) return new Map<number, SheetPrescription[]>();
  const rows = await sql<{
    prescription_id: string;
    patient_id: string;
    prescription_name: string;
    prescription_status: string;
    prescription_date: string;
    prescription_dose_instructions: string;
  }>`with latest as (
      select distinct on (prescription_patient_id) prescription_patient_id, prescription_id,
        prescription_date
      from prescriptions
      where company_id = ${company} and prescription_status = 'dispensed'
        and prescription_patient_id in (${sql.join([...patientIds])})
      order by prescription_patient_id, prescription_date desc, prescription_id desc)
    select r.prescription_id, r.prescription_patient_id as patient_id, r.prescription_name,
      r.prescription_status, r.prescription_date::text as prescription_date,
      r.prescription_dose_instructions
    from prescriptions r
    left join latest l on l.prescription_patient_id = r.prescription_patient_id
    where r.company_id = ${company} and r.prescription_patient_id in (${sql.join([...patientIds])})
      and (r.prescription_id = l.prescription_id
        or (r.prescription_status = 'draft'
          and (l.prescription_date is null or r.prescription_date >= l.prescription_date)))
    order by r.prescription_date desc, r.prescription_id desc`.execute(ctx.trx);
  const lines = await readLinesOf(
    ctx,
    rows.rows.map((r) => Number(r.prescription_id)),
  );
  const { unitSystem } = await companyUnits(ctx.trx, company);
  const byPatient = new Map<number, SheetPrescription[]>();
  for (const row of rows.rows) {
    const patientId = Number(row.patient_id);
    const own = lines.filter((l) => Number(l.prescription_id) === Number(row.prescription_id));
    const list = byPatient.get(patientId) ?? [];
    list.push({
      name: row.prescription_name,
      status: row.prescription_status,
      date: row.prescription_date,
      dose: row.prescription_dose_instructions,
      lines: own.map((l) =>
        [
          l.herb_name ?? l.dispensary_product_name ?? '',
          formatQuantity(
            l.prescription_line_quantity,
            l.prescription_line_unit_kind as UnitKind,
            unitSystem,
          ),
        ]
          .filter(Boolean)
          .join(' — '),
      ),
    });
    byPatient.set(patientId, list);
  }
  return byPatient;
}

async function daySheet(ctx: CallContext, practitionerId: number, date: string) {
  const company = ctx.caller.company.company_id;
  const practitioner = await practitionerName(ctx, practitionerId);
  const zone = await clinicTimeZone(ctx);
  const from = DateTime.fromISO(date, { zone }).startOf('day');
  const until = from.plus({ days: 1 });
  const rows = await sql<SheetRow>`select a.appointment_start, a.appointment_end,
      a.appointment_status, a.appointment_notes, a.appointment_patient_id as patient_id,
      p.patient_dob::text as patient_dob, t.appointment_type_name as type_name
    from appointments a
    join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    left join appointment_types t on t.company_id = a.company_id
      and t.appointment_type_id = a.appointment_type_id
    where a.company_id = ${company} and a.appointment_practitioner_id = ${practitionerId}
      and a.appointment_start >= ${from.toUTC().toISO()}::timestamptz
      and a.appointment_start < ${until.toUTC().toISO()}::timestamptz
      and a.appointment_status <> all(${sql.val([...CANCELLED_STATUSES])}::text[])
    order by a.appointment_start, a.appointment_id`.execute(ctx.trx);
  const patientIds = [...new Set(rows.rows.map((r) => Number(r.patient_id)))];
  const prescriptions = await currentPrescriptions(ctx, patientIds);
  const alerts = new Map<number, PatientAlerts>();
  for (const id of patientIds) {
    const found = await findAlerts(ctx.trx, company, id);
    if (found) alerts.set(id, found);
  }
  const sheet: DaySheet = {
    clinic: await clinicContact(ctx),
    practitioner,
    day: from.setLocale('en-GB').toFormat('cccc d LLLL yyyy'),
    appointments: rows.rows.map((row) => {
      const start = inZone(row.appointment_start, zone);
      const end = inZone(row.appointment_end, zone);
      const patientId = Number(row.patient_id);
      return {
        time: `${timeText(start)}–${timeText(end)}`,
        type: row.type_name ?? 'Appointment',
        status: statusLabel(row.appointment_status),
        notes: row.appointment_notes,
        dob: row.patient_dob ?? '',
        alerts: alerts.get(patientId) as PatientAlerts,
        prescriptions: prescriptions.get(patientId) ?? [],
      };
    }),
  };
  // Each patient's clinical facts are read for the sheet: audited as reads of their records.
  await ctx.audit({
    action: 'print_day_sheet',
    entity: users.entities,
    entity_id: practitionerId,
    after: { date, patient_ids: patientIds },
  });
  return sheet;
}

/** The day's sheet as a PDF download (a few pages, built whole as letters are). */
export async function daySheetDownload(
  ctx: CallContext,
  practitionerId: number,
  date: string,
): Promise<CallResult> {
  const sheet = await daySheet(ctx, practitionerId, date);
  const pdf = await daySheetPdf(sheet);
  return {
    download: {
      filename: `day-sheet-${practitionerId}-${date}.pdf`,
      contentType: 'application/pdf',
      headers: { 'content-length': String(pdf.length) },
      write: (sink) => sink.write(pdf),
    },
  };
}
