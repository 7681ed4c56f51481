/**
 * Waitlist offers, end to end on the real server, job queue and mail: a cancelled appointment
 * frees its time; the waitlist job offers it by mail to the first N matching entries (the diary
 * setting), each with its own accept link; three patients accept at once — exactly one books it,
 * two are told it has gone (409, never a 5xx) and mailed so; their entries wait again. A tampered
 * token, another clinic's, and an offer past its time are refused.
 */
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { startWaitlistWorker } from '../../src/server/waitlist/jobs';
import { tokenHash } from '../../src/server/auth/sessions';
import { DIARY_SETTINGS } from '../../src/shared/diary/settings';
import {
  OFFER_EXPIRED_TEXT,
  OFFER_GONE_TEXT,
  OFFER_INVALID_TEXT,
  OFFER_PATH,
  WAITLIST_CALLS,
  type OfferView,
} from '../../src/shared/diary/waitlist';
import { call, newCompany } from '../support/api';
import { decodeQuotedPrintable, useMailbox } from '../support/auth';
import { bookableClinic, type BookableClinic } from '../support/booking-clinic';
import { useTestServer } from '../support/test-env';
import { insertedId, messageText, type Row } from './entities-helpers';

const inbox = useMailbox();
const env = useTestServer({
  admin: true,
  config: () => ({ SMTP_URL: inbox.smtpUrl(), PUBLIC_URL: 'https://clinic.example/' }),
});
let clinic: BookableClinic;
let mailsTaken = 0;

/** Tomorrow at `hour`:00 in the clinic's zone (its practitioner works 09:00–17:00 every day). */
const tomorrowAt = (hour: number) =>
  DateTime.now()
    .setZone('Europe/London')
    .plus({ days: 1 })
    .set({ hour, minute: 0, second: 0, millisecond: 0 });

async function patient(first: string, email: string) {
  return insertedId(
    clinic.admin,
    'patients/insert',
    { patient_first_name: first, patient_last_name: 'Wait', patient_email: email },
    'patient_id',
  );
}

async function waiting(patientId: number, values: Row = {}) {
  return insertedId(
    clinic.admin,
    'waitlist_entries/insert',
    {
      waitlist_entry_patient_id: patientId,
      waitlist_entry_appointment_type_id: clinic.consultation,
      ...values,
    },
    'waitlist_entry_id',
  );
}

async function bookAndCancel(hour: number) {
  const holder = await patient('Holder', `holder-${hour}@example.com`);
  const id = await insertedId(
    clinic.admin,
    'appointments/insert',
    {
      appointment_patient_id: holder,
      appointment_practitioner_id: clinic.practitionerId,
      appointment_type_id: clinic.consultation,
      appointment_start: tomorrowAt(hour).toISO(),
    },
    'appointment_id',
  );
  await clinic.admin('appointments/update', {
    appointment_id: id,
    field: 'appointment_cancel_reason',
    value: 'Unwell',
  });
  const cancelled = await clinic.admin('appointments/update', {
    appointment_id: id,
    field: 'appointment_status',
    value: 'cancelled',
  });
  expect(cancelled.result, messageText(cancelled)).toBe(true);
}

/** The next `count` mails, each with its recipient, subject and accept token (if any). */
async function nextMails(count: number) {
  const mails = [];
  for (let i = 0; i < count; i++) {
    const raw = decodeQuotedPrintable(await inbox.box.next());
    mailsTaken++;
    const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '';
    const link = new RegExp(
      `https://clinic\\.example${OFFER_PATH}\\?token=([\\w-]+)&company=`,
    ).exec(raw);
    mails.push({ raw, to, token: link?.[1] ?? null });
  }
  return mails;
}

/**
 * Waits until the offer's mail job has committed: the mail leaves just before its transaction
 * ends, so a link followed at once may find nothing for a moment.
 */
async function offerReady(token: string) {
  await expect
    .poll(async () => {
      const reply = await call(env.server, env.company, WAITLIST_CALLS.getOffer, {
        offer_token: token,
      });
      return reply.result;
    })
    .toBe(true);
}

const accept = (token: string, slug = env.company.slug) =>
  call<OfferView>(env.server, { slug }, WAITLIST_CALLS.acceptOffer, { offer_token: token });

async function entryStatus(id: number) {
  const reply = await clinic.admin<Row>('waitlist_entries/get', { waitlist_entry_id: id });
  return reply.data.waitlist_entry_status;
}

