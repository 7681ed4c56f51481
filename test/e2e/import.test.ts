/**
 * Issue 17, item 2: import into a list. A small CSV of patients with one bad row goes through the
 * wizard beside Export: a column the guess missed is mapped by hand, the dry run shows the bad
 * row's error inline, the row is skipped, the rest imported, the summary and the rows seen;
 * looked at in 1440 and 375 px, axe clean.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

async function atRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

describe('import into a list', () => {
  it.each(WIDTHS)(
    'imports a CSV of patients, skipping the row the dry run refuses (%s)',
    async (name, viewport) => {
      const tag = `Imp${randomBytes(3).toString('hex')}`;
      const csv = [
        'First name,Last name,Birthday,Postcode',
        `Ada,${tag},03/02/1980,YO1 7HH`,
        `Bo,${tag},31/02/1980,YO1 7HH`,
        `Cy,${tag},,LS1 4AP`,
      ].join('\r\n');
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Import patients' });
      await dialog.waitFor();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'patients.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      });

      // "Birthday" is no field's name or label: mapped by hand.
      const birthday = dialog.getByRole('combobox', { name: 'Field for Birthday' });
      await birthday.waitFor();
      expect(
        await dialog.getByRole('combobox', { name: 'Field for First name' }).inputValue(),
      ).toBe('First name');
      expect(await birthday.inputValue()).toBe('(not imported)');
      await birthday.click();
      await page.getByRole('option', { name: 'Date of birth', exact: true }).click();
      await expect.poll(() => birthday.inputValue()).toBe('Date of birth');

      await dialog.getByRole('button', { name: 'Check', exact: true }).click();
      const error = dialog.getByRole('listitem').filter({ hasText: 'Date of birth' });
      await error.waitFor();
      // Named by the field, in the form the file wrote the date.
      expect(await error.innerText()).toBe(
        'Date of birth: "31/02/1980" is not a real date; write it as DD/MM/YYYY.',
      );
      await dialog
        .getByText('Dry run: 2 to add, 0 to update, 0 skipped, 1 with errors.', { exact: false })
        .waitFor();
      const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
      expect(await importButton.isDisabled()).toBe(true);
      await atRest(page);
      await page.screenshot({ path: screenshotPath(`import-check-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('checkbox', { name: 'Skip row 3' }).check();
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      await importButton.click();
      await dialog.getByText('2 added, 0 updated by id, 1 skipped.').waitFor();
      await atRest(page);
      await page.screenshot({ path: screenshotPath(`import-done-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
      await page.keyboard.press('Enter');
      await page.getByText('2 found', { exact: true }).waitFor();
      await page.getByText(`${tag}, Ada`).first().waitFor();
      expect(await page.getByText(`${tag}, Bo`).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
