/**
 * A freed time offered to the waitlist (run as a job, ./jobs.ts, after the cancel or move that
 * freed it has committed). The waiting entries that match — the practitioner's or anyone's, a
 * type that practitioner offers, the day inside the entry's days — are taken first on the list
 * first; each is offered the first start inside the freed time that the availability engine
 * finds free for its type right now (working hours, buffers, notice, horizon: ../booking/
 * free-times.ts) and that lies inside the entry's hours. At most the diary's "offer to the first
 * N" are offered. Each offer lasts OFFER_HOURS or until its time starts; the entry is then
 * 'offered', and a job of its own mails the accept link (./jobs.ts): its token is made there, so a
 * mail that failed is sent again with a fresh one, and only digests are ever kept.
 */
import { DateTime } from 'luxon';
import { OFFER_HOURS } from '../../shared/diary/waitlist';
import { DIARY_SETTINGS } from '../../shared/diary/settings';
import { newSecret, tokenHash } from '../auth/sessions';
import { freeTimes, type FreeTime } from '../booking/free-times';
import type { Tx } from '../db/tenancy';
import { clinicFacts } from '../messages/facts';
import { findModuleByName } from '../modules/repository';
import { settingsOf } from '../modules/present';
import { enqueueOfferMails, type FreedTime } from './queue';
import { candidates, expireOffers, insertOffer, typeForOffer, type Candidate } from './repository';

const HOUR_MS = 3_600_000;

export async function diarySettings(trx: Tx, companyId: number) {
  const row = await findModuleByName(trx, companyId, 'appointments');
  const settings = row ? settingsOf(row) : {};
  const number = (name: string, fallback: number) => {
    const value = Number(settings[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  return {
    offerCount: number(DIARY_SETTINGS.waitlistOfferCount, 3),
    stepMinutes: number(DIARY_SETTINGS.slotStepMinutes, 15),
  };
}

/** Whether [start, end) lies inside the entry's hours (wall times; '' = open). */
function withinHours(entry: Candidate, time: FreeTime, zone: string): boolean {
  const wall = (ms: number) => DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
  if (entry.earliest && wall(time.start) < entry.earliest) return false;
  const end = wall(time.end);
  // An end at midnight reads 00:00: the day's last minute, not its first.
  if (entry.latest && end !== '00:00' && end > entry.latest) return false;
  return true;
}

/** Offers the freed time to the first matching entries; answers the offers' ids. */
export async function offerFreedTime(
  trx: Tx,
  freed: FreedTime,
  now = Date.now(),
): Promise<number[]> {
  const company = freed.company_id;
  const [from, until] = [Date.parse(freed.start), Date.parse(freed.end)];
  if (!(until > now)) return [];
  await expireOffers(trx, company);
  const clinic = await clinicFacts(trx, company);
  const settings = await diarySettings(trx, company);
  const day = DateTime.fromMillis(from, { zone: clinic.zone }).toISODate() ?? '';
  const offered: number[] = [];
  for (const entry of await candidates(trx, company, freed.practitioner_id, day)) {
    if (offered.length >= settings.offerCount) break;
    const type = await typeForOffer(trx, company, entry.type_id);
    if (!type) continue;
    const times = await freeTimes(trx, {
      companyId: company,
      zone: clinic.zone,
      stepMinutes: settings.stepMinutes,
      type,
      practitionerIds: [freed.practitioner_id],
      from: day,
      to: day,
      now,
    });
    const time = times.find(
      (t) => t.start >= from && t.start < until && withinHours(entry, t, clinic.zone),
    );
    if (!time) continue;
    const offerId = await insertOffer(trx, company, {
      entry_id: entry.entry_id,
      type_id: entry.type_id,
      practitioner_id: freed.practitioner_id,
      start: new Date(time.start),
      end: new Date(time.end),
      // A digest of a secret nobody holds, until the offer's mail makes the real one.
      token_hash: tokenHash(newSecret()),
      expires_at: new Date(Math.min(now + OFFER_HOURS * HOUR_MS, time.start)),
    });
    offered.push(offerId);
  }
  await enqueueOfferMails(trx, 'offer_mail', company, offered);
  return offered;
}
