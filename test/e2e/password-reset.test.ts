/** Password reset end to end: request (with ALTCHA), the mailed link, the live rules, sign-in. */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedBrowser, findMail, loginAs, openPage, solveCaptcha } from '../support/browser';
import { createUser, type CreatedUser } from './api';

const browser = sharedBrowser();
let user: CreatedUser;

beforeAll(async () => {
  user = await createUser({ groupIds: [1], firstName: 'Rosa' });
});

const RULES = [
  'Can not be empty',
  'Can not contain a space.',
  'Must contain at least 1 uppercase letter.',
  'Must contain at least 1 number.',
  'Must be at least 10 characters long.',
];

describe('password reset', () => {
  it('mails a link that sets a new password once', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/password-reset');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send the link' }).click();
    const outcome = page.getByTestId('reset-outcome');
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('on its way');

    const mail = await findMail(user.email);
    const link = /https?:\/\/[^\s"<>]+\/password-reset\?token=[\w-]+&company=[\w-]+/.exec(
      mail,
    )?.[0];
    expect(link).toBeTruthy();
    const target = new URL(link!);
    expect(target.searchParams.get('company')).toBe('demo');
    await page.goto(target.pathname + target.search);

    const password = page.getByRole('textbox', { name: 'New password', exact: true });
    const rules = page.getByTestId('password-rules').getByRole('listitem');
    const state = async () =>
      Object.fromEntries(
        await rules.evaluateAll((items) =>
          items.map((li) => [
            li.textContent
              ?.replace(/\s*\((met|not met)\)$/, '')
              .replace(/^[✓✗]/, '')
              .trim(),
            li.getAttribute('data-ok'),
          ]),
        ),
      ) as Record<string, string>;
    await password.waitFor();
    expect(Object.keys(await state())).toEqual(RULES);
    expect(Object.values(await state())).toEqual(['false', 'true', 'false', 'false', 'false']);
    await password.fill('short one');
    expect(await state()).toEqual({
      'Can not be empty': 'true',
      'Can not contain a space.': 'false',
      'Must contain at least 1 uppercase letter.': 'false',
      'Must contain at least 1 number.': 'false',
      'Must be at least 10 characters long.': 'false',
    });
    const newPassword = 'Fresh-Start-2024';
    await password.fill(newPassword);
    expect(Object.values(await state())).toEqual(['true', 'true', 'true', 'true', 'true']);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('Your password has been changed.').waitFor();

    // The link worked once: a second use is refused, with a way to ask again.
    await page.goto(target.pathname + target.search);
    await password.fill(newPassword);
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    const refused = page.getByTestId('reset-outcome');
    await refused.getByText(/expired or has already been used/).waitFor();
    expect(await refused.getByRole('link', { name: 'Ask for a new link' }).count()).toBe(1);
    expect(await password.inputValue()).toBe('');

    await loginAs(page, user.email, newPassword);
    expect(errors.filter((e) => !e.includes('401') && !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('refuses an unknown or expired link with a clear message', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/password-reset?token=not-a-real-token&company=demo');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Valid-Password-1');
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('Valid-Password-1');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page
      .getByTestId('reset-outcome')
      .getByText(/expired or has already been used/)
      .waitFor();
    await context.close();
  });
});
