/**
 * The patient's alert banner (issue 43 #7), in the browser: a patient with a daisy-family
 * allergy, pregnant, on warfarin (and a medicine the list lacks) sees each in the banner on their
 * record and on a prescription of theirs; "Allergies" opens the tab where allergies are edited;
 * switching Breastfeeding on shows in the banner at once; the banner stays in view while the
 * record scrolls; a child with nothing recorded reads "No allergies recorded" and their age; at
 * 375 px it is one line with a count that expands. Screenshots at 1440 and 375 px, light and dark.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath, sharedBrowser, SMALL } from '../support/browser';
import { adminCall, idByName, insertRow } from './api';

const browser = sharedBrowser();
const tag = randomBytes(3).toString('hex');
const year = new Date().getFullYear();
const UNMAPPED = `Night tonic ${tag}`;

let patientId = 0;
let childId = 0;
let prescriptionId = 0;

beforeAll(async () => {
  // Every clinic starts with these (src/server/seed/data/starting-rows.ts, clinical-lists.ts).
  const daisy = await idByName('allergies', 'allergy', 'Daisy family (Asteraceae)');
  const hypertension = await idByName('conditions', 'condition', 'Hypertension');
  const liquorice = (
    await insertRow<{ herb_id: number }>('herbs', { herb_name: `Liquorice ${tag}` })
  ).herb_id;
  await adminCall('herbs/sync_caution_conditions', {
    herb_id: liquorice,
    relations: [hypertension],
  });
  ({ patient_id: patientId } = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: 'Ivy',
    patient_last_name: `Alert ${tag}`,
    patient_dob: `${year - 31}-03-14`,
    patient_pregnant: 1,
    patient_notes: 'Seen for fatigue.\n'.repeat(40),
  }));
  await adminCall('patients/sync_allergies', { patient_id: patientId, relations: [daisy] });
  await adminCall('patients/sync_conditions', {
    patient_id: patientId,
    relations: [hypertension],
  });
  for (const name of ['Warfarin', UNMAPPED])
    await adminCall('patients/add_medication_named', { id: patientId, name });
  ({ prescription_id: prescriptionId } = await insertRow<{ prescription_id: number }>(
    'prescriptions',
    { prescription_patient_id: patientId, prescription_days: 10 },
  ));
  ({ patient_id: childId } = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: 'Wren',
    patient_last_name: `Plain ${tag}`,
    patient_dob: `${year - 9}-01-01`,
  }));
});

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Patient alerts' });
const groupText = (banner: Locator, name: string) =>
  banner
    .getByRole('group', { name })
    .innerText()
    .catch(() => '');

async function expectAlerts(banner: Locator) {
  await expect.poll(() => groupText(banner, 'Allergies')).toContain('Daisy family (Asteraceae)');
  expect(await groupText(banner, 'Pregnancy')).toContain('Pregnant');
  const medication = await groupText(banner, 'Medication');
  expect(medication).toContain('Warfarin');
  expect(medication).toContain(`${UNMAPPED} (Not mapped — for review)`);
  expect(await groupText(banner, 'Conditions')).toContain('Hypertension');
}

describe.each(['light', 'dark'] as const)('the alert banner (%s)', (scheme) => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(browser, { colorScheme: scheme });
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it('shows the alerts on the patient, links to their tab and follows a change', async () => {
    await page.goto(`/app/patients/${patientId}`);
    const banner = bannerOf(page);
    await expectAlerts(banner);
    await page.screenshot({ path: screenshotPath(`patient-alerts-patient-1440-${scheme}`) });
    await banner.getByRole('link', { name: 'Allergies' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/app/patients/${patientId}/clinical`);
    await expect
      .poll(() => page.getByRole('tab', { name: 'Clinical' }).getAttribute('aria-selected'))
      .toBe('true');
    if (scheme === 'light') {
      const editor = page.getByRole('region', { name: 'Editor' });
      await editor.getByRole('switch', { name: 'Breastfeeding' }).click();
      await expect.poll(() => groupText(banner, 'Pregnancy')).toContain('Breastfeeding');
      await editor.getByRole('switch', { name: 'Breastfeeding' }).click();
      await expect.poll(() => groupText(banner, 'Pregnancy')).not.toContain('Breastfeeding');
    }
  });

  it('stays in view while the record scrolls', async () => {
    await page.goto(`/app/patients/${patientId}/clinical`);
    const banner = bannerOf(page);
    await expectAlerts(banner);
    const before = await banner.boundingBox();
    await page.getByRole('textbox', { name: 'Notes' }).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await banner.boundingBox())?.y).toBeLessThan(before!.y);
    const after = (await banner.boundingBox())!;
    expect(after.y).toBeGreaterThanOrEqual(0);
    expect(await banner.isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`patient-alerts-scrolled-1440-${scheme}`) });
  });

  it("shows the patient's alerts on a prescription of theirs", async () => {
    await page.goto(`/app/prescriptions/${prescriptionId}`);
    const banner = bannerOf(page);
    await expectAlerts(banner);
    await expect.poll(() => banner.innerText()).toContain(`Alert ${tag}, Ivy`);
    await page.screenshot({ path: screenshotPath(`patient-alerts-prescription-1440-${scheme}`) });
    await banner.getByRole('link', { name: 'Medication' }).click();
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toBe(`/app/patients/${patientId}/clinical`);
  });

  it('says "No allergies recorded" and a child\'s age', async () => {
    await page.goto(`/app/patients/${childId}`);
    const banner = bannerOf(page);
    await expect.poll(() => groupText(banner, 'Allergies')).toContain('No allergies recorded');
    expect(await groupText(banner, 'Age')).toMatch(/^Age\s+(8|9) years \(under 18\)$/);
    expect(await banner.getByRole('group', { name: 'Pregnancy' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`patient-alerts-none-1440-${scheme}`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('the alert banner at 375 px (%s)', (scheme) => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;

  beforeAll(async () => {
    opened = await openPage(browser, { viewport: SMALL, colorScheme: scheme });
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it('is one line with a count that expands', async () => {
    await page.goto(`/app/patients/${patientId}`);
    const banner = bannerOf(page);
    const line = banner.getByRole('button', { name: /^5 alerts/ });
    await line.waitFor();
    expect(await line.getAttribute('aria-expanded')).toBe('false');
    expect(await banner.getByRole('group', { name: 'Allergies' }).count()).toBe(0);
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThan(48);
    expect(box.width).toBeLessThanOrEqual(SMALL.width);
    await page.screenshot({ path: screenshotPath(`patient-alerts-patient-375-${scheme}`) });
    await line.click();
    expect(await line.getAttribute('aria-expanded')).toBe('true');
    await expectAlerts(banner);
    await page.screenshot({ path: screenshotPath(`patient-alerts-expanded-375-${scheme}`) });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
