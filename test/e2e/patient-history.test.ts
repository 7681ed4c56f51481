/**
 * The patient's "Prescriptions and letters" tab: empty at first, a new prescription and a new
 * letter made from it open with the patient filled in and are then listed (date, status) and
 * linked; a change made elsewhere shows when the tab opens again; a user with only patients/*
 * is told they may not see them and gets no New buttons; "Show all N" opens the list filtered to
 * the patient. axe on the tab; screenshots at 1440 and 375 px under test-results/.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { displayDate } from '../../src/web/entity/model/format';
import { seriousViolations } from '../support/axe';
import {
  loginAs,
  loginAsAdmin,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminCall, createUser, insertRow } from './api';

const browser = sharedBrowser();

async function newPatient() {
  const tag = randomBytes(3).toString('hex');
  const first = 'Rowan';
  const last = `History ${tag}`;
  const { patient_id: id } = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: first,
    patient_last_name: last,
  });
  return { id, first, last };
}

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const sectionOf = (page: Page, title: string) =>
  editorOf(page).getByRole('region', { name: title, exact: true });

async function openHistory(page: Page, patientId: number) {
  await page.goto(`/app/patients/${patientId}/history`);
  await editorOf(page)
    .getByRole('tab', { name: 'Prescriptions and letters', selected: true })
    .waitFor();
}

/** The cells of the table's only body row, as shown. */
async function onlyRowCells(table: Locator): Promise<string[]> {
  const rows = table.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(1);
  return rows.first().getByRole('cell').allInnerTexts();
}

