/**
 * What the waitlist reads and writes besides its entity rows: the entries a freed time may be
 * offered to, the offers (waitlist_offers, migration 0044: a token's digest, never the token) and
 * their lines in the message log (appointment_messages, kinds waitlist_offer / waitlist_gone).
 * Every statement names the company as well as relying on row-level security.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';
import { typeColumns, type OnlineType } from '../booking/repository';

type OfferStatus = 'offered' | 'accepted' | 'gone' | 'expired';

/** A waiting entry a freed time of one practitioner on one clinic day may go to. */
export interface Candidate {
  entry_id: number;
  patient_id: number;
  type_id: number;
  earliest: string;
  latest: string;
  email: string;
  first_name: string;
}

/**
 * Waiting entries, first on the list first, for the practitioner (theirs, or anyone's) and a type
 * they offer, whose days include `day`, with an e-mail address to write to. Locked, skipping rows
 * another job holds, so that two freed times at once never offer one entry twice.
 */
export async function candidates(
  trx: Tx,
  companyId: number,
  practitionerId: number,
  day: string,
): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    select e.waitlist_entry_id::int as entry_id, e.waitlist_entry_patient_id::int as patient_id,
      e.waitlist_entry_appointment_type_id::int as type_id,
      e.waitlist_entry_earliest as earliest, e.waitlist_entry_latest as latest,
      btrim(p.patient_email) as email, p.patient_first_name as first_name
    from waitlist_entries e
    join patients p on p.company_id = e.company_id and p.patient_id = e.waitlist_entry_patient_id
    where e.company_id = ${companyId} and e.waitlist_entry_status = 'waiting'
      and (e.waitlist_entry_practitioner_id is null
        or e.waitlist_entry_practitioner_id = ${practitionerId})
      and exists (select 1 from appointment_type_practitioners tp
        where tp.company_id = e.company_id and tp.user_id = ${practitionerId}
          and tp.appointment_type_id = e.waitlist_entry_appointment_type_id)
      and (e.waitlist_entry_from is null or e.waitlist_entry_from <= ${day}::date)
      and (e.waitlist_entry_until is null or e.waitlist_entry_until >= ${day}::date)
      and btrim(p.patient_email) <> ''
    order by e.waitlist_entry_id
    for update of e skip locked`.execute(trx);
  return rows;
}

/** A type as the free-time engine and the booking insert take it, online or not. */
export async function typeForOffer(
  trx: Tx,
  companyId: number,
  typeId: number,
): Promise<OnlineType | null> {
  const { rows } = await sql<OnlineType>`select ${typeColumns},
      coalesce((select array_agg(p.user_id::int order by p.user_id)
        from appointment_type_practitioners p where p.company_id = t.company_id
          and p.appointment_type_id = t.appointment_type_id), '{}') as practitioner_ids
    from appointment_types t
    where t.company_id = ${companyId} and t.appointment_type_id = ${typeId}`.execute(trx);
  return rows[0] ?? null;
}

interface NewOffer {
  entry_id: number;
  type_id: number;
  practitioner_id: number;
  start: Date;
  end: Date;
  token_hash: string;
  expires_at: Date;
}

export async function insertOffer(trx: Tx, companyId: number, offer: NewOffer): Promise<number> {
  const { rows } = await sql<{ offer_id: number }>`
    insert into waitlist_offers (company_id, waitlist_entry_id, appointment_type_id,
      practitioner_id, offer_start, offer_end, token_hash, expires_at)
    values (${companyId}, ${offer.entry_id}, ${offer.type_id}, ${offer.practitioner_id},
      ${offer.start}, ${offer.end}, ${offer.token_hash}, ${offer.expires_at})
    returning offer_id::int as offer_id`.execute(trx);
  const inserted = rows[0];
  if (!inserted) throw new Error('waitlist_offers: the insert answered no row');
  await setEntryStatus(trx, companyId, [offer.entry_id], 'offered');
  return inserted.offer_id;
}

export async function setEntryStatus(
  trx: Tx,
  companyId: number,
  entryIds: readonly number[],
  status: 'waiting' | 'offered' | 'booked',
): Promise<void> {
  if (entryIds.length === 0) return;
  await sql`update waitlist_entries set waitlist_entry_status = ${status}
    where company_id = ${companyId} and waitlist_entry_id = any(${[...entryIds]}::bigint[])
      and waitlist_entry_status <> 'removed'`.execute(trx);
}

/** An offer with what its page and its mails show. */
export interface OfferRow {
  offer_id: number;
  entry_id: number;
  patient_id: number;
  type_id: number;
  practitioner_id: number;
  start: Date;
  end: Date;
  status: OfferStatus;
  expires_at: Date;
  expired: boolean;
  type_name: string;
  practitioner_name: string;
  email: string;
  first_name: string;
}

const OFFER_COLUMNS = sql`o.offer_id::int as offer_id, o.waitlist_entry_id::int as entry_id,
  e.waitlist_entry_patient_id::int as patient_id, o.appointment_type_id::int as type_id,
  o.practitioner_id::int as practitioner_id, o.offer_start as start, o.offer_end as "end",
  o.status, o.expires_at, o.expires_at <= now() as expired,
  coalesce(t.appointment_type_name, '') as type_name, coalesce(u.user_name, '') as practitioner_name,
  btrim(coalesce(p.patient_email, '')) as email, coalesce(p.patient_first_name, '') as first_name`;

const OFFER_FROM = sql`waitlist_offers o
  join waitlist_entries e on e.company_id = o.company_id and e.waitlist_entry_id = o.waitlist_entry_id
  left join patients p on p.company_id = e.company_id and p.patient_id = e.waitlist_entry_patient_id
  left join appointment_types t
    on t.company_id = o.company_id and t.appointment_type_id = o.appointment_type_id
  left join users u on u.company_id = o.company_id and u.user_id = o.practitioner_id`;

/** The offer a token's digest names; locked until the transaction ends with `lock`. */
export async function offerByHash(
  trx: Tx,
  companyId: number,
  tokenHash: string,
  lock = false,
): Promise<OfferRow | null> {
  const { rows } = await sql<OfferRow>`select ${OFFER_COLUMNS} from ${OFFER_FROM}
    where o.company_id = ${companyId} and o.token_hash = ${tokenHash}
    ${lock ? sql`for update of o` : sql``}`.execute(trx);
  return rows[0] ?? null;
}

export async function offerById(
  trx: Tx,
  companyId: number,
  offerId: number,
): Promise<OfferRow | null> {
  const { rows } = await sql<OfferRow>`select ${OFFER_COLUMNS} from ${OFFER_FROM}
    where o.company_id = ${companyId} and o.offer_id = ${offerId}`.execute(trx);
  return rows[0] ?? null;
}

export async function setOfferStatus(
  trx: Tx,
  companyId: number,
  offerId: number,
  status: OfferStatus,
  appointmentId: number | null = null,
): Promise<void> {
  await sql`update waitlist_offers set status = ${status},
      appointment_id = coalesce(${appointmentId}, appointment_id)
    where company_id = ${companyId} and offer_id = ${offerId}`.execute(trx);
}

/**
 * Marks gone the open offers of the practitioner's time that overlap [start, end), except
 * `keep`; answers them. Their entries wait again unless another offer of theirs is still open.
 */
export async function goneOffers(
  trx: Tx,
  companyId: number,
  practitionerId: number,
  start: Date,
  end: Date,
  keep: number | null,
): Promise<number[]> {
  const { rows } = await sql<{ offer_id: number; entry_id: number }>`
    update waitlist_offers set status = 'gone'
    where company_id = ${companyId} and practitioner_id = ${practitionerId}
      and status = 'offered' and offer_id <> ${keep ?? 0}
      and tstzrange(offer_start, offer_end) && tstzrange(${start}, ${end})
    returning offer_id::int as offer_id, waitlist_entry_id::int as entry_id`.execute(trx);
  await sql`update waitlist_entries e set waitlist_entry_status = 'waiting'
    where e.company_id = ${companyId} and e.waitlist_entry_status = 'offered'
      and e.waitlist_entry_id = any(${rows.map((r) => r.entry_id)}::bigint[])
      and not exists (select 1 from waitlist_offers o where o.company_id = e.company_id
        and o.waitlist_entry_id = e.waitlist_entry_id and o.status = 'offered'
        and o.expires_at > now())`.execute(trx);
  return rows.map((r) => r.offer_id);
}

/** Offers past their time become expired, and their entries wait again. */
export async function expireOffers(trx: Tx, companyId: number): Promise<void> {
  const { rows } = await sql<{ entry_id: number }>`update waitlist_offers set status = 'expired'
    where company_id = ${companyId} and status = 'offered' and expires_at <= now()
    returning waitlist_entry_id::int as entry_id`.execute(trx);
  if (rows.length === 0) return;
  await sql`update waitlist_entries e set waitlist_entry_status = 'waiting'
    where e.company_id = ${companyId} and e.waitlist_entry_status = 'offered'
      and e.waitlist_entry_id = any(${rows.map((r) => r.entry_id)}::bigint[])
      and not exists (select 1 from waitlist_offers o where o.company_id = e.company_id
        and o.waitlist_entry_id = e.waitlist_entry_id and o.status = 'offered')`.execute(trx);
}

/**
 * The message log's line of a waitlist mail, written once per key; answers whether it still
 * has to be sent (false: a run before sent it).
 */
export async function logWaitlistMail(
  trx: Tx,
  companyId: number,
  mail: {
    kind: 'waitlist_offer' | 'waitlist_gone';
    key: string;
    entry_id: number;
    patient_id: number;
    recipient: string;
  },
): Promise<{ message_id: number; sent: boolean }> {
  const { rows } = await sql<{ message_id: number; status: string }>`
    insert into appointment_messages (company_id, waitlist_entry_id, patient_id, kind, channel,
      recipient, message_key)
    values (${companyId}, ${mail.entry_id}, ${mail.patient_id}, ${mail.kind}, 'email',
      ${mail.recipient}, ${mail.key})
    on conflict (company_id, message_key) do update set attempts = appointment_messages.attempts
    returning message_id::int as message_id, status`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('appointment_messages: the upsert answered no row');
  return { message_id: row.message_id, sent: row.status === 'sent' };
}

export async function markMailSent(trx: Tx, companyId: number, messageId: number): Promise<void> {
  await sql`update appointment_messages set status = 'sent', sent_at = now(),
      attempts = attempts + 1
    where company_id = ${companyId} and message_id = ${messageId}`.execute(trx);
}
