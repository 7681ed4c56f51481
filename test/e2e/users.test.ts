/**
 * The users screen: a user added in the browser, given a picture and a
 * password (the rules shown live), logging in elsewhere, changing their own picture, then
 * disabled by the admin and thrown out at their next call. Bad pictures are refused on the page.
 */
import { randomBytes } from 'node:crypto';
import { seriousViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sharedBrowser,
  findMail,
  loginAs,
  loginAsAdmin,
  openPage,
  screenshotPath,
} from '../support/browser';
import { adminToken, api } from './api';

const browser = sharedBrowser();
type Opened = Awaited<ReturnType<typeof openPage>>;

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const saved = (page: Page, path: RegExp) =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname));

/** A real PNG of one colour, drawn by the browser itself. */
async function picture(page: Page, colour: string): Promise<Buffer> {
  const canvas = await page.context().newPage();
  await canvas.setContent(
    `<div id="p" style="width:96px;height:96px;background:${colour};border-radius:8px"></div>`,
  );
  const png = await canvas.locator('#p').screenshot();
  await canvas.close();
  return png;
}

/** The picture shown in the editor: its address, once it has loaded. */
const shownPicture = (page: Page) =>
  editorOf(page)
    .getByRole('img', { name: /^Picture of / })
    .getAttribute('src');