beforeAll(async () => {
  clinic = await bookableClinic(env.server, env.company, env.admin);
  // Three offers a freed time (the diary's setting; 3 is also its default).
  const set = await clinic.admin('modules/update_settings', {
    module_id: clinic.modules.appointments,
    field: DIARY_SETTINGS.waitlistOfferCount,
    value: 3,
  });
  expect(set.result, messageText(set)).toBe(true);
  await startWaitlistWorker(env.server.database.jobs, env.server.services);
});

describe('a freed time offered to the waitlist', () => {
  let entries: number[];
  let tokens: string[];

  it('is mailed to the first three matching entries, each with its own link', async () => {
    const ann = await patient('Ann', 'ann@example.com');
    const bob = await patient('Bob', 'bob@example.com');
    const cat = await patient('Cat', 'cat@example.com');
    const dan = await patient('Dan', 'dan@example.com');
    const eve = await patient('Eve', 'eve@example.com');
    // Eve wants mornings only: the freed 14:00 does not suit her.
    await waiting(eve, { waitlist_entry_earliest: '08:00', waitlist_entry_latest: '12:00' });
    entries = [await waiting(ann), await waiting(bob), await waiting(cat)];
    // Fourth in line: not offered while three are.
    const fourth = await waiting(dan);
    await bookAndCancel(14);
    const mails = (await nextMails(3)).sort((a, b) => a.to.localeCompare(b.to));
    expect(mails.map((m) => m.to).sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
      'cat@example.com',
    ]);
    tokens = mails.map((m) => m.token ?? '');
    for (const token of tokens) await offerReady(token);
    expect(new Set(tokens).size).toBe(3);
    for (const id of entries) expect(await entryStatus(id)).toBe('offered');
    expect(await entryStatus(fourth)).toBe('waiting');
    // Only digests are kept.
    await inTenant(env.server.database.db, env.company.companyId, async (trx) => {
      const { rows } = await sql<{ token_hash: string }>`select token_hash from waitlist_offers
        where company_id = ${env.company.companyId}`.execute(trx);
      const kept = rows.map((r) => r.token_hash);
      for (const token of tokens) {
        expect(kept).not.toContain(token);
        expect(kept).toContain(tokenHash(token));
      }
    });
  });

  it('shows the offer to its link', async () => {
    const reply = await call<OfferView>(env.server, env.company, WAITLIST_CALLS.getOffer, {
      offer_token: tokens[0],
    });
    expect(reply.result).toBe(true);
    expect(reply.data).toMatchObject({ status: 'offered', type_name: 'Consultation' });
    expect(Date.parse(reply.data.start)).toBe(tomorrowAt(14).toMillis());
  });

  it('goes to the first of three accepting at once; two are told it has gone', async () => {
    const replies = await Promise.all(tokens.map((token) => accept(token)));
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    const won = replies.filter((r) => r.status === 200 && r.result);
    const lost = replies.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const reply of lost) expect(messageText(reply)).toBe(OFFER_GONE_TEXT);
    const winner = replies.indexOf(won[0]!);
    const statuses = await Promise.all(entries.map(entryStatus));
    expect(statuses.filter((s) => s === 'booked')).toHaveLength(1);
    expect(statuses[winner]).toBe('booked');
    expect(statuses.filter((s) => s === 'waiting')).toHaveLength(2);
    // The two others are told by mail too.
    const gone = await nextMails(2);
    for (const mail of gone) expect(mail.raw).toContain('has been taken');
    // Accepting again: the winner keeps it, a loser is still told it has gone.
    expect((await accept(tokens[winner]!)).status).toBe(200);
    expect((await accept(tokens[(winner + 1) % 3]!)).status).toBe(409);
  });

  it('refuses a tampered token and another clinic’s alike, naming nothing', async () => {
    const token = tokens[0]!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const other = await newCompany(env.server, 'Other Clinic');
    for (const reply of [await accept(tampered), await accept(token, other.slug)]) {
      expect(reply.status).toBe(400);
      expect(messageText(reply)).toBe(OFFER_INVALID_TEXT);
    }
  });

  it('refuses an offer past its time', async () => {
    await bookAndCancel(16);
    const [mail] = await nextMails(1);
    const token = mail!.token!;
    await offerReady(token);
    await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      sql`update waitlist_offers set expires_at = now() - interval '1 minute'
        where company_id = ${env.company.companyId}
          and token_hash = ${tokenHash(token)}`.execute(trx),
    );
    const reply = await accept(token);
    expect(reply.status, messageText(reply)).toBe(410);
    expect(messageText(reply)).toBe(OFFER_EXPIRED_TEXT);
    expect(mailsTaken).toBe(6);
  });
});
