/**
 * Patient letters: written in the browser with a merge field and a snippet put
 * in from the editor's toolbar, then printed from /printing/patientletters/{id} — print media
 * emulated, merge fields filled, no app chrome, axe clean on both screens; downloaded as a PDF
 * and sent to the patient by e-mail, the sending shown on the letter. Issue 43 #4: a merge field
 * that prints nothing is listed under the text, and Print and Send ask first, naming it.
 */
import { seriousViolations } from '../support/axe';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { NO_EMAIL_TEXT } from '../../src/shared/entities/patientletters';
import {
  findMail,
  sharedBrowser,
  loginAsAdmin,
  openPage,
  screenshotPath,
  SMALL,
} from '../support/browser';
import { adminToken, api, insertRow } from './api';

const browser = sharedBrowser();
let token: UserToken;

beforeAll(async () => {
  token = await adminToken();
});

interface StoredLetter {
  patientletter_body: string;
  _relations: { snippets: number[] };
}
const storedLetter = async (id: number) =>
  (await api<StoredLetter>('patientletters/get', { patientletter_id: id }, token)).data;

describe('patient letters', () => {
  it('writes a letter with a merge field and a snippet, and prints it filled in', async () => {
    const tag = randomBytes(3).toString('hex');
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_title: 'Mx',
      patient_first_name: `Robin${tag}`,
      patient_last_name: `Letterby${tag}`,
      patient_address_line1: '7 Willow Row',
      patient_city: 'Frome',
      patient_postcode: 'BA11 1AA',
    });
    const snippet = await insertRow<{ snippet_id: number }>('snippets', {
      snippet_name: `Closing ${tag}`,
      snippet_body: '<p>Best wishes to you, {patient.first_name}.</p>',
    });
    const letter = await insertRow<{ patientletter_id: number }>('patientletters', {
      patientletter_name: `Check-up ${tag}`,
      patientletter_patient_id: patient.patient_id,
      patientletter_date: '2025-06-01',
    });
    const id = letter.patientletter_id;

    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patientletters/${id}`);
    const editor = page.getByRole('region', { name: 'Editor' });
    await editor.getByRole('heading', { name: `Check-up ${tag}` }).waitFor();
    const body = editor.getByRole('textbox', { name: 'Letter' });
    await body.click();
    await page.keyboard.type('Thank you for your visit, ');

    // A merge field goes in as its placeholder and is saved at once.
    await editor.getByRole('button', { name: 'Insert merge field' }).click();
    await page.getByRole('menuitem', { name: /Patient last name/ }).click();
    await expect
      .poll(async () => (await storedLetter(id)).patientletter_body)
      .toBe('<p>Thank you for your visit, {patient.last_name}</p>');

    // A snippet found by typing goes in at the cursor and is linked to the letter.
    const picker = editor.getByRole('combobox', { name: 'Insert snippet' });
    await picker.click();
    await picker.fill(`Closing ${tag}`);
    const linked = page.waitForResponse((r) => r.url().endsWith('/patientletters/add_snippets'));
    await page.getByRole('option', { name: `Closing ${tag}` }).click();
    await linked;
    const stored = await storedLetter(id);
    expect(stored.patientletter_body).toBe(
      '<p>Thank you for your visit, {patient.last_name}</p><p>Best wishes to you, {patient.first_name}.</p>',
    );
    expect(stored._relations.snippets).toEqual([snippet.snippet_id]);
    await editor.getByRole('button', { name: `Remove Closing ${tag}` }).waitFor();
    await page.screenshot({ path: screenshotPath('patientletter-editor') });
    expect(await seriousViolations(page)).toEqual([]);

    // The Print button opens the print page in a new tab.
    const opened = context.waitForEvent('page');
    await editor.getByRole('button', { name: 'Print' }).click();
    const print = await opened;
    await print.waitForURL(`**/printing/patientletters/${id}`);
    const sheet = print.getByRole('article', { name: `Check-up ${tag}` });
    await sheet.waitFor();
    await print.emulateMedia({ media: 'print' });
    await print.screenshot({ path: screenshotPath('patientletter-print'), fullPage: true });
    const text = await sheet.innerText();
    expect(text).toContain(`Thank you for your visit, Letterby${tag}`);
    expect(text).toContain(`Best wishes to you, Robin${tag}.`);
    expect(text).toContain('01/06/2025');
    expect(text).toContain('7 Willow Row');
    expect(text).not.toContain('{');
    expect(await print.getByRole('heading', { level: 1 }).innerText()).not.toBe('');
    expect(await print.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await print.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    expect(await print.getByRole('navigation').count()).toBe(0);
    await print.emulateMedia({ media: 'screen' });
    expect(await print.getByRole('button', { name: 'Print' }).isVisible()).toBe(true);
    await print.screenshot({ path: screenshotPath('patientletter-print-preview'), fullPage: true });
    expect(await seriousViolations(print)).toEqual([]);
    // On a phone the preview fits the screen: no sideways scrolling, Print in reach.
    await print.setViewportSize(SMALL);
    const printButton = print.getByRole('button', { name: 'Print' });
    await expect
      .poll(async () => {
        const box = await printButton.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(SMALL.width);
    expect(
      await print.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await print.screenshot({ path: screenshotPath('patientletter-print-preview-small') });
    expect(await seriousViolations(print)).toEqual([]);
    await print.close();

    // On a phone the toolbar wraps and the tools stay reachable.
    await page.setViewportSize(SMALL);
    await editor.getByRole('button', { name: 'Insert merge field' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('patientletter-editor-small') });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('says plainly when a letter can not be printed', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/printing/patientletters/99999999');
    await page.getByText('There is no patient letter with id 99999999.').waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('downloads a letter as PDF and sends it by e-mail, showing where it went', async () => {
    const tag = randomBytes(3).toString('hex');
    const email = `robin.${tag}@example.org`;
    const patientFor = (values: Record<string, string>) =>
      insertRow<{ patient_id: number }>('patients', {
        patient_first_name: `Robin${tag}`,
        patient_last_name: `Mailer${tag}`,
        ...values,
      });
    const letterFor = async (patientId: number, name: string) =>
      (
        await insertRow<{ patientletter_id: number }>('patientletters', {
          patientletter_name: name,
          patientletter_patient_id: patientId,
          patientletter_body: '<p>Dear {patient.first_name}, your café visit costs 5 €.</p>',
        })
      ).patientletter_id;
    const id = await letterFor(
      (await patientFor({ patient_email: email })).patient_id,
      `PDF ${tag}`,
    );
    const silentId = await letterFor((await patientFor({})).patient_id, `Paper ${tag}`);

    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patientletters/${id}`);
    const editor = page.getByRole('region', { name: 'Editor' });
    await editor.getByRole('heading', { name: `PDF ${tag}` }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      editor.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^letter-${id}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    await editor.getByRole('button', { name: 'Send by e-mail' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Send this letter as a PDF to ${email}?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    const sent = editor.getByRole('list', { name: 'Sent by e-mail' }).getByRole('listitem');
    await expect
      .poll(() => sent.allInnerTexts())
      .toEqual([
        expect.stringMatching(
          new RegExp(
            `^Sent to ${email.replace(/\./g, '\\.')} on \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d by \\S.*$`,
          ),
        ),
      ]);
    // The sending is over once its button no longer spins.
    const sendButton = editor.getByRole('button', { name: 'Send by e-mail' });
    await expect.poll(() => sendButton.getAttribute('data-loading')).toBeNull();
    const mail = await findMail(`To: ${email}`);
    expect(mail).toContain(`filename=letter-${id}-`);
    // axe waits for the page at rest (the button's loader fading out), then the screenshot.
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('patientletter-sent') });

    // Without an address, sending is blocked and says why.
    await page.goto(`/app/patientletters/${silentId}`);
    await editor.getByRole('heading', { name: `Paper ${tag}` }).waitFor();
    const blocked = editor.getByRole('button', { name: 'Send by e-mail' });
    await expect.poll(() => blocked.getAttribute('aria-disabled')).toBe('true');
    await blocked.focus();
    await page.getByRole('tooltip').getByText(NO_EMAIL_TEXT).waitFor();

    await page.setViewportSize(SMALL);
    await page.goto(`/app/patientletters/${id}`);
    await sent.first().scrollIntoViewIfNeeded();
    // axe waits for the page at rest (the button's loader fading out), then the screenshot.
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('patientletter-sent-small') });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('warns of an empty merge field under the text, and Print and Send ask first (issue 43 #4)', async () => {
    const tag = randomBytes(3).toString('hex');
    const email = `untitled.${tag}@example.org`;
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: `Robin${tag}`,
      patient_last_name: `Untitled${tag}`,
      patient_email: email,
    });
    const id = (
      await insertRow<{ patientletter_id: number }>('patientletters', {
        patientletter_name: `Untitled ${tag}`,
        patientletter_patient_id: patient.patient_id,
        patientletter_body: '<p>Dear {patient.title} {patient.last_name},</p>',
      })
    ).patientletter_id;
    const warning = `Patient title is empty for this patient: the letter reads “Dear Untitled${tag},”.`;

    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/patientletters/${id}`);
    const editor = page.getByRole('region', { name: 'Editor' });
    await editor.getByRole('heading', { name: `Untitled ${tag}` }).waitFor();
    const list = editor.getByRole('list', { name: 'Empty merge fields' });
    await expect.poll(() => list.getByRole('listitem').allInnerTexts()).toEqual([warning]);
    await page.screenshot({ path: screenshotPath('patientletter-empty-field') });
    expect(await seriousViolations(page)).toEqual([]);

    // Print asks first, naming the field; Cancel opens nothing.
    await editor.getByRole('button', { name: 'Print' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${warning} Print it anyway?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(context.pages()).toHaveLength(1);
    // OK opens the print page.
    const opened = context.waitForEvent('page');
    await editor.getByRole('button', { name: 'Print' }).click();
    await dialog.getByText(`${warning} Print it anyway?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    const print = await opened;
    await print.waitForURL(`**/printing/patientletters/${id}`);
    await print.close();

    // Sending names the field and the address in one question, then sends.
    await editor.getByRole('button', { name: 'Send by e-mail' }).click();
    await dialog.getByText(`${warning} Send it to ${email} anyway?`).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await editor.getByRole('list', { name: 'Sent by e-mail' }).getByRole('listitem').waitFor();

    // A fallback after | clears the warning: the letter reads the first name instead.
    await api(
      'patientletters/update',
      {
        patientletter_id: id,
        field: 'patientletter_body',
        value: '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>',
      },
      token,
    );
    await page.reload();
    await editor.getByRole('heading', { name: `Untitled ${tag}` }).waitFor();
    await editor.getByRole('textbox', { name: 'Letter' }).waitFor();
    await expect.poll(() => list.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
