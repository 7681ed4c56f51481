/**
 * Safety while prescribing, in the browser: an empty formula warns; lines added one by one bring
 * their warnings beside them (dose arithmetic, expired batch, short stock, pregnancy, condition,
 * breastfeeding, age, medication, the same herb twice); dispensing asks for a reason, naming
 * them; the reason shows on the patient's history. Screenshots at 1440 and 375 px; axe.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath, sharedBrowser, SMALL } from '../support/browser';
import { adminCall, idByName, insertRow, receiveStock } from './api';

const browser = sharedBrowser();
const tag = randomBytes(3).toString('hex');
const year = new Date().getFullYear();
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const names = {
  valerian: `Valerian ${tag}`,
  tincture: `Valerian tincture ${tag}`,
  skullcap: `Skullcap tincture ${tag}`,
  liquorice: `Liquorice ${tag}`,
  stJohns: `St John's wort ${tag}`,
};
let patientId = 0;
let prescriptionId = 0;

beforeAll(async () => {
  const hypertension = await idByName('conditions', 'condition', 'Hypertension');
  const ssri = await idByName('drug_classes', 'drug_class', 'SSRIs and other antidepressants');
  const herb = async (values: Record<string, unknown>) =>
    (await insertRow<{ herb_id: number }>('herbs', values)).herb_id;
  const valerian = await herb({ herb_name: names.valerian, herb_dose_min: 0.5, herb_dose_max: 2 });
  const liquorice = await herb({ herb_name: names.liquorice, herb_caution_pregnancy: 1 });
  await adminCall('herbs/sync_caution_conditions', {
    herb_id: liquorice,
    relations: [hypertension],
  });
  const stJohns = await herb({
    herb_name: names.stJohns,
    herb_caution_lactation: 1,
    herb_caution_min_age: 18,
  });
  await adminCall('herbs/sync_caution_drug_classes', { herb_id: stJohns, relations: [ssri] });
  const product = async (name: string, herbId: number | null) =>
    (
      await insertRow<{ dispensary_product_id: number }>('dispensary_products', {
        dispensary_product_name: name,
        dispensary_product_unit_kind: 'volume',
        dispensary_product_herb_id: herbId,
      })
    ).dispensary_product_id;
  const tincture = await product(names.tincture, valerian);
  await receiveStock(tincture, 500, { batch_name: `V-OLD-${tag}`, batch_expiry: ago(3) });
  await receiveStock(tincture, 500, { batch_name: `V-NEW-${tag}` });
  await receiveStock(await product(names.skullcap, null), 5);
  // Every herb line is dispensed from a product of its herb (issue 43): these two have stock.
  await receiveStock(await product(`Liquorice tincture ${tag}`, liquorice), 500);
  await receiveStock(await product(`St John's wort tincture ${tag}`, stJohns), 500);
  ({ patient_id: patientId } = await insertRow<{ patient_id: number }>('patients', {
    patient_first_name: 'Hazel',
    patient_last_name: `Safety ${tag}`,
    patient_dob: `${year - 16}-01-01`,
    patient_pregnant: 1,
    patient_breastfeeding: 1,
  }));
  await adminCall('patients/sync_conditions', { patient_id: patientId, relations: [hypertension] });
  await adminCall('patients/add_medication_named', { id: patientId, name: 'Sertraline' });
  ({ prescription_id: prescriptionId } = await insertRow<{ prescription_id: number }>(
    'prescriptions',
    { prescription_patient_id: patientId, prescription_days: 10 },
  ));
});

const saved = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/save_lines'));

async function addLine(page: Page, index: number, field: string, name: string, ml: string) {
  const editor = page.getByRole('region', { name: 'Editor' });
  await editor.getByRole('button', { name: 'Add line' }).click();
  const line = editor.getByRole('group', { name: `Line ${index}` });
  const picker = line.getByRole('combobox', { name: field });
  let answer = saved(page);
  await picker.click();
  await picker.fill(name);
  await page
    .getByRole('listbox', { name: field, exact: true })
    .getByRole('option', { name })
    .click();
  await answer;
  answer = saved(page);
  await line.getByRole('textbox', { name: 'Quantity' }).fill(ml);
  await line.getByRole('textbox', { name: 'Quantity' }).press('Tab');
  await answer;
}

/** The warnings listed beside a line (or the formula), as shown. */
const warningsOf = (editor: Locator, label: string) =>
  editor
    .getByRole('list', { name: label })
    .getByRole('listitem')
    .allInnerTexts()
    .catch(() => []);