describe('users screen: a user added, given a picture and a password, then disabled', () => {
  const tag = randomBytes(3).toString('hex');
  const email = `pat-${tag}@demo.test`;
  const password = `Fresh-Start-${tag}9`.replace(/[a-f]/g, (c) => c.toUpperCase());
  let admin: Opened;
  let other: Opened;
  let page: Page;
  let editor: ReturnType<typeof editorOf>;
  let userId = 0;
  /** The address of the user's saved picture. */
  let address = '';

  beforeAll(async () => {
    admin = await openPage(browser);
    page = admin.page;
    editor = editorOf(page);
    await loginAsAdmin(page);
    await page.goto('/app/users');
  });
  afterAll(async () => {
    await other?.context.close();
    await admin?.context.close();
  });

  it('adds a user in the browser and names them', async () => {
    // Added in the browser.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Pat');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await editor.getByRole('heading', { name: 'Pat', exact: true }).waitFor();
    const named = saved(page, /users\/update$/);
    await editor.getByRole('textbox', { name: 'Last name' }).fill(`Quill${tag}`);
    await editor.getByRole('textbox', { name: 'Last name' }).press('Tab');
    await named;
    await editor.getByRole('heading', { name: `Pat Quill${tag}` }).waitFor();
    userId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(userId).toBeGreaterThan(0);
  });

  it('shows initials, and refuses a text file, a disguised one and a too large picture', async () => {
    // No picture yet: the initials; a text file is refused on the page and nothing is sent.
    expect(await editor.locator('[data-testid="avatar-image"]').textContent()).toBe('PQ');
    const fileInput = editor.locator('[data-avatar-editor] input[type="file"]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await editor
      .getByRole('alert')
      .getByText('Only PNG, JPEG, WebP or GIF pictures can be used as an avatar.')
      .waitFor();
    // A file named like a picture but holding something else is refused by its bytes.
    await fileInput.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    });
    await editor
      .getByRole('alert')
      .getByText('The file sent as image/png is not a PNG, JPEG, WebP or GIF picture.')
      .waitFor();
    await fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([await picture(page, '#888'), Buffer.alloc(600 * 1024)]),
    });
    await editor
      .getByRole('alert')
      .getByText('The picture is too large: at most 512 KB.')
      .waitFor();
    await editor
      .locator('[data-avatar-editor]')
      .screenshot({ path: screenshotPath('users-avatar-refused') });
    // Nothing was sent, so nothing was saved.
    expect(await editor.getByRole('img', { name: /^Picture of / }).count()).toBe(0);
  });

  it('previews a real picture, saves it and serves it in the editor and the list', async () => {
    // A real picture: previewed, then saved, shown in the editor and the list.
    const fileInput = editor.locator('[data-avatar-editor] input[type="file"]');
    await fileInput.setInputFiles({
      name: 'pat.png',
      mimeType: 'image/png',
      buffer: await picture(page, '#2f8f6f'),
    });
    await editor.getByText('Preview: save to use this picture.').waitFor();
    await editor
      .locator('[data-avatar-editor]')
      .screenshot({ path: screenshotPath('users-avatar-preview') });
    expect(await shownPicture(page)).toMatch(/^blob:/);
    const uploaded = saved(page, /upload_avatar$/);
    await editor.getByRole('button', { name: 'Save picture' }).click();
    expect((await uploaded).status()).toBe(200);
    await expect.poll(() => shownPicture(page)).toMatch(/^\/avatars\/demo\/[\w-]{43}$/);
    address = (await shownPicture(page)) ?? '';
    const row = page.getByRole('option', { name: new RegExp(`Quill${tag}`) });
    await expect.poll(() => row.locator('img').getAttribute('src')).toBe(address);
    const served = await page.request.get(address);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
  });

  it('adds a group as a chip and sets a password with the rules shown live', async () => {
    // Groups read as chips; the password is set in a dialog showing the rules live.
    const groups = editor.getByRole('combobox', { name: 'Groups' });
    const joined = saved(page, /add_groups$/);
    await groups.click();
    await page
      .getByRole('listbox', { name: 'Groups', exact: true })
      .getByRole('option', { name: 'Staff' })
      .click();
    await joined;
    await page.keyboard.press('Escape');
    await editor.getByRole('button', { name: 'Remove Staff' }).waitFor();
    await editor.getByRole('button', { name: 'Set password' }).click();
    const setDialog = page.getByRole('dialog', { name: `Set the password of ${email}` });
    const rules = setDialog.getByTestId('password-rules');
    const unmet = async () =>
      (await rules.locator('[data-ok="false"]').allTextContents()).map((t) => t.slice(1));
    await expect
      .poll(unmet)
      .toEqual([
        'Can not be empty (not met)',
        'Must contain at least 1 uppercase letter. (not met)',
        'Must contain at least 1 number. (not met)',
        'Must be at least 10 characters long. (not met)',
      ]);
    await setDialog.getByLabel('New password', { exact: true }).fill('short 1');
    await expect
      .poll(unmet)
      .toEqual([
        'Can not contain a space. (not met)',
        'Must contain at least 1 uppercase letter. (not met)',
        'Must be at least 10 characters long. (not met)',
      ]);
    await setDialog.getByLabel('New password', { exact: true }).fill(password);
    await setDialog.getByLabel('Repeat the new password').fill(password);
    expect(await rules.locator('[data-ok="false"]').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('users-set-password') });
    expect(await seriousViolations(page)).toEqual([]);
    const passwordSet = saved(page, /set_password$/);
    await setDialog.getByRole('button', { name: 'Save password' }).click();
    expect((await passwordSet).status()).toBe(200);
    await setDialog.waitFor({ state: 'hidden' });
    await page.getByText('The password has been changed.').first().waitFor();
    await page.screenshot({ path: screenshotPath('users-editor') });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('offers the contact, sex and gender choices in their order', async () => {
    // The choices as the product lists them (sex shown Male>Female and Female>Male).
    await editor.getByRole('combobox', { name: 'Preferred contact' }).click();
    const contacts = page
      .getByRole('listbox', { name: 'Preferred contact', exact: true })
      .getByRole('option');
    await contacts.first().waitFor();
    expect(await contacts.allTextContents()).toEqual([
      'Email',
      'Home phone',
      'Mobile',
      'FaceTime',
      'WhatsApp',
      'Skype',
      'Other',
    ]);
    await page.keyboard.press('Escape');
    for (const [group, choices] of [
      ['Sex', ['Male', 'Female', 'Male>Female', 'Female>Male']],
      ['Gender', ['Male', 'Female', 'Binary']],
    ] as const) {
      const radios = editor.getByRole('radiogroup', { name: group });
      expect(await radios.getByRole('radio').count()).toBe(choices.length);
      for (const name of choices)
        expect(await radios.getByRole('radio', { name, exact: true }).count()).toBe(1);
    }
  });

  it('mails the user a reset link after a confirmation', async () => {
    // Or a reset link, after a confirmation, mailed to the user.
    await editor.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirm' });
    await confirmation.getByText(`Send a link to reset the password to ${email}?`).waitFor();
    await confirmation.getByRole('button', { name: 'OK' }).click();
    await page.getByText(`A link to reset the password has been sent to ${email}.`).waitFor();
    expect(await findMail(`To: ${email}`)).toMatch(/\/password-reset\?token=[\w-]+/);
  });

  it('shows the picture to the user logged in elsewhere, who changes their own', async () => {
    // The user logs in elsewhere: the picture is in their account menu; they change their own.
    other = await openPage(browser);
    await loginAs(other.page, email, password);
    const account = other.page.getByRole('button', { name: 'Account' });
    expect(await account.locator('img').getAttribute('src')).toBe(address);
    await other.page.goto('/app/my_details');
    const mine = other.page.locator('[data-avatar-editor]');
    await mine.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await picture(other.page, '#c0504d'),
    });
    const ownUpload = saved(other.page, /upload_avatar$/);
    await mine.getByRole('button', { name: 'Save picture' }).click();
    expect((await ownUpload).status()).toBe(200);
    await expect.poll(() => account.locator('img').getAttribute('src')).not.toBe(address);
    expect(await account.locator('img').getAttribute('src')).toMatch(
      /^\/avatars\/demo\/[\w-]{43}$/,
    );
    await account.click();
    await other.page.getByRole('menu').locator('img').waitFor();
    await other.page.screenshot({ path: screenshotPath('users-account-menu') });
    await other.page.keyboard.press('Escape');
  });

  it('sends the disabled user to the start page at their next call', async () => {
    // Disabled by the admin: their next call sends them to the start page.
    await page.reload();
    await editor.getByRole('heading', { name: `Pat Quill${tag}` }).waitFor();
    const disabled = saved(page, /users\/update$/);
    await editor.getByRole('switch', { name: /Enabled/ }).click();
    expect((await disabled).status()).toBe(200);
    await other.page.getByRole('button', { name: 'Edit my details' }).click();
    await other.page.getByRole('textbox', { name: 'Mobile' }).fill('07700 900456');
    await other.page.getByRole('button', { name: 'Save' }).click();
    await other.page.waitForURL((url) => url.pathname === '/');
    expect(await other.page.getByRole('button', { name: 'Account' }).count()).toBe(0);
    const after = await api<{ user_enabled: number }>(
      'users/get',
      { user_id: userId },
      await adminToken(),
    );
    expect(after.data.user_enabled).toBe(0);
  });

  it('saw no browser errors besides refused calls', () => {
    expect(admin.errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  });
});
