/**
 * Issue 17, item 1: export from a list. A searched patients list exports its whole matching set
 * as CSV and as XLSX from the control bar's Export dialog, in the columns ticked (remembered for
 * the next export), with formula text neutralised; looked at in 1440 and 375 px, axe clean.
 * Issue 43 #8: Export is a privilege of its own — a view-only user sees no Export action.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { loginAs, loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { createUser, insertRow } from './api';
import { screenBrowser, WIDTHS } from './screen-tests';

const browser = screenBrowser();

const byFirst = (a: readonly unknown[], b: readonly unknown[]) =>
  String(a[1]).localeCompare(String(b[1]));

/** CSV text read by csv-parse (not by the code that wrote it). */
const parseCsv = (text: string): string[][] => parse(text);

/** The first sheet's rows, read by ExcelJS: text as strings, numbers as numbers. */
async function xlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page.keyboard.press('Enter');
  await page.getByText('3 found', { exact: true }).waitFor();
}

/** Clicks Export in the dialog and answers the downloaded file's name and bytes. */
async function exportFile(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const dialog = page.getByRole('dialog', { name: 'Export patients' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

describe('export from a list', () => {
  it.each(WIDTHS)(
    'exports the searched patients as CSV then XLSX in the ticked columns (%s)',
    async (name, viewport) => {
      const tag = `Exp${randomBytes(3).toString('hex')}`;
      for (const first of ['Ada', 'Bo', '=SUM(1+1)']) {
        await insertRow('patients', {
          patient_first_name: first,
          patient_last_name: tag,
          patient_dob: '1980-02-03',
        });
      }
      const { page, context, errors } = await openPage(browser, { viewport });
      await loginAsAdmin(page);
      await page.goto('/app/patients');
      await search(page, tag);

      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export patients' });
      await dialog.waitFor();
      await dialog.getByRole('checkbox', { name: 'First name' }).check();
      await dialog.getByRole('checkbox', { name: 'Postcode' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Reference number' }).uncheck();
      // Set in full: the other width's run left this admin's choice remembered.
      await dialog.getByRole('radio', { name: 'CSV' }).check();
      await dialog.getByRole('radio', { name: 'As shown (units, currency, dates)' }).check();
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== 'running'),
      );
      await page.screenshot({ path: screenshotPath(`export-dialog-${name}`) });
      expect(await seriousViolations(page)).toEqual([]);

      const csv = await exportFile(page);
      expect(csv.name).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = csv.bytes.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header).toEqual(['Name', 'First name', 'Date of birth']);
      // Sorted here: where "=" sorts among letters is the database collation's business.
      expect(rows.sort(byFirst)).toEqual([
        [`${tag}, =SUM(1+1)`, "'=SUM(1+1)", '03/02/1980'],
        [`${tag}, Ada`, 'Ada', '03/02/1980'],
        [`${tag}, Bo`, 'Bo', '03/02/1980'],
      ]);
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Patients exported.').waitFor();

      // The choice is remembered: after a reload the dialog opens with the same columns.
      await page.reload();
      await search(page, tag);
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await dialog.waitFor();
      await expect
        .poll(() => dialog.getByRole('checkbox', { name: 'First name' }).isChecked())
        .toBe(true);
      expect(await dialog.getByRole('checkbox', { name: 'Postcode' }).isChecked()).toBe(false);
      await dialog.getByRole('radio', { name: 'Excel (XLSX)' }).check();
      await dialog.getByRole('radio', { name: 'Raw (as stored)' }).check();
      await page.screenshot({ path: screenshotPath(`export-xlsx-${name}`) });
      const xlsx = await exportFile(page);
      expect(xlsx.name).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const [sheetHeader, ...sheetRows] = await xlsxRows(xlsx.bytes);
      expect(sheetHeader).toEqual(['patient_name', 'patient_first_name', 'patient_dob']);
      expect(sheetRows.sort(byFirst)).toEqual([
        [`${tag}, =SUM(1+1)`, "'=SUM(1+1)", '1980-02-03'],
        [`${tag}, Ada`, 'Ada', '1980-02-03'],
        [`${tag}, Bo`, 'Bo', '1980-02-03'],
      ]);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('export as a privilege of its own (issue 43 #8)', () => {
  it('shows a view-only user no Export action, and one holding patients/export the action', async () => {
    const tag = `Vo${randomBytes(3).toString('hex')}`;
    await insertRow('patients', { patient_first_name: 'Ada', patient_last_name: tag });
    const viewer = await createUser({ privileges: ['patients/list'] });
    const exporter = await createUser({ privileges: ['patients/list', 'patients/export'] });
    for (const [user, offered] of [
      [viewer, 0],
      [exporter, 1],
    ] as const) {
      const { page, context, errors } = await openPage(browser);
      await loginAs(page, user.email, user.password);
      await page.goto('/app/patients');
      await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
      await page.keyboard.press('Enter');
      // The list has loaded (its one row is shown) before the control bar is read.
      await page.getByText(`${tag}, Ada`).first().waitFor();
      await page.getByRole('button', { name: 'Select mode' }).waitFor();
      expect(await page.getByRole('button', { name: 'Export', exact: true }).count()).toBe(offered);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
