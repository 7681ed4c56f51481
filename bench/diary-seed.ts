/**
 * The diary bench's clinic (issue 44): the demo clinic of the 1M-patient set grown to 20
 * practitioners and 5 rooms, each practitioner working Monday to Friday 09:00–17:00 and offering
 * every appointment type, with three years of appointments (≈ 150,000) up to two weeks ahead:
 * ten 45-minute appointments a working day, every 48 minutes from 09:00 in the clinic's wall time,
 * half of the coming fortnight's left free so that free times exist. Written as the owner in a
 * few statements; the triggers (ids, row versions) run as for any insert.
 */
import pg from 'pg';
import { PRODUCT_MODULE } from '../src/shared/module-entry';
import { TIME_ZONE_SETTING } from '../src/shared/product-module';
import { timeZoneOf } from '../src/server/diary/time-zone';

const PRACTITIONERS = 20;
const ROOMS = 5;
const YEARS_BACK = 3;
const DAYS_AHEAD = 14;
const PER_DAY = 10;

export interface DiaryClinic {
  practitioners: number[];
  types: number[];
  zone: string;
}

/**
 * Deletes the company's appointments (`ids`, or all of them) with what refers to them, in one
 * transaction. Not through the foreign keys' own actions: the references from appointments to
 * appointments (rescheduled from, series) and from waitlist offers have no index, so PostgreSQL
 * reads every appointment of the company for each one deleted — hours for the seed's 150,000
 * (a kept BENCH_DATA_DIR seeded again). The dependents are deleted or unlinked here instead and
 * the delete runs with the triggers off (session_replication_role).
 */
export async function deleteAppointments(
  client: pg.Client,
  company: number,
  ids: readonly number[] | null,
): Promise<void> {
  const which = ids ? 'and appointment_id = any($2::bigint[])' : '';
  const values = ids ? [company, ids] : [company];
  await client.query('begin');
  try {
    await client.query(`delete from appointment_messages where company_id = $1 ${which}`, values);
    await client.query(
      `update waitlist_offers set appointment_id = null where company_id = $1 ${which}`,
      values,
    );
    const mine = ids ? 'and a.appointment_id = any($2::bigint[])' : '';
    for (const column of ['appointment_rescheduled_from_id', 'appointment_series_id'])
      await client.query(
        `update appointments b set ${column} = null from appointments a
         where b.company_id = $1 and a.company_id = $1 and b.${column} = a.appointment_id ${mine}`,
        values,
      );
    await client.query('set local session_replication_role = replica');
    await client.query(`delete from appointments where company_id = $1 ${which}`, values);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export async function seedDiaryClinic(ownerUrl: string, company: number): Promise<DiaryClinic> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // The id triggers write only inside the company the session is bound to.
    await client.query(`select set_config('app.company_id', $1, false)`, [String(company)]);
    return await seed(client, company);
  } finally {
    await client.end();
  }
}

async function seed(client: pg.Client, company: number): Promise<DiaryClinic> {
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<R>(text, values)).rows;
  // The clinic's zone as the server resolves it (the setting, else the server's own zone: the
  // bench's server runs on this machine with this environment).
  const [setting] = await query<{ zone: string | null }>(
    `select module_public_settings ->> $2 as zone from modules
     where company_id = $1 and module_name = $3`,
    [company, TIME_ZONE_SETTING, PRODUCT_MODULE],
  );
  const zone = timeZoneOf(setting?.zone ?? '');
  const have = await query<{ n: string }>(
    'select count(*) as n from users where company_id = $1 and user_practitioner = 1',
    [company],
  );
  const more = PRACTITIONERS - Number(have[0]!.n);
  if (more > 0) {
    await query(
      `insert into users (company_id, user_first_name, user_last_name, user_email,
         user_practitioner, user_colour)
       select $1, 'Bench', 'Practitioner ' || n, 'bench.practitioner' || n || '@example.com', 1,
         '#' || lpad(to_hex((n * 2654435) % 16777215), 6, '0')
       from generate_series(1, $2::int) n`,
      [company, more],
    );
    await query(
      `insert into locations (company_id, location_name, location_kind, location_order)
       select $1, 'Bench room ' || n, 'room', 1000 + n from generate_series(1, $2::int) n`,
      [company, ROOMS],
    );
  }
  const practitioners = (
    await query<{ id: string }>(
      `select user_id as id from users where company_id = $1 and user_practitioner = 1
       order by user_id`,
      [company],
    )
  ).map((r) => Number(r.id));
  const types = (
    await query<{ id: string }>(
      `select appointment_type_id as id from appointment_types where company_id = $1
       order by appointment_type_id`,
      [company],
    )
  ).map((r) => Number(r.id));
  await query(
    `insert into appointment_type_practitioners (company_id, appointment_type_id, user_id)
     select $1, t, u from unnest($2::bigint[]) t cross join unnest($3::bigint[]) u
     on conflict do nothing`,
    [company, types, practitioners],
  );
  // Replace the demo's own hours and appointments with the bench's regular week.
  await deleteAppointments(client, company, null);
  await query('delete from availability_exceptions where company_id = $1', [company]);
  await query('delete from working_hours where company_id = $1', [company]);
  await query(
    `insert into working_hours (company_id, working_hour_name, working_hour_user_id,
       working_hour_weekday, working_hour_start, working_hour_end, working_hour_valid_from)
     select $1, 'Weekday', u, d::text, '09:00', '17:00', current_date - interval '4 years'
     from unnest($2::bigint[]) u cross join generate_series(1, 5) d`,
    [company, practitioners],
  );
  await query(
    `insert into appointments (company_id, appointment_name, appointment_patient_id,
       appointment_practitioner_id, appointment_type_id, appointment_start, appointment_end,
       appointment_status)
     select $1, 'Bench appointment', p.ids[1 + floor(random() * p.n)::int], u, $3::bigint,
       starts, starts + interval '45 minutes',
       case when day < current_date then
         case when random() < 0.05 then 'no_show' else 'completed' end
       else 'booked' end
     -- The company's patient ids (gaps and all), each appointment's patient drawn from them.
     from (select array_agg(patient_id) as ids, count(*)::int as n from patients
       where company_id = $1) p,
       unnest($2::bigint[]) u,
       generate_series(current_date - interval '${YEARS_BACK} years',
         current_date + interval '${DAYS_AHEAD} days', interval '1 day') day,
       generate_series(0, ${PER_DAY - 1}) slot,
       lateral (select ((day::date + time '09:00' + slot * interval '48 minutes')
         at time zone $4) as starts) s
     where extract(isodow from day) < 6
       -- Half of each coming day's slots, chosen per practitioner and slot: a condition on the
       -- day alone (random() < 0.5) is pushed down to the days' series and keeps or drops whole
       -- days, leaving no free time on a kept day.
       and (day < current_date or hashtext(u || ' ' || starts) & 1 = 0)`,
    [company, practitioners, types[0], zone],
  );
  await query('analyze appointments');
  return { practitioners, types, zone };
}
