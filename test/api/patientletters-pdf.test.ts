/**
 * Letters as PDF and by e-mail: patientletters/get_pdf answers a real PDF of the printable letter
 * (letterhead, address, body with its accents), audited as an export; patientletters/send mails
 * that PDF to the patient (here to DATA_DIR/mail, as without SMTP), recorded and audited;
 * get_sendings tells where it went. Read rights download, the right to change letters sends,
 * and another company's letter is one that does not exist.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import type { UserToken } from '../../src/shared/envelope';
import { NO_EMAIL_TEXT, type LetterMailing } from '../../src/shared/entities/patientletters';
import { newCompany, startTestServer, type TestCompany } from '../support/api';
import { moduleIdsOf } from '../support/module-ids';
import { pdfText } from '../support/pdf-text';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'materia-letters-'));
const mailFolder = join(dataDir, 'mail');
const env = useTestServer({
  company: 'Bath & Wells Herbs',
  admin: true,
  config: { DATA_DIR: dataDir },
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let c: Caller;
let patientId: number;
let letterId: number;

/** Accented names, so that the letterhead's address block shows they print. */
const PATIENT = {
  patient_title: 'Ms',
  patient_first_name: 'Zoë',
  patient_last_name: 'Müller',
  patient_email: 'zoe@example.org',
  patient_address_line1: '12 Mill Lane',
  patient_city: 'Wells',
};
const BODY =
  '<h2>Your plan</h2><p>Dear {patient.first_name}, Straße, café, 5&nbsp;€ or £4, nǚ lǜ.</p>' +
  '<ul><li><p>Take <strong>two</strong> doses</p></li></ul><p>See <a href="https://example.com">our page</a>.</p>';

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const ids = await moduleIdsOf(env.server, env.company, env.admin);
  for (const [field, value] of [
    ['clinic_address', '1 High Street, Wells BA5 2AA'],
    ['clinic_phone', '01749 123456'],
  ])
    await c('modules/update_settings', { module_id: ids.materia, field, value });
  patientId = (await c<Row>('patients/insert', PATIENT)).data.patient_id as number;
  letterId = (
    await c<Row>('patientletters/insert', {
      patientletter_name: 'Follow-up',
      patientletter_patient_id: patientId,
      patientletter_date: '2025-06-01',
      patientletter_body: BODY,
    })
  ).data.patientletter_id as number;
});