/** The small screen's editor slides in: wait until no animation runs. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

const idFromUrl = (page: Page, entities: string) =>
  Number(new RegExp(`/app/${entities}/(\\d+)`).exec(page.url())?.[1]);

describe('patient record: prescriptions and letters tab', () => {
  it('lists, creates and links the patient’s prescriptions and letters', async () => {
    const patient = await newPatient();
    const { page, context, errors } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await openHistory(page, patient.id);
      const prescriptions = sectionOf(page, 'Prescriptions');
      const letters = sectionOf(page, 'Letters');
      await prescriptions.getByText('No prescriptions yet.').waitFor();
      await letters.getByText('No letters yet.').waitFor();

      // New prescription: it opens, filed under this patient.
      await prescriptions.getByRole('button', { name: 'New prescription' }).click();
      await page.waitForURL(/\/app\/prescriptions\/\d+/);
      const prescriptionId = idFromUrl(page, 'prescriptions');
      await expect
        .poll(() => editorOf(page).getByRole('combobox', { name: 'Patient' }).inputValue())
        .toBe(`${patient.last}, ${patient.first}`);
      const prescription = await adminCall<{
        prescription_date: string;
        prescription_name: string;
      }>('prescriptions/get', { prescription_id: prescriptionId });

      // Back on the tab it is listed with its date and status, and its link opens it.
      await openHistory(page, patient.id);
      const table = prescriptions.getByRole('table', { name: 'Prescriptions' });
      const cells = await onlyRowCells(table);
      expect(cells.slice(0, 3)).toEqual([
        displayDate(prescription.prescription_date),
        prescription.prescription_name,
        'Draft',
      ]);
      expect(cells[3]).toMatch(/\d\.\d{2}$/);
      const link = table.getByRole('link', { name: prescription.prescription_name });
      expect(await link.getAttribute('href')).toBe(`/app/prescriptions/${prescriptionId}`);
      await link.click();
      await page.waitForURL(new RegExp(`/app/prescriptions/${prescriptionId}(/|$)`));

      // The same for a letter; its subject names the patient.
      await openHistory(page, patient.id);
      await letters.getByRole('button', { name: 'New letter' }).click();
      await page.waitForURL(/\/app\/patientletters\/\d+/);
      const letterId = idFromUrl(page, 'patientletters');
      const subject = `Letter to ${patient.first} ${patient.last}`;
      await expect
        .poll(() => editorOf(page).getByRole('textbox', { name: 'Subject' }).inputValue())
        .toBe(subject);
      expect(await editorOf(page).getByRole('combobox', { name: 'Patient' }).inputValue()).toBe(
        `${patient.last}, ${patient.first}`,
      );
      const letter = await adminCall<{ patientletter_date: string }>('patientletters/get', {
        patientletter_id: letterId,
      });
      await openHistory(page, patient.id);
      const letterTable = letters.getByRole('table', { name: 'Patient letters' });
      expect(await onlyRowCells(letterTable)).toEqual([
        displayDate(letter.patientletter_date),
        subject,
      ]);
      expect(await letterTable.getByRole('link', { name: subject }).getAttribute('href')).toBe(
        `/app/patientletters/${letterId}`,
      );

      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: screenshotPath('patient-history-wide'), fullPage: true });
      await page.setViewportSize(SMALL);
      await editorOf(page).getByRole('tab', { name: 'Prescriptions and letters' }).waitFor();
      await settled(page);
      await page.screenshot({ path: screenshotPath('patient-history-small'), fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(WIDE);

      // A letter deleted elsewhere is gone when the tab opens again.
      await adminCall('patientletters/delete', { selected: [letterId] });
      await editorOf(page).getByRole('tab', { name: 'Details' }).click();
      await editorOf(page).getByRole('tab', { name: 'Prescriptions and letters' }).click();
      await letters.getByText('No letters yet.').waitFor();
      expect(await prescriptions.locator('tbody tr').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the 50 newest and counts the rest', async () => {
    const patient = await newPatient();
    // 51 letters, one a day from 1 January: the newest is dated 20 February.
    for (let day = 0; day < 51; day += 1) {
      await adminCall('patientletters/insert', {
        patientletter_name: `Letter ${day + 1}`,
        patientletter_patient_id: patient.id,
        patientletter_date: new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
      });
    }
    const { page, context } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await openHistory(page, patient.id);
      const letters = sectionOf(page, 'Letters');
      await letters.getByText('50 of 51 shown').waitFor();
      const rows = letters.getByRole('table', { name: 'Patient letters' }).locator('tbody tr');
      expect(await rows.count()).toBe(50);
      expect(await rows.first().getByRole('cell').allInnerTexts()).toEqual([
        '20/02/2026',
        'Letter 51',
      ]);
      expect(await rows.last().getByRole('cell').allInnerTexts()).toEqual([
        '02/01/2026',
        'Letter 2',
      ]);

      // "Show all 51" opens the letters list filtered to the patient, as if the user had set it.
      await letters.getByRole('link', { name: 'Show all 51' }).click();
      await page.waitForURL(/\/app\/patientletters$/); // the filter leaves the address once set
      await page.getByText('51 found', { exact: true }).waitFor();
      const filters = page.getByRole('group', { name: 'Filters' });
      await expect
        .poll(() => filters.getByRole('combobox', { name: 'Patient' }).inputValue())
        .toBe(`${patient.last}, ${patient.first}`);
      await page
        .getByRole('listbox', { name: 'Patient letters list' })
        .getByRole('option')
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: screenshotPath('patient-history-show-all-1440') });
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Clear all' }).click();
      await expect
        .poll(async () =>
          Number((await page.getByText(/^\d+ found$/).textContent())?.split(' ')[0]),
        )
        .toBeGreaterThan(51);
      expect(await filters.getByRole('combobox', { name: 'Patient' }).inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it('tells a user without those privileges that they may not see them', async () => {
    const patient = await newPatient();
    await adminCall('prescriptions/insert', { prescription_patient_id: patient.id });
    const user = await createUser({ privileges: ['patients/*'] });
    const { page, context } = await openPage(browser);
    try {
      await loginAs(page, user.email, user.password);
      await openHistory(page, patient.id);
      const prescriptions = sectionOf(page, 'Prescriptions');
      const letters = sectionOf(page, 'Letters');
      await prescriptions.getByText("You may not see this patient's prescriptions.").waitFor();
      await letters.getByText("You may not see this patient's letters.").waitFor();
      expect(await editorOf(page).getByRole('table').count()).toBe(0);
      expect(await editorOf(page).getByRole('button', { name: /^New / }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('patient-history-restricted') });
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
