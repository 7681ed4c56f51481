/**
 * Issue 44 point 9: due for review, the rebooking e-mail and the day sheet.
 * - diary/get_due_for_review names the patients whose latest dispensed formula runs out within N
 *   days (quantity over the daily dose, else the days prescribed, from the day it was dispensed)
 *   and who have nothing booked from today on; a cancelled appointment books nothing.
 * - diary/send_rebooking mails the booking page's link (DATA_DIR/mail) and logs it; a patient
 *   without an e-mail address is refused with nothing written.
 * - diary/print_day_sheet is a PDF of the practitioner's live appointments of the day, with the
 *   patient's allergies, safety flags and current prescription.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { REBOOKING_NO_EMAIL_TEXT, type DueForReviewAnswer } from '../../src/shared/diary/review';
import { toBase } from '../../src/shared/units';
import { pdfText } from '../support/pdf-text';
import { useTestServer } from '../support/test-env';
import {
  callerFor,
  insertedId,
  messageText,
  receiveStock,
  type Caller,
  type Row,
} from './entities-helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'materia-review-'));
const mailFolder = join(dataDir, 'mail');
const env = useTestServer({ company: 'Review Clinic', admin: true, config: { DATA_DIR: dataDir } });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let c: Caller;
let product: number;
const ids = { rowan: 0, rowanPrescription: 0, wren: 0, sage: 0, tam: 0, ivy: 0 };
/** The test server's clinic zone is its own (the setting is empty). */
const today = () => DateTime.now().startOf('day');
const day = (days: number) => today().plus({ days }).toISODate();

async function patient(first: string, values: Row = {}) {
  return insertedId(
    c,
    'patients/insert',
    {
      patient_first_name: first,
      patient_last_name: 'Test',
      patient_email: `${first.toLowerCase()}@example.org`,
      ...values,
    },
    'patient_id',
  );
}

/** A formula of `ml` of the product, dispensed today. */
async function dispensed(patientId: number, ml: number, dose: number | null, days: number | null) {
  const id = await insertedId(
    c,
    'prescriptions/insert',
    { prescription_patient_id: patientId, prescription_daily_dose: dose, prescription_days: days },
    'prescription_id',
  );
  const saved = await c('prescriptions/save_lines', {
    prescription_id: id,
    lines: [{ prescription_line_dispensary_product_id: product, prescription_line_quantity: ml }],
  });
  expect(saved.result, messageText(saved)).toBe(true);
  const done = await c('prescriptions/dispense', { prescription_id: id, reason: 'Reviewed.' });
  expect(done.result, messageText(done)).toBe(true);
  return id;
}

/** An appointment written as the diary would store it (its server is another part's). */
function appointment(patientId: number, start: DateTime, status = 'booked', minutes = 30) {
  return inTenant(env.server.database.db, env.company.companyId, (trx) =>
    sql`insert into appointments (company_id, appointment_name, appointment_patient_id,
        appointment_practitioner_id, appointment_start, appointment_end, appointment_status)
      values (${env.company.companyId}, 'Follow-up', ${patientId}, 1, ${start.toISO()},
        ${start.plus({ minutes }).toISO()}, ${status})`.execute(trx),
  );
}

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  product = await insertedId(
    c,
    'dispensary_products/insert',
    {
      dispensary_product_name: 'Nettle tincture',
      dispensary_product_unit_kind: 'volume',
      dispensary_product_price: 5,
    },
    'dispensary_product_id',
  );
  await receiveStock(c, product, toBase(5, 'l'));
  // 100 ml at 10 ml a day: runs out in 10 days; a cancelled visit tomorrow books nothing.
  ids.rowan = await patient('Rowan', { patient_mobile: '07700 900123' });
  ids.rowanPrescription = await dispensed(ids.rowan, 100, 10, 28);
  await appointment(ids.rowan, today().plus({ days: 1, hours: 10 }), 'cancelled');
  // No dose: the 7 days prescribed.
  ids.wren = await patient('Wren');
  await dispensed(ids.wren, 50, null, 7);
  // Due, but booked for tomorrow.
  ids.sage = await patient('Sage');
  await dispensed(ids.sage, 100, 10, 10);
  await appointment(ids.sage, today().plus({ days: 1, hours: 11 }));
  // 400 ml at 10 ml a day: 40 days.
  ids.tam = await patient('Tam');
  await dispensed(ids.tam, 400, 10, 14);
  // Due, no e-mail address.
  ids.ivy = await patient('Ivy', { patient_email: '' });
  await dispensed(ids.ivy, 30, 10, 3);
}, 60_000);

const due = async (payload: Row = {}) => {
  const reply = await c<DueForReviewAnswer>('diary/get_due_for_review', payload);
  expect(reply.result, messageText(reply)).toBe(true);
  return reply.data;
};

