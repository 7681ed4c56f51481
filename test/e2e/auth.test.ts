/** Sign-in, the route guard, logout and the bad-input cases of the landing page. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  sharedBrowser,
  admin,
  loginAsAdmin,
  openPage,
  solveCaptcha,
  screenshotPath,
  submitLogin,
} from '../support/browser';
import { createUser, recordNameShown } from './api';

const browser = sharedBrowser();

describe('route guard and login', () => {
  it('sends a logged-out visitor to / with the wanted path, and back there after login', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/app/herbs/12/general?x=1');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/herbs/12/general?x=1');
    // The clinic's name comes with the public settings, after the page itself.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Demo Herbal Clinic');
    const { email, password } = admin();
    await submitLogin(page, email, password);
    await page.waitForURL('**/app/herbs/12/general?x=1');
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await trail.getByText('General').waitFor();
    // The record's crumb is its name once the herb has loaded.
    const herb = await recordNameShown(page, 'herbs', 12);
    await expect
      .poll(async () => (await trail.textContent())?.replace(/\s+/g, ''))
      .toBe(`Home›Herbs›${herb.replace(/\s+/g, '')}›General`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out from the account menu and returns to /', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('materia.user'))).toBeNull();
    await page.goto('/app');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('bad input on the landing page', () => {
  it('says so on the page when the password is wrong, keeping the e-mail but not the password', async () => {
    // Failures count per account: a user of its own keeps the admin free of captchas.
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await submitLogin(page, user.email, 'Not-The-Password-1');
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('not correct');
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(user.email);
    expect(await page.getByRole('textbox', { name: 'Password', exact: true }).inputValue()).toBe(
      '',
    );
    await context.close();
  });

  it('explains when the server cannot be reached', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    // The server going away: every API request now fails at the network level.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await submitLogin(page, admin().email, admin().password);
    const alert = page.getByTestId('login-error');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('cannot be reached');
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe(admin().email);
    await context.close();
  });

  it('asks for the ALTCHA check after three failures, then signs in once it is solved', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto('/');
    for (let i = 0; i < 3; i += 1) await failLogin(page, user.email);
    await page.getByTestId('captcha').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toContain('not correct');
    // Without the check solved the form says what is missing instead of sending.
    await submitLogin(page, user.email, user.password);
    await page.getByText('Please confirm that you are a person, then sign in again.').waitFor();
    await solveCaptcha(page);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    await context.close();
  });

  it('shows the check on a fresh page whenever the server will ask for it', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto('/');
    for (let i = 0; i < 3; i += 1) await failLogin(page, user.email);
    // A fresh page, nothing submitted: this address's failures already call for the check.
    await page.reload();
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    await page.getByTestId('captcha').waitFor();
    expect(await page.getByTestId('login-error').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('login-captcha-fresh-page') });
    await context.close();

    // From another address the check appears once the failed account's e-mail is typed.
    const elsewhere = await openPage(browser);
    await elsewhere.page.goto('/');
    await elsewhere.page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await elsewhere.page.getByTestId('captcha').waitFor();
    // The right password with the check solved signs in on the first try.
    await solveCaptcha(elsewhere.page);
    await elsewhere.page
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(user.password);
    await elsewhere.page.getByRole('button', { name: 'Sign in' }).click();
    await elsewhere.page.waitForURL((url) => url.pathname === '/app');
    await elsewhere.context.close();
  }, 120_000);

  it('signs the real user in with the check solved, however many failures came before', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto('/');
    for (let i = 0; i < 10; i += 1) {
      // From the fourth try on, each one needs the check solved again (a solution counts once).
      if (i >= 3) await solveCaptcha(page);
      await failLogin(page, user.email);
    }
    // Once more with the check solved: the right password signs in, never a lock.
    await solveCaptcha(page);
    await submitLogin(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/app');
    await context.close();
  }, 120_000);
});

/** One failed login, waiting for the server's answer. */
async function failLogin(page: Page, email: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/login'));
  await submitLogin(page, email, 'Wrong-Password-1');
  await answered;
  await page.getByTestId('login-error').waitFor();
}
