/**
 * Calendar feeds: each practitioner's private iCalendar address, /feeds/{slug}/{token}.ics.
 * Who may do what (docs/diary.md, "Calendar feeds"):
 * - any logged-in user sees whether they have a feed and makes or renews their own, if they are
 *   a practitioner; the new address is answered once, since only its digest is kept;
 * - an administrator may do both for another user (to end a feed that leaked, say).
 * Renewing replaces the token: the old address answers 404 from then on.
 */
import { sql } from 'kysely';
import {
  FEED_DAYS_AHEAD,
  FEED_DAYS_BACK,
  FEED_PATH,
  initialsOf,
  type CalendarFeedState,
  type RenewedFeed,
} from '../../shared/diary/calendar-feeds';
import { newSecret, tokenHash } from '../auth/sessions';
import { inTenant } from '../db/tenancy';
import type { CallContext } from '../http/calls';
import { badRequest, forbidden, notFound } from '../http/errors';
import { publicBaseUrl } from '../mail/links';
import { appointmentUid, calendarText } from '../messages/ics';
import type { Services } from '../services';
import { feedAppointments, feedCreatedAt, feedOwner, storeFeedDigest } from './repository';

const DAY_MS = 86_400_000;
const NOT_YOURS_TEXT = 'Only an administrator may see or renew the calendar feed of another user.';
const NOT_PRACTITIONER_TEXT = 'Only a practitioner has a calendar feed (Users: Practitioner).';

/** A token as renew makes them (32 random bytes, base64url): anything else opens nothing. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The user the call is about: the caller, or another one for an administrator. */
function subjectOf(ctx: CallContext, userId: number | undefined): number {
  const self = ctx.user.user_id;
  if (userId === undefined || userId === self) return self;
  if (!ctx.user.is_admin) throw forbidden(NOT_YOURS_TEXT);
  return userId;
}

export async function getFeed(
  ctx: CallContext,
  input: { user_id?: number | undefined },
): Promise<CalendarFeedState> {
  const userId = subjectOf(ctx, input.user_id);
  const created = await feedCreatedAt(ctx.trx, ctx.caller.company.company_id, userId);
  return { user_id: userId, created_at: created?.toISOString() ?? null };
}

export async function renewFeed(
  ctx: CallContext,
  input: { user_id?: number | undefined },
): Promise<RenewedFeed> {
  const userId = subjectOf(ctx, input.user_id);
  const company = ctx.caller.company;
  const { rows } = await sql<{ practitioner: number }>`select user_practitioner as practitioner
    from users where company_id = ${company.company_id} and user_id = ${userId}`.execute(ctx.trx);
  const user = rows[0];
  if (!user) throw notFound(`There is no user with id ${userId}.`);
  if (user.practitioner !== 1) throw badRequest(NOT_PRACTITIONER_TEXT, 'user_id');
  const token = newSecret();
  const created = await storeFeedDigest(ctx.trx, company.company_id, userId, tokenHash(token));
  await ctx.audit({ action: 'renew_calendar_feed', entity: 'users', entity_id: userId });
  const url = `${publicBaseUrl(ctx.services.config)}${FEED_PATH}/${encodeURIComponent(company.company_slug)}/${token}.ics`;
  return { user_id: userId, created_at: created.toISOString(), url };
}

/** The feed's calendar text, or null when the slug or token opens none (answered 404). */
export async function feedCalendar(
  services: Pick<Services, 'db' | 'companies'>,
  slug: string,
  token: string,
  now = Date.now(),
): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const company = await services.companies.bySlug(slug);
  if (!company) return null;
  return inTenant(services.db, company.company_id, async (trx) => {
    const owner = await feedOwner(trx, company.company_id, tokenHash(token));
    if (!owner) return null;
    const from = new Date(now - FEED_DAYS_BACK * DAY_MS);
    const until = new Date(now + FEED_DAYS_AHEAD * DAY_MS);
    const rows = await feedAppointments(trx, company.company_id, owner.user_id, from, until);
    return calendarText({
      name: `${owner.name} · ${company.company_name}`,
      events: rows.map((a) => ({
        uid: appointmentUid(company.company_id, a.appointment_id),
        start: a.start,
        end: a.end,
        // Initials only: a phone's lock screen or a shared calendar must not name the patient.
        summary: [initialsOf(a.first_name, a.last_name), a.type_name].filter(Boolean).join(' · '),
        location: a.place,
        sequence: a.row_version,
      })),
    });
  });
}