describe('diary/get_due_for_review', () => {
  it('names the patients whose medicine runs out within the setting’s 14 days and who have nothing booked', async () => {
    const answer = await due();
    expect(answer).toMatchObject({ within_days: 14, today: day(0) });
    expect(answer.patients.map((p) => [p.patient_id, p.runs_out_on, p.days_left])).toEqual([
      [ids.ivy, day(3), 3],
      [ids.wren, day(7), 7],
      [ids.rowan, day(10), 10],
    ]);
    expect(answer.patients[2]).toMatchObject({
      patient_name: 'Test, Rowan',
      has_email: true,
      has_phone: true,
      prescription_id: ids.rowanPrescription,
      dispensed_on: day(0),
      rebooking_sent_at: null,
    });
    expect(answer.patients[0]).toMatchObject({ has_email: false, has_phone: false });
  });

  it('looks further when asked, and for one patient', async () => {
    expect((await due({ within_days: 60 })).patients.map((p) => p.patient_id)).toContain(ids.tam);
    expect((await due({ patient_id: ids.wren })).patients.map((p) => p.patient_id)).toEqual([
      ids.wren,
    ]);
    expect((await due({ patient_id: ids.sage })).patients).toEqual([]);
  });

  it('refuses a number of days out of range, naming the field', async () => {
    for (const within_days of [0, 91, 'soon']) {
      const reply = await c('diary/get_due_for_review', { within_days });
      expect(reply.status).toBe(400);
      expect(messageText(reply)).toMatch(/within_days|days/i);
    }
  });
});

const mails = async () => (await readdir(mailFolder).catch(() => [] as string[])).sort();

describe('diary/send_rebooking', () => {
  it('mails the booking page’s link and the run-out day, logged in the message log', async () => {
    const before = await mails();
    const reply = await c<{ sent_to: string }>('diary/send_rebooking', { patient_id: ids.rowan });
    expect(reply.result, messageText(reply)).toBe(true);
    expect(reply.data.sent_to).toBe('rowan@example.org');
    const added = (await mails()).filter((m) => !before.includes(m));
    expect(added).toHaveLength(1);
    const mail = (await readFile(join(mailFolder, added[0] as string), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain('To: rowan@example.org');
    expect(mail).toContain(`/book?company=${env.company.slug}`);
    expect(mail).toContain(
      `runs out on ${DateTime.fromISO(day(10)).setLocale('en-GB').toFormat('cccc d LLLL')}`,
    );
    const listed = (await due()).patients.find((p) => p.patient_id === ids.rowan);
    expect(listed?.rebooking_sent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('refuses a patient without an e-mail address, writing nothing', async () => {
    const before = await mails();
    const reply = await c('diary/send_rebooking', { patient_id: ids.ivy });
    expect(reply.status).toBe(400);
    expect(messageText(reply)).toBe(REBOOKING_NO_EMAIL_TEXT);
    expect(await mails()).toEqual(before);
    expect((await due({ patient_id: ids.ivy })).patients[0]?.rebooking_sent_at).toBeNull();
  });
});

async function daySheet(payload: Row) {
  const response = await env.server.app.inject({
    method: 'POST',
    url: '/api/diary/print_day_sheet',
    payload: { ...payload, _company_slug: env.company.slug, _user_token: env.admin },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('diary/print_day_sheet', () => {
  it('prints the day’s live appointments with allergies, safety flags and the current prescription', async () => {
    const iris = await patient('Iris', { patient_dob: '1990-04-05', patient_pregnant: 1 });
    const penicillin = await insertedId(
      c,
      'allergies/insert',
      { allergy_name: 'Penicillins' },
      'allergy_id',
    );
    await c('patients/sync_allergies', { patient_id: iris, relations: [penicillin] });
    await dispensed(iris, 60, 10, 6);
    const sheetDay = today().plus({ days: 3 });
    await appointment(iris, sheetDay.set({ hour: 10 }));
    await appointment(ids.tam, sheetDay.set({ hour: 11 }), 'cancelled');
    const file = await daySheet({ practitioner_id: 1, date: sheetDay.toISODate() });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = pdfText(file.body);
    expect(text).toMatch(/^Day sheet — /);
    expect(text).toContain('10:00–10:30  Test, Iris');
    expect(text).toContain('born 05/04/1990');
    expect(text).toContain('Allergies: Penicillins');
    expect(text).toContain('Pregnant');
    expect(text).toMatch(/Nettle tincture — 60 ml/);
    // The cancelled appointment is not on the sheet.
    expect(text).not.toContain('Test, Tam');
  });

  it('answers an empty day, and refuses a missing practitioner or a date that does not exist', async () => {
    const empty = await daySheet({ practitioner_id: 1, date: '2020-01-01' });
    expect(empty.status).toBe(200);
    expect(pdfText(empty.body)).toContain('No appointments.');
    const missing = await daySheet({ practitioner_id: 999_999, date: '2020-01-01' });
    expect(missing.status).toBe(404);
    const badDate = await daySheet({ practitioner_id: 1, date: '2026-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.toString()).toMatch(/date/);
  });
});
