/**
 * calendar_feeds (migration 0044): one row per user who has a feed, holding the digest of its
 * token, never the token. And what a feed shows of the user's appointments: times, the type, the
 * place and the patient's initials — never a name, a note or a contact detail.
 */
import { sql } from 'kysely';
import { CANCELLED_STATUSES } from '../../shared/diary/statuses';
import type { Tx } from '../db/tenancy';

export async function feedCreatedAt(
  trx: Tx,
  companyId: number,
  userId: number,
): Promise<Date | null> {
  const { rows } = await sql<{ created_at: Date }>`select created_at from calendar_feeds
    where company_id = ${companyId} and user_id = ${userId}`.execute(trx);
  return rows[0]?.created_at ?? null;
}

/** Makes or replaces the user's token digest: the old address stops working at once. */
export async function storeFeedDigest(
  trx: Tx,
  companyId: number,
  userId: number,
  tokenHash: string,
): Promise<Date> {
  const { rows } = await sql<{ created_at: Date }>`
    insert into calendar_feeds (company_id, user_id, token_hash) values (${companyId}, ${userId}, ${tokenHash})
    on conflict (company_id, user_id)
      do update set token_hash = excluded.token_hash, created_at = now()
    returning created_at`.execute(trx);
  const created = rows[0];
  if (!created) throw new Error('calendar_feeds: the upsert answered no row');
  return created.created_at;
}

interface FeedOwner {
  user_id: number;
  name: string;
}

/** The enabled user whose feed the digest opens, if any. */
export async function feedOwner(
  trx: Tx,
  companyId: number,
  tokenHash: string,
): Promise<FeedOwner | null> {
  const { rows } = await sql<FeedOwner>`select u.user_id::int as user_id, u.user_name as name
    from calendar_feeds f
    join users u on u.company_id = f.company_id and u.user_id = f.user_id
    where f.company_id = ${companyId} and f.token_hash = ${tokenHash} and u.user_enabled = 1`.execute(
    trx,
  );
  return rows[0] ?? null;
}

interface FeedAppointment {
  appointment_id: number;
  start: Date;
  end: Date;
  first_name: string;
  last_name: string;
  type_name: string;
  place: string;
  row_version: number;
}

/** The practitioner's live appointments starting in [from, until), oldest first. */
export async function feedAppointments(
  trx: Tx,
  companyId: number,
  userId: number,
  from: Date,
  until: Date,
): Promise<FeedAppointment[]> {
  const { rows } = await sql<FeedAppointment>`
    select a.appointment_id::int as appointment_id, a.appointment_start as start,
      a.appointment_end as "end",
      coalesce(p.patient_first_name, '') as first_name,
      coalesce(p.patient_last_name, '') as last_name,
      coalesce(t.appointment_type_name, '') as type_name,
      concat_ws(', ', r.location_name, s.location_name) as place,
      a.row_version::int as row_version
    from appointments a
    left join patients p on p.company_id = a.company_id and p.patient_id = a.appointment_patient_id
    left join appointment_types t
      on t.company_id = a.company_id and t.appointment_type_id = a.appointment_type_id
    left join locations r on r.company_id = a.company_id and r.location_id = a.appointment_room_id
    left join locations s
      on s.company_id = a.company_id and s.location_id = a.appointment_location_id
    where a.company_id = ${companyId} and a.appointment_practitioner_id = ${userId}
      and a.appointment_start >= ${from} and a.appointment_start < ${until}
      and a.appointment_status <> all(${[...CANCELLED_STATUSES]}::text[])
    order by a.appointment_start, a.appointment_id`.execute(trx);
  return rows;
}
