/**
 * What a message says, read in the company's transaction: the appointment with its patient,
 * type, practitioner and place, and the clinic's name, zone, address and diary settings.
 */
import { sql } from 'kysely';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import { DIARY_SETTINGS } from '../../shared/diary/settings';
import type { Tx } from '../db/tenancy';
import { timeZoneOf } from '../diary/time-zone';
import { publicSettingsOf, settingsOf } from '../modules/present';
import { findModuleByName } from '../modules/repository';

const DIARY_MODULE = 'appointments';

export interface AppointmentFacts {
  appointment_id: number;
  start: Date;
  end: Date;
  status: string;
  patient_id: number;
  patient_first_name: string;
  patient_email: string;
  patient_mobile: string;
  type_name: string;
  /** The type's own reminder hours; null: the diary setting. */
  type_reminder_hours: number | null;
  practitioner: string;
  /** The site's name and address, one line; '' when the appointment names none. */
  place: string;
}

export async function appointmentFacts(
  trx: Tx,
  companyId: number,
  appointmentId: number,
): Promise<AppointmentFacts | null> {
  const { rows } = await sql<AppointmentFacts>`
    select a.appointment_id::int as appointment_id, a.appointment_start as start,
      a.appointment_end as "end", a.appointment_status as status,
      p.patient_id::int as patient_id, p.patient_first_name, p.patient_email, p.patient_mobile,
      coalesce(t.appointment_type_name, '') as type_name,
      t.appointment_type_reminder_hours::int as type_reminder_hours,
      coalesce(btrim(u.user_first_name || ' ' || u.user_last_name), '') as practitioner,
      coalesce(concat_ws(', ', nullif(l.location_name, ''), nullif(l.location_address_line1, ''),
        nullif(l.location_address_line2, ''), nullif(l.location_city, ''),
        nullif(l.location_postcode, '')), '') as place
    from appointments a
    join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    left join appointment_types t
      on t.company_id = a.company_id and t.appointment_type_id = a.appointment_type_id
    left join users u on u.company_id = a.company_id and u.user_id = a.appointment_practitioner_id
    left join locations l on l.company_id = a.company_id and l.location_id = a.appointment_location_id
    where a.company_id = ${companyId} and a.appointment_id = ${appointmentId}`.execute(trx);
  return rows[0] ?? null;
}

export interface ClinicFacts {
  name: string;
  slug: string;
  /** IANA zone the clinic's times are written in. */
  zone: string;
  address: string;
  phone: string;
  cancellationPolicy: string;
  reminderHours: number;
  smsReminders: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function clinicFacts(trx: Tx, companyId: number): Promise<ClinicFacts> {
  const company = await trx
    .selectFrom('companies')
    .select(['company_name', 'company_slug'])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const product = await findModuleByName(trx, companyId, PRODUCT_MODULE);
  const diary = await findModuleByName(trx, companyId, DIARY_MODULE);
  const shown = product ? publicSettingsOf(product) : {};
  const kept = product ? settingsOf(product) : {};
  const diaryShown = diary ? publicSettingsOf(diary) : {};
  const diaryKept = diary ? settingsOf(diary) : {};
  return {
    name: text(shown.company_name) || company.company_name,
    slug: company.company_slug,
    zone: timeZoneOf(shown[TIME_ZONE_SETTING]),
    address: text(kept.clinic_address),
    phone: text(kept.clinic_phone),
    cancellationPolicy: text(diaryShown[DIARY_SETTINGS.cancellationPolicy]),
    reminderHours: Number(diaryKept[DIARY_SETTINGS.reminderHours] ?? 0),
    smsReminders: Number(diaryKept[DIARY_SETTINGS.smsReminders] ?? 0) === 1,
  };
}