describe('safety while prescribing', () => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let editor: Locator;

  beforeAll(async () => {
    opened = await openPage(browser);
    page = opened.page;
    editor = page.getByRole('region', { name: 'Editor' });
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it('shows each warning beside its line as the formula is written', async () => {
    await page.goto(`/app/prescriptions/${prescriptionId}`);
    await expect
      .poll(() => warningsOf(editor, 'Warnings for the formula'))
      .toEqual(['Empty formula: add a herb or a dispensary product.']);
    await addLine(page, 1, 'Dispensary product', names.tincture, '30');
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 1'))
      .toEqual([
        `${names.tincture}: batch V-OLD-${tag} expired on ${ago(3).split('-').reverse().join('/')}; it will not be dispensed.`,
        `Above the dose range: 30 ml over 10 days = 3 ml a day; ${names.valerian}'s range is 0.5–2 ml a day.`,
      ]);
    expect(await warningsOf(editor, 'Warnings for the formula')).toEqual([]);
    await addLine(page, 2, 'Dispensary product', names.skullcap, '10');
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 2'))
      .toEqual([`Not enough ${names.skullcap} in stock: 5 ml usable, 10 ml needed.`]);
    await addLine(page, 3, 'Herb', names.liquorice, '10');
    await addLine(page, 4, 'Herb', names.stJohns, '10');
    await addLine(page, 5, 'Herb', names.valerian, '5');
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 3'))
      .toEqual([
        `${names.liquorice}: avoid in pregnancy; the patient is pregnant.`,
        `${names.liquorice}: avoid with Hypertension, on the patient's record.`,
      ]);
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 4'))
      .toEqual([
        `${names.stJohns}: avoid while breastfeeding; the patient is breastfeeding.`,
        `${names.stJohns}: not for children under 18; the patient is 16.`,
        `${names.stJohns}: interacts with Sertraline (SSRIs and other antidepressants), which the patient takes.`,
      ]);
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 5'))
      .toEqual([`${names.valerian} is also on line 1.`]);
    // Line 1's dose now counts line 5's Valerian too: 35 ml over 10 days.
    await expect
      .poll(async () => (await warningsOf(editor, 'Warnings for line 1'))[1])
      .toContain('35 ml over 10 days = 3.5 ml a day');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    const lines = editor.locator('[data-slot="prescription_lines"]');
    await lines.screenshot({ path: screenshotPath('prescription-safety-1440') });
    await page.setViewportSize(SMALL);
    await lines.getByRole('list', { name: 'Warnings for line 4' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('prescription-safety-375'), fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('dispenses with a reason, after naming the warnings, and shows it on the history', async () => {
    // The short stock is settled by taking the line out; the clinical warnings stay.
    const answer = saved(page);
    await editor.getByRole('button', { name: 'Remove line 2' }).click();
    await answer;
    await expect
      .poll(() => warningsOf(editor, 'Warnings for line 4'))
      .toEqual([`${names.valerian} is also on line 1.`]);
    await editor.getByRole('button', { name: 'Dispense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispense despite the warnings?' });
    const listed = await dialog.getByRole('list', { name: 'Open warnings' }).innerText();
    expect(listed).toContain('Line 1: Above the dose range');
    expect(listed).toContain(`Line 2: ${names.liquorice}: avoid in pregnancy`);
    expect(listed).not.toContain('expired'); // the stock settles its own: expired stock is skipped
    expect(await dialog.getByRole('button', { name: 'Dispense' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const reason = 'Short course agreed with her midwife and GP.';
    await dialog.getByRole('textbox', { name: 'Reason for dispensing' }).fill(reason);
    await dialog.getByRole('button', { name: 'Dispense' }).click();
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Status' }).inputValue())
      .toBe('Dispensed');
    await expect
      .poll(() =>
        editor.getByRole('textbox', { name: 'Dispensed despite warnings because' }).inputValue(),
      )
      .toBe(reason);
    await page.goto(`/app/patients/${patientId}/history`);
    await expect
      .poll(() => editor.locator('[data-formula]').first().innerText())
      .toContain(`dispensed despite warnings: ${reason}`);
  });
});

describe('current medication as people write it (issue 43)', () => {
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let ginkgo = '';
  let patient = 0;
  let formula = 0;

  beforeAll(async () => {
    ginkgo = `Ginkgo ${tag}`;
    const anticoagulants = await idByName(
      'drug_classes',
      'drug_class',
      'Anticoagulants and antiplatelets',
    );
    const herbId = (await insertRow<{ herb_id: number }>('herbs', { herb_name: ginkgo })).herb_id;
    await adminCall('herbs/sync_caution_drug_classes', {
      herb_id: herbId,
      relations: [anticoagulants],
    });
    ({ patient_id: patient } = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Rowan',
      patient_last_name: `Medicines ${tag}`,
      patient_dob: `${year - 60}-01-01`,
    }));
    ({ prescription_id: formula } = await insertRow<{ prescription_id: number }>('prescriptions', {
      prescription_patient_id: patient,
      prescription_days: 10,
    }));
    await adminCall('prescriptions/save_lines', {
      prescription_id: formula,
      lines: [
        {
          prescription_line_herb_id: herbId,
          prescription_line_quantity: 10,
          prescription_line_unit_kind: 'volume',
        },
      ],
    });
    opened = await openPage(browser);
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
  });

  it('finds "Warf" as Warfarin, keeps an unknown name, and the formula warns for Ginkgo', async () => {
    await page.goto(`/app/patients/${patient}`);
    const editor = page.getByRole('region', { name: 'Editor' });
    await editor.getByRole('tab', { name: 'Clinical' }).click();
    const picker = editor.getByRole('combobox', { name: 'Current medication' });
    await picker.click();
    await picker.fill('Warf');
    const options = page.getByRole('listbox', { name: 'Current medication' });
    let linked = page.waitForResponse((r) => r.url().endsWith('/add_medications'));
    await options.getByRole('option', { name: 'Warfarin', exact: true }).click();
    await linked;
    const chips = editor.locator('[data-chip]');
    await expect.poll(() => chips.allInnerTexts()).toEqual(['Warfarin']);
    // A name the list lacks is added as written (unmapped, for review), never refused.
    await picker.fill(`Hedgerow drops ${tag}`);
    linked = page.waitForResponse((r) => r.url().endsWith('/add_medication_named'));
    await options.getByRole('option', { name: `Add “Hedgerow drops ${tag}”` }).click();
    await linked;
    await expect
      .poll(async () => (await chips.allInnerTexts()).sort())
      .toEqual([`Hedgerow drops ${tag}`, 'Warfarin']);
    await page.getByText(`Hedgerow drops ${tag} is not mapped to a drug class`).waitFor();
    const kept = await adminCall<Array<Record<string, unknown>>>('medicines/list', {
      filters: { search: `=Hedgerow drops ${tag}` },
    });
    expect(kept[0]?.medicine_review).toBe('Not mapped — for review');
    await page.goto(`/app/prescriptions/${formula}`);
    await expect
      .poll(() => warningsOf(page.getByRole('region', { name: 'Editor' }), 'Warnings for line 1'))
      .toContain(
        `${ginkgo}: interacts with Warfarin (Anticoagulants and antiplatelets), which the patient takes.`,
      );
  });
});
