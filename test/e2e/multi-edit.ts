/** The multi-edit steps two browser tests share (bulk care, the undo toast in dark mode). */
import type { Page } from 'playwright-core';

/** Edit selected: Date of birth set to 02/03/1980, then Apply (which asks to confirm). */
export async function applyDateOfBirth(page: Page) {
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit selected' });
  await dialog.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Date of birth', exact: true }).click();
  const dob = dialog.getByRole('textbox', { name: 'Date of birth' });
  await dob.fill('02/03/1980');
  await dob.press('Tab');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  return dialog;
}
