/**
 * Issue 15, item 7: bulk with care. "Edit selected" asks first, naming the count and the field,
 * and its toast offers Undo, which puts every row's old value back — except on a row someone
 * changed since, which is reported and kept. Issue 17, item 3: "Select all N matching" takes the
 * whole searched set, not just the loaded rows, and the server changes, links or deletes it at
 * once; "Add to…" / "Remove from…" link the selected rows, or all matching, to a related row.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminCall, insertRow } from './api';
import { applyDateOfBirth } from './multi-edit';
import { screenBrowser, WIDTHS } from './screen-tests';
import { SMALL, WIDE } from '../support/browser';

const browser = screenBrowser();

const dobOf = async (id: number) =>
  (await adminCall<{ patient_dob: string | null }>('patients/get', { patient_id: id })).patient_dob;

/** "Add to…" or "Remove from…": the condition picked by typing its name, then the button. */
async function linkTo(page: Page, action: 'Add to…' | 'Remove from…', condition: string) {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await dialog.getByRole('combobox', { name: 'Conditions' }).fill(condition);
  await page.getByRole('option', { name: condition, exact: true }).click();
  await dialog.getByRole('button', { name: action.split(' ')[0], exact: true }).click();
}

describe('bulk with care', () => {
  it.each(WIDTHS)(
    'confirms a multi-edit by count and field, and Undo restores all but a row changed since (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const ids: number[] = [];
      for (const first of ['Ann', 'Bea', 'Cy']) {
        const row = await insertRow<{ patient_id: number }>('patients', {
          patient_first_name: `${first}${tag}`,
          patient_last_name: `Bulk${tag}`,
          patient_dob: '1970-01-01',
        });
        ids.push(row.patient_id);
      }
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await page.getByRole('searchbox', { name: 'Search' }).fill(`Bulk${tag}`);
      await page.keyboard.press('Enter');
      await page.getByText('3 found', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Select mode' }).click();
      const rows = page.getByRole('listbox').first().getByRole('option');
      for (let i = 0; i < 3; i += 1) await rows.nth(i).click();
      await expect.poll(() => page.getByRole('option', { selected: true }).count()).toBe(3);

      const dialog = await applyDateOfBirth(page);
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Change Date of birth of 3 patients?').waitFor();
      await page.screenshot({ path: screenshotPath(`bulk-confirm-${name}`) });
      // Cancel sends nothing.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await dobOf(ids[0]!)).toBe('1970-01-01');

      await dialog.getByRole('button', { name: 'Apply' }).click();
      await confirm.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });
      const toast = page
        .locator('.materia-toast')
        .filter({ hasText: 'Date of birth changed on 3 patients.' });
      await toast.waitFor();
      for (const id of ids) expect(await dobOf(id)).toBe('1980-03-02');
      await page.screenshot({ path: screenshotPath(`bulk-undo-offered-${name}`) });

      // A colleague changes one of them meanwhile: Undo leaves that one and says so.
      await adminCall('patients/update', {
        patient_id: ids[1],
        field: 'patient_dob',
        value: '1990-09-09',
      });
      await toast.getByRole('button', { name: 'Undo' }).click();
      await page
        .getByText(
          'Undone: 2 patients restored. 1 changed by someone else since kept their new value.',
        )
        .waitFor();
      expect(await Promise.all(ids.map(dobOf))).toEqual(['1970-01-01', '1990-09-09', '1970-01-01']);
      await page.screenshot({ path: screenshotPath(`bulk-undone-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
  );

  it('sets a field on all matching patients, adds and removes them from a condition, then deletes them all, each confirmed by count', async () => {
    const tag = randomBytes(3).toString('hex');
    const condition = `Cond${tag}`;
    const { condition_id: conditionId } = await insertRow<{ condition_id: number }>('conditions', {
      condition_name: condition,
    });
    const COUNT = 55; // more than the first page loads
    for (let i = 0; i < COUNT; i += 1)
      await insertRow('patients', {
        patient_first_name: `M${i}x${tag}`,
        patient_last_name: `All${tag}`,
        patient_dob: '1970-01-01',
      });
    const matching = async (filters: Record<string, string>) =>
      (
        await adminCall<{ count: number }>('patients/bulk_count', {
          filters: { patient_last_name: `=All${tag}`, ...filters },
        })
      ).count;
    const { page, context } = await openPage(browser, { viewport: WIDE });
    await loginAsAdmin(page);
    await page.goto('/app/patients');
    const search = async () => {
      await page.getByRole('searchbox', { name: 'Search' }).fill(`All${tag}`);
      await page.keyboard.press('Enter');
      await page.getByText(`${COUNT} found`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Select mode' }).click();
      await page.getByRole('button', { name: `Select all ${COUNT} matching` }).click();
      await page.getByText(`All ${COUNT} matching patients selected`, { exact: true }).waitFor();
    };
    await search();
    // The editor pane describes the selection, and rows "Load more" brings are selected too.
    await page
      .getByText(`All ${COUNT} matching patients selected. The actions below the list apply`)
      .waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.locator(`[role="option"][aria-posinset="${COUNT}"]`).waitFor();
    const listbox = page.getByRole('listbox', { name: 'Patients list' });
    expect(await listbox.getByRole('option', { selected: false }).count()).toBe(0);
    // A click on one of them unchecks it alone: the others stay selected.
    await page.locator(`[role="option"][aria-posinset="${COUNT}"]`).click();
    await page.getByText(`${COUNT - 1} selected`, { exact: true }).waitFor();
    expect(await listbox.getByRole('option', { selected: false }).count()).toBe(1);
    await page.goto('/app/patients');
    await search();
    await page.screenshot({
      path: screenshotPath('bulk-all-matching-wide'),
      animations: 'disabled',
    });
    expect(await seriousViolations(page)).toEqual([]);

    await applyDateOfBirth(page);
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText(`Change Date of birth of ${COUNT} patients?`).waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page
      .locator('.materia-toast')
      .filter({ hasText: `Date of birth changed on ${COUNT} patients.` })
      .waitFor();
    expect(await matching({ patient_dob: '1980-03-02' })).toBe(COUNT);
    const inCondition = async () =>
      (
        await adminCall<{ count: number }>('patients/bulk_count', {
          filters: { patient_last_name: `=All${tag}` },
          relation_filters: { conditions: conditionId },
        })
      ).count;

    // Two chosen rows join the condition.
    const rows = page.getByRole('listbox', { name: 'Patients list' }).getByRole('option');
    await rows.nth(0).click();
    await rows.nth(1).click();
    await linkTo(page, 'Add to…', condition);
    await confirm.getByText(`Add 2 patients to “${condition}”?`).waitFor();
    await page.screenshot({
      path: screenshotPath('bulk-link-confirm-wide'),
      animations: 'disabled',
    });
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`2 patients added to “${condition}”.`).waitFor();
    expect(await inCondition()).toBe(2);

    await page.setViewportSize(SMALL);
    await page.goto('/app/patients');
    await search();
    await page.screenshot({
      path: screenshotPath('bulk-all-matching-small'),
      animations: 'disabled',
    });
    expect(await seriousViolations(page)).toEqual([]);
    // All of them leave it again, in one call.
    await linkTo(page, 'Remove from…', condition);
    await confirm.getByText(`Remove ${COUNT} patients from “${condition}”?`).waitFor();
    await page.screenshot({
      path: screenshotPath('bulk-link-confirm-small'),
      animations: 'disabled',
    });
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`${COUNT} patients removed from “${condition}”.`).waitFor();
    expect(await inCondition()).toBe(0);

    await page.getByRole('button', { name: `Select all ${COUNT} matching` }).click();
    await page.getByText(`All ${COUNT} matching patients selected`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByText(`Delete all ${COUNT} matching patients?`).waitFor();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page
      .locator('.materia-toast')
      .filter({ hasText: `${COUNT} patients deleted.` })
      .waitFor();
    await page.screenshot({
      path: screenshotPath('bulk-all-deleted-small'),
      animations: 'disabled',
    });
    expect(await matching({})).toBe(0);
    await context.close();
  });

  it.each(WIDTHS)(
    'warns before adding a patient with the name and date of birth of an existing one (%s)',
    async (name, viewport) => {
      const tag = randomBytes(3).toString('hex');
      const twin = await insertRow<{ patient_id: number }>('patients', {
        patient_first_name: `Dee${tag}`,
        patient_last_name: `Twin${tag}`,
        patient_dob: '1955-04-30',
      });
      const { page, context } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await page.getByText(/^\d+\+? found$/).waitFor();
      const fillDialog = async () => {
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Add patient' });
        await dialog.getByRole('textbox', { name: 'First name' }).fill(`dee${tag} `);
        await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Twin${tag}`);
        const dob = dialog.getByRole('textbox', { name: 'Date of birth' });
        await dob.fill('30/04/1955');
        await dob.press('Tab');
        await dialog.getByRole('button', { name: 'Add', exact: true }).click();
        return dialog;
      };
      const count = async () =>
        (
          await adminCall<unknown[]>('patients/list', {
            page: 1,
            limit: 10,
            filters: { patient_last_name: `=Twin${tag}` },
          })
        ).length;

      let dialog = await fillDialog();
      const warning = dialog.getByRole('alert');
      await warning
        .getByText(
          `A patient named Twin${tag}, Dee${tag} (Date of birth 30/04/1955) already exists.`,
        )
        .waitFor();
      expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(
        true,
      );
      await page.screenshot({ path: screenshotPath(`duplicate-warning-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await warning.getByRole('button', { name: 'Open it' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`/app/patients/${twin.patient_id}$`));
      expect(await count()).toBe(1);

      // Told, the user may still add the second record.
      await page.goto('/app/patients');
      dialog = await fillDialog();
      await dialog.getByRole('button', { name: 'Add anyway' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(count).toBe(2);
      await context.close();
    },
  );
});