async function pdfOf(id: unknown, token: UserToken = env.admin, company = env.company) {
  const response = await env.server.app.inject({
    method: 'POST',
    url: '/api/patientletters/get_pdf',
    payload: { patientletter_id: id, _company_slug: company.slug, _user_token: token },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const messageOf = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');

const auditActions = (company: TestCompany, id: number) =>
  inTenant(env.server.database.db, company.companyId, (trx) =>
    trx
      .selectFrom('audit_log')
      .select(['action', 'after', 'user_id'])
      .where('entity', '=', 'patientletters')
      .where('entity_id', '=', String(id))
      .orderBy('audit_id')
      .execute(),
  );

const mails = async () => (await readdir(mailFolder).catch(() => [] as string[])).sort();

/** The PDF attached to a raw mail (nodemailer writes it base64 in its own part). */
function attachmentOf(mail: string): { name: string; pdf: Buffer } {
  const part =
    /Content-Type: application\/pdf; name=([^\n]+)\n[\s\S]*?\n\n([A-Za-z0-9+/=\n]+)/.exec(mail);
  expect(part, 'the mail has a PDF part').not.toBeNull();
  return {
    name: part?.[1] ?? '',
    pdf: Buffer.from((part?.[2] ?? '').replace(/\n/g, ''), 'base64'),
  };
}

describe('a letter as PDF', () => {
  it('downloads the printable letter as a PDF with the letterhead and its text, audited', async () => {
    const file = await pdfOf(letterId);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="letter-${letterId}-2025-06-01.pdf"`,
    );
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const lines = pdfText(file.body).split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '01/06/2025',
      'Bath & Wells Herbs',
      '1 High Street, Wells BA5 2AA · Phone 01749 123456',
      'Ms Zoë Müller',
      '12 Mill Lane',
      'Wells',
      'Follow-up',
    ]);
    expect(lines.slice(7)).toEqual([
      'Your plan',
      'Dear Zoë, Straße, café, 5\u00a0€ or £4, nǚ lǜ.',
      '•Take two doses',
      'See our page.',
    ]);
    expect(file.body.toString('latin1')).toContain('/URI (https://example.com)');
    expect(await auditActions(env.company, letterId)).toContainEqual(
      expect.objectContaining({ action: 'export', after: { format: 'pdf' } }),
    );
  });

  it("answers another company's letter and a missing one alike, as an envelope", async () => {
    const other = await newCompany(env.server, 'Other Clinic');
    const token = await adminToken(env.server, other);
    const foreign = await pdfOf(letterId, token, other);
    const missing = await pdfOf(999_999, token, other);
    expect(foreign.status).toBe(missing.status);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    const text = (file: { body: Buffer }) =>
      messageOf(JSON.parse(file.body.toString()) as { messages: { text: string }[] });
    expect(text(foreign)).toBe(text(missing).replace('999999', String(letterId)));
    expect(foreign.body.toString()).not.toContain('Zo');
  });
});

describe('sending a letter by e-mail', () => {
  it('mails the PDF to the patient, records who sent it where, and audits it', async () => {
    const before = await mails();
    const reply = await c<LetterMailing>('patientletters/send', { patientletter_id: letterId });
    expect(reply.result).toBe(true);
    expect(messageOf(reply)).toBe('The letter was sent to zoe@example.org.');
    expect(reply.data.email).toBe('zoe@example.org');
    expect(reply.data.sendings).toHaveLength(1);
    const [sending] = reply.data.sendings;
    expect(sending).toMatchObject({ sent_to: 'zoe@example.org', sent_by: 'Admin' });
    expect(Date.now() - Date.parse(sending?.sent_at ?? '')).toBeLessThan(60_000);
    const written = (await mails()).filter((f) => !before.includes(f));
    expect(written).toHaveLength(1);
    const mail = (await readFile(join(mailFolder, written[0] ?? ''), 'utf8')).replace(
      /\r\n/g,
      '\n',
    );
    expect(mail).toMatch(/^To: zoe@example\.org$/m);
    expect(mail).toMatch(/^Subject: /m);
    const attached = attachmentOf(mail);
    expect(attached.name).toBe(`letter-${letterId}-2025-06-01.pdf`);
    expect(attached.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(attached.pdf)).toContain('Dear Zoë, Straße');
    const audit = await auditActions(env.company, letterId);
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: 'send',
        after: { sent_to: 'zoe@example.org', format: 'pdf' },
      }),
    );
    const history = await c<LetterMailing>('patientletters/get_sendings', {
      patientletter_id: letterId,
    });
    expect(history.data).toEqual(reply.data);
  });

  it('refuses a patient without an e-mail address plainly, recording and mailing nothing', async () => {
    const silent = (
      await c<Row>('patients/insert', { patient_first_name: 'No', patient_last_name: 'Mail' })
    ).data.patient_id as number;
    const letter = (
      await c<Row>('patientletters/insert', {
        patientletter_name: 'Hello',
        patientletter_patient_id: silent,
      })
    ).data.patientletter_id as number;
    const before = await mails();
    const reply = await c('patientletters/send', { patientletter_id: letter });
    expect(reply).toMatchObject({ result: false, status: 400 });
    expect(messageOf(reply)).toBe(NO_EMAIL_TEXT);
    expect(await mails()).toEqual(before);
    const history = await c<LetterMailing>('patientletters/get_sendings', {
      patientletter_id: letter,
    });
    expect(history.data).toEqual({ email: '', sendings: [] });
    expect((await auditActions(env.company, letter)).map((a) => a.action)).not.toContain('send');
  });

  it('lets readers download but only those who may change letters send', async () => {
    const reader = await addUser(env.server, env.company, {
      privileges: ['patientletters/list'],
    });
    const stranger = await addUser(env.server, env.company, { privileges: ['patients/list'] });
    expect((await pdfOf(letterId, reader.token)).status).toBe(200);
    expect((await pdfOf(letterId, stranger.token)).status).toBe(403);
    const asReader = callerFor(env.server, env.company, reader.token);
    const refused = await asReader('patientletters/send', { patientletter_id: letterId });
    expect(refused).toMatchObject({ result: false, status: 403 });
    expect(
      (await asReader<LetterMailing>('patientletters/get_sendings', { patientletter_id: letterId }))
        .data.sendings,
    ).toHaveLength(1);
  });

  it('records nothing when the mail server does not take the mail, and says so', async () => {
    // Nothing listens on the discard port: the connection is refused at once.
    const server = await startTestServer({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const company = await newCompany(server, 'Unmailed Clinic');
      const own = callerFor(server, company, await adminToken(server, company));
      const patient = (await own<Row>('patients/insert', PATIENT)).data.patient_id;
      const letter = (
        await own<Row>('patientletters/insert', {
          patientletter_name: 'Hello',
          patientletter_patient_id: patient,
        })
      ).data.patientletter_id;
      const reply = await own('patientletters/send', { patientletter_id: letter });
      expect(reply).toMatchObject({ result: false, status: 503 });
      expect(messageOf(reply)).toBe(
        'The mail server did not take the letter, so it was not sent. Please try again later.',
      );
      const history = await own<LetterMailing>('patientletters/get_sendings', {
        patientletter_id: letter,
      });
      expect(history.data.sendings).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
