/**
 * The audit trail in the browser (issue 17, item 4): an admin changes a patient, opens its
 * "Record history" tab and sees the change (field, before → after), who made it and from which
 * address; sees it in their own activity on the users screen; then filters the whole trail by
 * user and action and exports it as CSV. axe and screenshots at 1440 and 375 px on the history
 * and the trail.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import {
  clientAddress,
  loginAs,
  openPage,
  screenshotPath,
  sharedBrowser,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminCall, createUser, insertRow } from './api';

const browser = sharedBrowser();

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });

/** The small screen slides panels in: wait until no animation runs. */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function checkBothSizes(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: screenshotPath(`${name}-1440`), fullPage: true });
  await page.setViewportSize(SMALL);
  await ready();
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-375`), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize(WIDE);
}

describe('audit trail', () => {
  it('shows a change in the record history, and filters and exports the whole trail', async () => {
    const tag = randomBytes(3).toString('hex');
    // An admin of its own, so that the trail filtered to them holds only this test's entries.
    const user = await createUser({ firstName: `Audra${tag}`, groupIds: [1] });
    const { patient_id: patientId } = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: 'Rowan',
      patient_last_name: `Audit ${tag}`,
    });
    const address = clientAddress();
    const { page, context, errors } = await openPage(browser, { address });
    try {
      await loginAs(page, user.email, user.password);
      await page.goto(`/app/patients/${patientId}`);
      const firstName = editorOf(page).locator('input[data-field="patient_first_name"]');
      await expect.poll(() => firstName.inputValue()).toBe('Rowan');
      await firstName.fill('Rowena');
      await firstName.press('Tab');
      await expect
        .poll(async () => {
          const row = await adminCall<{ patient_first_name: string }>('patients/get', {
            patient_id: patientId,
          });
          return row.patient_first_name;
        })
        .toBe('Rowena');

      // The record's history: the change, who made it, from where; and the view itself.
      await editorOf(page).getByRole('tab', { name: 'Record history' }).click();
      const history = editorOf(page).getByRole('table', { name: 'Record history' });
      const change = history.locator('tr[data-audit-action="update"]');
      await change.waitFor();
      // The record by its label, not its id, once the label has arrived.
      await expect
        .poll(() => change.getByRole('cell').nth(3).innerText())
        .toBe(`Patients: Audit ${tag}, Rowena`);
      const cells = await change.getByRole('cell').allInnerTexts();
      expect(cells.slice(1, 5)).toEqual([
        `Audra${tag} Tester`,
        'Changed',
        `Patients: Audit ${tag}, Rowena`,
        address,
      ]);
      expect(cells[5]).toContain('First name: Rowan → Rowena');
      // Views are counted above the changes (issue 43, 11), not a line each; every view is
      // one click away.
      const views = editorOf(page).getByRole('list', { name: 'Views' });
      await expect
        .poll(() => views.innerText())
        .toMatch(/^Viewed \d+ times? by \d+ (person|people) this month$/);
      expect(await history.locator('tr[data-audit-action="read"]').count()).toBe(0);
      expect(await history.locator('tbody tr').first().getAttribute('data-audit-action')).toBe(
        'update',
      );
      await editorOf(page).getByRole('button', { name: 'Show every view' }).click();
      await history.locator('tr[data-audit-action="read"]').first().waitFor();
      await editorOf(page).getByRole('button', { name: 'Count the views instead' }).click();
      await views.waitFor();
      await checkBothSizes(page, 'audit-record-history', () =>
        editorOf(page).getByRole('table', { name: 'Record history' }).waitFor(),
      );

      // The user's own activity, on the users screen.
      await page.goto(`/app/users/${user.user_id}`);
      await editorOf(page).getByRole('tab', { name: 'Activity' }).click();
      const activity = editorOf(page).getByRole('table', { name: 'Activity' });
      await activity.locator('tr[data-audit-action="update"]').waitFor();
      expect(await activity.locator('tr[data-audit-action="login"]').count()).toBe(1);

      // The whole trail, filtered to this user's changes, then exported.
      await page.goto('/app/audit_trail');
      const trail = page.getByRole('table', { name: 'Audit trail' });
      await trail.waitFor();
      const userBox = page.getByRole('combobox', { name: 'User' });
      await userBox.fill(`Audra${tag}`);
      await page.getByRole('option', { name: new RegExp(`Audra${tag}`) }).click();
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Changed' }).click();
      const rows = trail.locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().getAttribute('data-audit-action')).toBe('update');
      // Dates as the clinic writes them, and the named ranges of the lists' date filters.
      await page
        .getByRole('group', { name: 'When ranges' })
        .getByRole('button', { name: 'Today' })
        .click();
      await expect
        .poll(() => page.getByRole('textbox', { name: 'When from' }).inputValue())
        .toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByRole('textbox', { name: 'When to' }).fill('01/01/2000');
      await page.getByRole('textbox', { name: 'When to' }).press('Enter');
      await expect.poll(() => rows.count()).toBe(0);
      await page
        .getByRole('group', { name: 'When ranges' })
        .getByRole('button', { name: 'Today' })
        .click();
      await expect.poll(() => rows.count()).toBe(1);
      await checkBothSizes(page, 'audit-trail', () => trail.waitFor());

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      const lines = csv.split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('First name: Rowan → Rowena');
      expect(lines[1]).toContain(address);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
