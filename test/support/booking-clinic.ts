/**
 * A clinic ready to take bookings online, made through the admin's own calls: Europe/London, a
 * site, its admin a practitioner working there every day 09:00–17:00, and two online types —
 * "Consultation" (60 min, cancellable until it starts) and "Strict visit" (30 min, a year's
 * cancellation notice, so a booking of it is always inside its notice).
 */
import type { UserToken } from '../../src/shared/envelope';
import { callerFor, insertedId, type Caller } from '../api/entities-helpers';
import type { TestCompany, TestServer } from './api';
import { moduleIdsOf } from './module-ids';

export interface BookableClinic {
  admin: Caller;
  practitionerId: number;
  consultation: number;
  strict: number;
  modules: Record<string, number>;
}

async function ok(c: Caller, path: string, payload: Record<string, unknown>) {
  const reply = await c(path, payload);
  if (!reply.result) throw new Error(`${path} refused: ${JSON.stringify(reply.messages)}`);
}

export async function bookableClinic(
  server: TestServer,
  company: TestCompany,
  token: UserToken,
): Promise<BookableClinic> {
  const admin = callerFor(server, company, token);
  const modules = await moduleIdsOf(server, company, token);
  const setting = (module: string, field: string, value: unknown, isPublic = true) =>
    ok(admin, isPublic ? 'modules/update_public_settings' : 'modules/update_settings', {
      module_id: modules[module],
      field,
      value,
    });
  await setting('materia', 'time_zone', 'Europe/London');
  await setting('materia', 'clinic_phone', '01904 000000', false);
  const practitionerId = token.user_id;
  await ok(admin, 'users/update', {
    user_id: practitionerId,
    field: 'user_practitioner',
    value: 1,
  });
  const site = await insertedId(
    admin,
    'locations/insert',
    { location_name: 'High Street', location_kind: 'site' },
    'location_id',
  );
  for (let weekday = 1; weekday <= 7; weekday++) {
    await insertedId(
      admin,
      'working_hours/insert',
      {
        working_hour_user_id: practitionerId,
        working_hour_location_id: site,
        working_hour_weekday: String(weekday),
        working_hour_start: '09:00',
        working_hour_end: '17:00',
      },
      'working_hour_id',
    );
  }
  const type = (name: string, minutes: number, cancelNotice: number) =>
    insertedId(
      admin,
      'appointment_types/insert',
      {
        appointment_type_name: name,
        appointment_type_duration_minutes: minutes,
        appointment_type_price: 55,
        appointment_type_online: 1,
        appointment_type_min_notice_hours: 0,
        appointment_type_horizon_days: 60,
        appointment_type_cancel_notice_hours: cancelNotice,
        _relations: { practitioners: [practitionerId] },
      },
      'appointment_type_id',
    );
  return {
    admin,
    practitionerId,
    consultation: await type('Consultation', 60, 0),
    strict: await type('Strict visit', 30, 8760),
    modules,
  };
}
