/** Toasts of each type, the 'Application Error' dialog, confirmation and the error boundary. */
import { describe, expect, it } from 'vitest';
import { sharedBrowser, loginAsAdmin, openPage } from '../support/browser';

const browser = sharedBrowser();

describe('the test page', () => {
  it('shows a toast of each type at the top, with a progress bar and a close button', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/test');
    const cases = [
      ['Success toast', 'success', 'this is a success message (s)'],
      ['Positive toast', 'success', 'this is a positive message (p)'],
      ['Warning toast', 'warning', 'this is a warning message (w)'],
      ['Info toast', 'info', 'this is an info message (i)'],
      ['Error toast', 'error', 'this is an error message (e)'],
    ] as const;
    for (const [button, kind, text] of cases) {
      await page.getByRole('button', { name: button, exact: true }).click();
      const toast = page.locator(`.materia-toast-${kind}`).filter({ hasText: text });
      await toast.waitFor();
      const box = await toast.boundingBox();
      expect(box?.y ?? 999).toBeLessThan(300);
      // Below the 56 px top bar, never over the breadcrumbs or Back.
      expect(box?.y ?? 0).toBeGreaterThanOrEqual(56);
      // The progress bar runs for the toast's timeout.
      expect(await toast.locator('[style*="--notifications-progress-duration"]').count()).toBe(1);
      await toast.getByRole('button', { name: 'Close message' }).click();
      await toast.waitFor({ state: 'detached' });
    }
    // Warning text is dark on amber; errors are red.
    await page.getByRole('button', { name: 'Warning toast', exact: true }).click();
    const warning = page.locator('.materia-toast-warning');
    expect(await warning.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(29, 29, 29)');
    // A message's own timeout wins: this one goes by itself after 2 s.
    await page.getByRole('button', { name: 'Toast with its own timeout' }).click();
    const own = page.locator('.materia-toast').filter({ hasText: 'its own timeout' });
    await own.waitFor();
    await own.waitFor({ state: 'detached', timeout: 6000 });
    await context.close();
  });

  it("opens the 'Application Error' dialog with the raw reply; Escape or Close closes it", async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/test');
    const open = page.getByRole('button', { name: 'Show the Application Error dialog' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Application Error' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('application-error-reply').textContent()).toContain(
      '"note": "No result field here."',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await open.click();
    await dialog.waitFor();
    // One control per name: the title bar's ✕ is "Close dialog", the footer's button "Close".
    expect(await dialog.getByRole('button', { name: 'Close dialog', exact: true }).count()).toBe(1);
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    expect(await close.count()).toBe(1);
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('asks for confirmation with OK and Cancel', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/test');
    await page.getByRole('button', { name: 'Ask for confirmation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('You chose Cancel.').waitFor();
    await page.getByRole('button', { name: 'Ask for confirmation' }).click();
    await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('You chose OK.').waitFor();
    await context.close();
  });

  it('keeps a crash inside its panel instead of a blank page', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/test');
    await page.getByRole('button', { name: 'Break this panel' }).click();
    await page.getByText('Something went wrong').waitFor();
    expect(await page.getByRole('heading', { name: 'Test page' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    await context.close();
  });
});
