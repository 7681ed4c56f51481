/**
 * The public calls an offer's link makes: `booking/get_offer` shows it, `booking/accept_offer`
 * books it for the entry's patient through online booking's own insert (../booking/book.ts:
 * the time checked free now under the diary's slot lock, then the row the database's exclusion
 * constraint accepts or refuses). So the first to accept gets the time; every later one is
 * answered "Sorry, that time has gone" (409) and the other open offers of that time are marked
 * gone, their patients told by mail (./jobs.ts). A token that names no offer of this clinic —
 * made up, altered, another clinic's — is refused alike; an offer past its time has ended.
 */
import { sql } from 'kysely';
import {
  OFFER_BOOKED_TEXT,
  OFFER_EXPIRED_TEXT,
  OFFER_GONE_TEXT,
  OFFER_INVALID_TEXT,
  type OfferView,
} from '../../shared/diary/waitlist';
import type { Booked } from '../../shared/booking';
import { tokenHash } from '../auth/sessions';
import { bookedReply, checkFree, insertAppointment } from '../booking/book';
import type { BookingClinic } from '../booking/clinic';
import { holdSlot } from '../diary/clash';
import { isoInZone } from '../../shared/instant-text';
import type { CallContext, CallResult } from '../http/calls';
import { ApiError, badRequest } from '../http/errors';
import { clinicFacts } from '../messages/facts';
import { enqueueOfferMails } from './queue';
import { diarySettings } from './offers';
import {
  goneOffers,
  offerByHash,
  setEntryStatus,
  setOfferStatus,
  typeForOffer,
  type OfferRow,
} from './repository';

/** The clinic as online booking's insert takes it (whether or not it books online itself). */
async function offerClinic(ctx: CallContext): Promise<BookingClinic> {
  const companyId = ctx.caller.company.company_id;
  const facts = await clinicFacts(ctx.trx, companyId);
  const { stepMinutes } = await diarySettings(ctx.trx, companyId);
  return {
    companyId,
    name: facts.name,
    zone: facts.zone,
    phone: facts.phone,
    currency: '',
    intro: '',
    policy: facts.cancellationPolicy,
    slotStepMinutes: stepMinutes,
  };
}

async function findOffer(ctx: CallContext, token: string, lock = false): Promise<OfferRow> {
  const offer = await offerByHash(ctx.trx, ctx.caller.company.company_id, tokenHash(token), lock);
  if (!offer) throw badRequest(OFFER_INVALID_TEXT, 'offer_token');
  return offer;
}

const statusOf = (offer: OfferRow): OfferView['status'] =>
  offer.status === 'offered' && offer.expired ? 'expired' : offer.status;

function viewOf(offer: OfferRow, clinic: BookingClinic): OfferView {
  return {
    status: statusOf(offer),
    type_name: offer.type_name,
    practitioner_name: offer.practitioner_name,
    start: isoInZone(offer.start, clinic.zone),
    end: isoInZone(offer.end, clinic.zone),
    expires_at: isoInZone(offer.expires_at, clinic.zone),
    clinic_name: clinic.name,
    time_zone: clinic.zone,
  };
}

export async function getOffer(ctx: CallContext, token: string): Promise<OfferView> {
  return viewOf(await findOffer(ctx, token), await offerClinic(ctx));
}

/** The time has gone: this offer and every other open one of it, their patients told. */
async function timeGone(ctx: CallContext, offer: OfferRow, view: OfferView): Promise<CallResult> {
  const company = ctx.caller.company.company_id;
  const all = await goneOffers(
    ctx.trx,
    company,
    offer.practitioner_id,
    offer.start,
    offer.end,
    null,
  );
  // This patient reads it on the page; the others by mail.
  const others = all.filter((id) => id !== offer.offer_id);
  await enqueueOfferMails(ctx.trx, 'gone', company, others);
  return gone(view);
}

const gone = (view: OfferView): CallResult => ({
  result: false,
  status: 409,
  data: { ...view, status: 'gone' },
  messages: [{ type: 'e', text: OFFER_GONE_TEXT }],
});

export async function acceptOffer(ctx: CallContext, token: string): Promise<CallResult> {
  const company = ctx.caller.company.company_id;
  const clinic = await offerClinic(ctx);
  // The diary's slot lock first, the offer's row after: the order every writer of the slot takes.
  const first = await findOffer(ctx, token);
  await holdSlot(ctx, { appointment_practitioner_id: first.practitioner_id });
  const offer = await findOffer(ctx, token, true);
  const view = viewOf(offer, clinic);
  if (offer.status === 'gone') return gone(view);
  if (offer.status === 'accepted') {
    return { data: view, messages: [{ type: 's', text: OFFER_BOOKED_TEXT }] };
  }
  if (view.status === 'expired') {
    await setOfferStatus(ctx.trx, company, offer.offer_id, 'expired');
    throw new ApiError(410, OFFER_EXPIRED_TEXT);
  }
  const type = await typeForOffer(ctx.trx, company, offer.type_id);
  if (!type) return timeGone(ctx, offer, view);
  const wanted = {
    type,
    practitionerId: offer.practitioner_id,
    start: offer.start,
    end: offer.end,
    locationId: null,
  };
  // A refused insert must not end the transaction: the offer is still to be marked gone.
  await sql`savepoint waitlist_accept`.execute(ctx.trx);
  let booked: Booked;
  try {
    const slot = await checkFree(ctx, clinic, wanted);
    const row = await insertAppointment(ctx, clinic, slot, offer.patient_id, null);
    booked = await bookedReply(ctx, clinic, row);
    await setOfferStatus(ctx.trx, company, offer.offer_id, 'accepted', Number(row.appointment_id));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await sql`rollback to savepoint waitlist_accept`.execute(ctx.trx);
    return timeGone(ctx, offer, view);
  }
  await sql`release savepoint waitlist_accept`.execute(ctx.trx);
  await setEntryStatus(ctx.trx, company, [offer.entry_id], 'booked');
  const others = await goneOffers(
    ctx.trx,
    company,
    offer.practitioner_id,
    offer.start,
    offer.end,
    offer.offer_id,
  );
  await enqueueOfferMails(ctx.trx, 'gone', company, others);
  await ctx.audit({
    action: 'accept_waitlist_offer',
    entity: 'waitlist_entries',
    entity_id: offer.entry_id,
  });
  return {
    data: { ...view, status: 'accepted', ...booked },
    messages: [{ type: 's', text: OFFER_BOOKED_TEXT }],
  };
}
