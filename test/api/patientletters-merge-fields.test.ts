/**
 * Issue 43 #4: merge fields that resolve to nothing. A letter whose patient has no title answers
 * the empty field from check_merge_fields and get_printable (naming what the letter reads), is
 * refused by send until `confirm_empty_fields` is true (nothing mailed or recorded before), and
 * a fallback after | prints the first name instead and reports nothing.
 */
import { mkdtempSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LetterMailing,
  MergeFieldCheck,
  PrintableLetter,
} from '../../src/shared/entities/patientletters';
import { useTestServer } from '../support/test-env';
import { callerFor, type Caller, type Row } from './entities-helpers';

const dataDir = mkdtempSync(join(tmpdir(), 'materia-merge-'));
const env = useTestServer({ admin: true, config: { DATA_DIR: dataDir } });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

let c: Caller;
let patientId: number;
const EMPTY_TITLE = {
  placeholder: '{patient.title}',
  labels: ['Patient title'],
  reads: 'Dear Smith,',
};
const mails = async () => (await readdir(join(dataDir, 'mail')).catch(() => [] as string[])).length;

async function letterWith(body: string): Promise<number> {
  const reply = await c<Row>('patientletters/insert', {
    patientletter_name: 'Follow-up',
    patientletter_patient_id: patientId,
    patientletter_body: body,
  });
  return reply.data.patientletter_id as number;
}

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  patientId = (
    await c<Row>('patients/insert', {
      patient_first_name: 'Anna',
      patient_last_name: 'Smith',
      patient_email: 'anna@example.org',
    })
  ).data.patient_id as number;
});

describe('merge fields that resolve to nothing', () => {
  it('are answered by check_merge_fields and get_printable, naming what the letter reads', async () => {
    const id = await letterWith('<p>Dear {patient.title} {patient.last_name},</p>');
    const check = await c<MergeFieldCheck>('patientletters/check_merge_fields', {
      patientletter_id: id,
    });
    expect(check.data).toEqual({ empty_fields: [EMPTY_TITLE] });
    const printable = await c<PrintableLetter>('patientletters/get_printable', {
      patientletter_id: id,
    });
    expect(printable.data.html).toBe('<p>Dear  Smith,</p>');
    expect(printable.data.empty_fields).toEqual([EMPTY_TITLE]);
    // The editor checks the text it has not saved yet.
    const unsaved = await c<MergeFieldCheck>('patientletters/check_merge_fields', {
      patientletter_id: id,
      patientletter_body: '<p>Dear {patient.first_name},</p>',
    });
    expect(unsaved.data).toEqual({ empty_fields: [] });
  });

  it('refuse send without confirm_empty_fields, naming the fields; send with it', async () => {
    const id = await letterWith('<p>Dear {patient.title} {patient.last_name},</p>');
    const before = await mails();
    const refused = await c('patientletters/send', { patientletter_id: id });
    expect(refused).toMatchObject({ status: 400, result: false });
    expect(refused.messages.map((m) => m.text)).toEqual([
      'Patient title is empty for this patient: the letter reads “Dear Smith,”. Send it with "confirm_empty_fields": true to send it as it is, or give the field a fallback, e.g. {patient.title|patient.first_name}.',
    ]);
    expect(await mails()).toBe(before);
    const sendings = await c<LetterMailing>('patientletters/get_sendings', {
      patientletter_id: id,
    });
    expect(sendings.data.sendings).toEqual([]);
    const sent = await c<LetterMailing>('patientletters/send', {
      patientletter_id: id,
      confirm_empty_fields: true,
    });
    expect(sent.result).toBe(true);
    expect(sent.data.sendings).toHaveLength(1);
    expect(await mails()).toBe(before + 1);
  });

  it('use the fallback after |, print it, and send without asking', async () => {
    const id = await letterWith(
      '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>',
    );
    const printable = await c<PrintableLetter>('patientletters/get_printable', {
      patientletter_id: id,
    });
    expect(printable.data).toMatchObject({ html: '<p>Dear Anna Smith,</p>', empty_fields: [] });
    const sent = await c('patientletters/send', { patientletter_id: id });
    expect(sent.result).toBe(true);
  });
});
