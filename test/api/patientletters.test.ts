/** Patient letters: snippets keep their merge fields, the printable letter fills and cleans them. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrintableLetter } from '../../src/shared/entities/patientletters';
import { inTenant } from '../../src/server/db/tenancy';
import { newCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Bath & Wells Herbs', admin: true });

let c: Caller;
let patientId: number;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = (
    await c<Row>('patients/insert', {
      patient_title: 'Ms',
      patient_first_name: 'Rose',
      patient_last_name: "O'Hill",
      patient_address_line1: '12 Mill Lane',
      patient_city: 'Wells',
      patient_postcode: 'BA5 1AA',
    })
  ).data.patient_id as number;
});

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const newLetter = async (values: Row = {}) =>
  (
    await c<Row>('patientletters/insert', {
      patientletter_name: 'Follow-up',
      patientletter_patient_id: patientId,
      patientletter_date: '2025-06-01',
      ...values,
    })
  ).data;
const printable = (id: unknown) =>
  c<PrintableLetter>('patientletters/get_printable', { patientletter_id: id });
/** Writes straight to the database, as an import or an older version might have. */
const storeBody = (id: unknown, body: string) =>
  inTenant(env.server.database.db, env.company.companyId, (trx) =>
    sql`update patientletters set patientletter_body = ${body}
      where company_id = ${env.company.companyId} and patientletter_id = ${id}`.execute(trx),
  );

describe('patient letters', () => {
  it('appends snippets with their merge fields kept as placeholders and links them', async () => {
    const snippet = (
      await c<Row>('snippets/insert', {
        snippet_name: 'Greeting',
        snippet_body: '<p>Dear {patient.first_name},</p>',
      })
    ).data.snippet_id;
    const letter = await newLetter({ patientletter_body: '<p>Intro</p>' });
    const reply = await c<{ entity: Row }>('patientletters/insert_snippets', {
      patientletter_id: letter.patientletter_id,
      snippet_ids: [snippet],
    });
    expect(reply.result).toBe(true);
    expect(reply.data.entity.patientletter_body).toBe(
      '<p>Intro</p>\n<p>Dear {patient.first_name},</p>',
    );
    expect(reply.data.entity._relations).toEqual({ snippets: [snippet] });
  });

  it('prints the letter with the letterhead, the address and the merge fields filled', async () => {
    const letter = await newLetter({
      patientletter_body:
        '<p>Dear {patient.title} {patient.last_name}, {today}</p><p>{user.first_name}, {company.company_name} ({company.name}) {patient.shoe_size}</p>',
    });
    const reply = await printable(letter.patientletter_id);
    expect(reply.result).toBe(true);
    expect(reply.data).toEqual({
      patientletter_id: letter.patientletter_id,
      patientletter_name: 'Follow-up',
      date: '2025-06-01',
      company_name: 'Bath & Wells Herbs',
      clinic_address: '',
      clinic_phone: '',
      patient_name: "Ms Rose O'Hill",
      address: ['12 Mill Lane', 'Wells BA5 1AA'],
      html: "<p>Dear Ms O'Hill, 01/06/2025</p><p>Admin, Bath &amp; Wells Herbs (Bath &amp; Wells Herbs) {patient.shoe_size}</p>",
      // Every field offered resolved to something: nothing to warn of before printing.
      empty_fields: [],
    });
    // The stored letter keeps its placeholders.
    const stored = await c<Row>('patientletters/get', {
      patientletter_id: letter.patientletter_id,
    });
    expect(stored.data.patientletter_body).toContain('{patient.last_name}');
  });

  it('keeps only the markup the editor makes: no scripts, handlers or javascript links', async () => {
    const letter = await newLetter();
    await storeBody(
      letter.patientletter_id,
      '<p onclick="x()">Hi <strong>{patient.first_name}</strong><script>alert(1)</script></p>' +
        '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<a href="java&#9;script&colon;alert(4)">tab</a><p>1 < 2 > 0</p>' +
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank">good</a>' +
        '<iframe src="https://evil.test"></iframe><ul><li>one</li></ul><!-- note -->',
    );
    const reply = await printable(letter.patientletter_id);
    expect(reply.data.html).toBe(
      '<p>Hi <strong>Rose</strong></p><a>bad</a><a>tab</a><p>1 &lt; 2 &gt; 0</p>' +
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">good</a>' +
        '<ul><li>one</li></ul>',
    );
  });

  it('refuses active markup when a letter is written through the API', async () => {
    const letter = await newLetter();
    const reply = await c('patientletters/update', {
      patientletter_id: letter.patientletter_id,
      field: 'patientletter_body',
      value: '<p>Hi</p><script>alert(1)</script>',
    });
    expect(reply.result).toBe(false);
    expect(text(reply)).toContain('Must not contain scripts, frames or event handlers.');
  });

  it('refuses a letter for a deleted patient with a clear message and writes nothing', async () => {
    const gone = (
      await c<Row>('patients/insert', { patient_first_name: 'Gone', patient_last_name: 'Soon' })
    ).data.patient_id as number;
    await c('patients/delete', { selected: [gone] });
    const before = (await c<Row[]>('patientletters/list', { limit: 500 })).data.length;
    const inserted = await c('patientletters/insert', {
      patientletter_name: 'Too late',
      patientletter_patient_id: gone,
    });
    expect(inserted.result).toBe(false);
    expect(text(inserted)).toBe(
      `There is no patient with id ${gone}; the patient may have been deleted. Choose another patient for this letter.`,
    );
    expect((await c<Row[]>('patientletters/list', { limit: 500 })).data.length).toBe(before);

    const letter = await newLetter();
    const updated = await c('patientletters/update', {
      patientletter_id: letter.patientletter_id,
      field: 'patientletter_patient_id',
      value: gone,
    });
    expect(updated.result).toBe(false);
    expect(text(updated)).toContain('the patient may have been deleted');
    const stored = await c<Row>('patientletters/get', {
      patientletter_id: letter.patientletter_id,
    });
    expect(stored.data.patientletter_patient_id).toBe(patientId);
  });

  it('keeps a patient who still has letters, saying why', async () => {
    const reply = await c('patients/delete', { selected: [patientId] });
    expect(reply.result).toBe(false);
    expect(text(reply)).toBe('This patient is still used by patient letters; remove those first.');
    expect((await c<Row>('patients/get', { patient_id: patientId })).result).toBe(true);
  });

  it("answers another company's letter exactly like one that does not exist", async () => {
    const letter = await newLetter();
    const other = await newCompany(env.server, 'Other Clinic');
    const o = callerFor(env.server, other, await adminToken(env.server, other));
    const foreign = await o('patientletters/get_printable', {
      patientletter_id: letter.patientletter_id,
    });
    const missing = await o('patientletters/get_printable', { patientletter_id: 999_999 });
    expect(foreign).toMatchObject({ result: false, status: missing.status });
    expect(text(foreign)).toBe(text(missing).replace('999999', String(letter.patientletter_id)));
    expect(JSON.stringify(foreign)).not.toContain('Rose');
  });
});
