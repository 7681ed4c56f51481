/** The account menu and `/app/my_details`: own details and password change. */
import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { sharedBrowser, loginAs, openPage, screenshotPath, SMALL, WIDE } from '../support/browser';
import { createUser, type CreatedUser } from './api';

const browser = sharedBrowser();
let user: CreatedUser;

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  user = await createUser({ groupIds: [1], firstName: 'Milo' });
});

describe('account menu and my details', () => {
  it('shows who is logged in and edits their details', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    const account = page.getByRole('button', { name: 'Account' });
    await expect.poll(() => account.textContent()).toContain('Milo');
    await account.click();
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain('Milo Tester');
    expect(await menu.textContent()).toContain(user.email);
    await menu.getByRole('menuitem', { name: 'see more ...' }).click();
    await page.waitForURL('**/app/my_details');

    await page.getByRole('button', { name: 'Edit my details' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Milena');
    await page.getByRole('textbox', { name: 'Mobile' }).fill('07700 900123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your details were saved.').waitFor();
    expect(await account.textContent()).toContain('Milena');
    await page.reload();
    await page.getByRole('button', { name: 'Edit my details' }).waitFor();
    // The button is there before the details have loaded: wait for them.
    await expect.poll(() => page.getByRole('main').textContent()).toContain('07700 900123');
    await expect.poll(() => account.textContent()).toContain('Milena');

    // A value the server refuses is explained, and the form keeps what was typed.
    await page.getByRole('button', { name: 'Edit my details' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .getByText(/e-mail/i)
      .waitFor();
    await page.getByText('Must be an e-mail address.').waitFor();
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('not an address');
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('asks for the current password when the e-mail changes', async () => {
    const mover = await createUser({ firstName: 'Mara' });
    const { page, context, errors } = await openPage(browser);
    try {
      await loginAs(page, mover.email, mover.password);
      await page.goto('/app/my_details');
      const details = page.getByRole('region', { name: 'Mara Tester' });
      await details.getByRole('button', { name: 'Edit my details' }).click();
      const current = details.getByLabel('Current password', { exact: true });
      // Asked only once the e-mail differs.
      expect(await current.count()).toBe(0);
      const email = `moved-${mover.user_id}@demo.test`;
      await details.getByRole('textbox', { name: 'E-mail' }).fill(email);
      await current.waitFor();
      await details.getByRole('button', { name: 'Save' }).click();
      await details.getByText('Enter your current password to change your e-mail.').waitFor();
      await current.fill('Not-The-One-1');
      await details.getByRole('button', { name: 'Save' }).click();
      await details.getByText('The current password is not correct.', { exact: true }).waitFor();
      await current.fill(mover.password);
      await details.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Your details were saved.').waitFor();
      await expect.poll(() => details.textContent()).toContain(email);
      expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // The rules, met and not, in the brand's green and red: readable on the dark page too.
  it.each([
    ['light', 1440, WIDE],
    ['dark', 1440, WIDE],
    ['light', 375, SMALL],
    ['dark', 375, SMALL],
  ] as const)('shows the password rules readably (%s, %i px)', async (scheme, width, viewport) => {
    const { page, context } = await openPage(browser, { colorScheme: scheme, viewport });
    await loginAs(page, user.email, user.password);
    await page.goto('/app/my_details');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('abc');
    const rules = page.getByTestId('password-rules');
    await rules.locator('li[data-ok="true"]').first().waitFor();
    await rules.locator('li[data-ok="false"]').first().waitFor();
    await page.screenshot({
      path: screenshotPath(`my-details-${scheme}-${width}`),
      fullPage: true,
    });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('changes the password with the live rules, and says so when the current one is wrong', async () => {
    const { page, context } = await openPage(browser);
    await loginAs(page, user.email, user.password);
    await page.goto('/app/my_details');
    const current = page.getByRole('textbox', { name: 'Current password' });
    const next = page.getByRole('textbox', { name: 'New password', exact: true });
    const repeat = page.getByRole('textbox', { name: 'Repeat the new password' });
    await current.fill('Wrong-Password-1');
    await next.fill('Another-Secret-77');
    await repeat.fill('Another-Secret-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await next.inputValue()).toBe('');

    await current.fill(user.password);
    await next.fill('Another-Secret-77');
    await repeat.fill('Another-Secret-77');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .getByText(/changed/i)
      .waitFor();
    user.password = 'Another-Secret-77';

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await loginAs(page, user.email, user.password);
    await context.close();
  });
});
