/**
 * Groups: the privileges editor on the group screen, what a member of the
 * group then sees and may call, and the administrators group that is never deleted and never
 * loses its last enabled member.
 */
import { seriousViolations } from '../support/axe';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import {
  sharedBrowser,
  loginAs,
  loginAsAdmin,
  openMenu,
  openPage,
  screenshotPath,
  SMALL,
  WIDE,
} from '../support/browser';
import { adminToken, api, createUser, adminCall } from './api';

const ADMINS = 1;
/** Console lines of the refusals these tests provoke on purpose. */
const REFUSED = (e: string) => e.includes('status of 400');

const browser = sharedBrowser();
let token: UserToken;

beforeAll(async () => {
  token = await adminToken();
  await mkdir('test-results', { recursive: true });
});

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const moduleBox = (page: Page, label: string) =>
  editorOf(page).getByRole('group', { name: label, exact: true });
const wildcard = (page: Page, label: string) =>
  moduleBox(page, label).getByRole('checkbox', { name: label, exact: true });
const route = (page: Page, module: string, label: string) =>
  moduleBox(page, module).getByRole('checkbox', { name: label, exact: true });
const answered = (page: Page, path: RegExp) =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname));

async function menuLabels(page: Page): Promise<string[]> {
  await openMenu(page, 'Full Menu');
  const panel = page.getByRole('dialog', { name: 'Navigation' }).getByRole('tabpanel');
  return (await panel.getByRole('link').allTextContents()).map((t) => t.trim());
}

describe('the privileges editor', () => {
  it('grants a module wildcard and one route; a member sees exactly those modules', async () => {
    const tag = randomBytes(3).toString('hex');
    const created: { group?: number; user?: number } = {};
    const { page, context, errors } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto('/app/groups');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add group' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Herbalists ${tag}`);
      await dialog.getByRole('textbox', { name: 'Key' }).fill(`herbalists-${tag}`);
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await editorOf(page)
        .getByRole('heading', { name: `Herbalists ${tag}` })
        .waitFor();
      created.group = Number(/\/app\/groups\/(\d+)/.exec(page.url())?.[1]);
      expect(created.group).toBeGreaterThan(ADMINS);

      await editorOf(page).getByRole('tab', { name: 'Privileges' }).click();
      await page.waitForURL(`**/app/groups/${created.group}/privileges`);
      // The privileges' own status line (the editor's save status is a second one).
      const status = editorOf(page)
        .getByRole('status')
        .filter({ hasText: /unsaved changes/ });
      await expect.poll(() => status.textContent()).toBe('No unsaved changes.');
      const save = editorOf(page).getByRole('button', { name: 'Save privileges' });
      expect(await save.isDisabled()).toBe(true);

      // A route ticked first stays ticked, but covered, once its module's wildcard is ticked.
      await route(page, 'Herbs', 'Edit').check();
      expect(
        await wildcard(page, 'Herbs').evaluate((box) => (box as HTMLInputElement).indeterminate),
      ).toBe(true);
      await wildcard(page, 'Herbs').check();
      for (const label of ['View and search', 'Add', 'Edit', 'Delete']) {
        expect(await route(page, 'Herbs', label).isChecked()).toBe(true);
        expect(await route(page, 'Herbs', label).isDisabled()).toBe(true);
      }
      // Keyboard: Tab reaches a route box and Space ticks it.
      await wildcard(page, 'Symptoms').focus();
      await page.keyboard.press('Tab');
      await expect
        .poll(() =>
          route(page, 'Symptoms', 'View and search').evaluate((e) => e === document.activeElement),
        )
        .toBe(true);
      await page.keyboard.press('Space');
      expect(await route(page, 'Symptoms', 'View and search').isChecked()).toBe(true);
      expect(await route(page, 'Symptoms', 'Add').isChecked()).toBe(false);
      await expect.poll(() => status.textContent()).toBe('2 unsaved changes.');
      await page.screenshot({ path: screenshotPath('groups-privileges-draft'), fullPage: true });

      const synced = answered(page, /sync_group_privileges$/);
      await save.click();
      expect((await synced).ok()).toBe(true);
      await page.getByText('The group privileges are saved.').waitFor();
      await expect.poll(() => status.textContent()).toBe('No unsaved changes.');
      // Stored normalised: the wildcard without the route it covers.
      const stored = await adminCall<string[]>('groups/get_group_privileges', {
        group_id: created.group,
      });
      expect(stored).toEqual(['herbs/*', 'symptoms/list']);

      const user = await adminCall<{ user_id: number }>('users/insert', {
        user_first_name: 'Hazel',
        user_last_name: `Herbalist ${tag}`,
        user_email: `e2e-groups-${tag}@demo.clinic`,
        _relations: { groups: [created.group] },
      });
      created.user = user.user_id;
      const password = `E2e-${tag}-Password9`;
      await adminCall('users/set_password', { user_id: user.user_id, password });

      const member = await openPage(browser);
      try {
        await loginAs(member.page, `e2e-groups-${tag}@demo.clinic`, password);
        expect(await menuLabels(member.page)).toEqual(['Herbs', 'Symptoms']);
      } finally {
        await member.context.close();
      }
      const login = await api<{ user_token: UserToken }>('users/login', {
        user_email: `e2e-groups-${tag}@demo.clinic`,
        password,
      });
      const memberToken = login.data.user_token;
      expect((await api('herbs/list', { page: 1, limit: 1 }, memberToken)).result).toBe(true);
      for (const [path, payload] of [
        ['patients/list', { page: 1, limit: 1 }],
        ['symptoms/insert', { symptom_name: `Refused ${tag}` }],
        ['groups/get_group_privileges', { group_id: created.group }],
      ] as const) {
        const refused = await api(path, payload, memberToken);
        expect(refused.result, path).toBe(false);
      }
      expect(errors.filter((e) => !REFUSED(e))).toEqual([]);
    } finally {
      await context.close();
      if (created.user) await api('users/delete', { selected: [created.user] }, token);
      if (created.group) await api('groups/delete', { selected: [created.group] }, token);
    }
  });

  it('asks before leaving unsaved ticks, and Undo changes drops them', async () => {
    const tag = randomBytes(3).toString('hex');
    const group = await adminCall<{ group_id: number }>('groups/insert', {
      group_name: `Drafts ${tag}`,
      group_key: `drafts-${tag}`,
    });
    const { page, context } = await openPage(browser);
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/groups/${group.group_id}/privileges`);
      await wildcard(page, 'Patients').check();
      await editorOf(page).getByRole('tab', { name: 'General' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm' });
      await confirm.getByText('Leave without saving?', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      expect(page.url()).toMatch(/\/privileges$/);
      expect(await wildcard(page, 'Patients').isChecked()).toBe(true);
      await editorOf(page).getByRole('button', { name: 'Undo changes' }).click();
      expect(await wildcard(page, 'Patients').isChecked()).toBe(false);
      await editorOf(page).getByRole('tab', { name: 'General' }).click();
      await page.waitForURL(`**/app/groups/${group.group_id}/general`);
      expect(
        await adminCall<string[]>('groups/get_group_privileges', { group_id: group.group_id }),
      ).toEqual([]);
    } finally {
      await context.close();
      await api('groups/delete', { selected: [group.group_id] }, token);
    }
  });

  it('shows a viewer without "Change privileges" the ticks, read-only', async () => {
    const viewer = await createUser({ privileges: ['groups/list'], firstName: 'Vera' });
    const { group_ids: groupIds } = await adminCall<{ group_ids: number[] }>('users/get', {
      user_id: viewer.user_id,
    });
    const { page, context, errors } = await openPage(browser);
    try {
      await loginAs(page, viewer.email, viewer.password);
      await page.goto(`/app/groups/${groupIds[0]}/privileges`);
      await route(page, 'Groups', 'View and search').waitFor();
      expect(await route(page, 'Groups', 'View and search').isChecked()).toBe(true);
      expect(await route(page, 'Groups', 'View and search').isDisabled()).toBe(true);
      expect(await wildcard(page, 'Herbs').isDisabled()).toBe(true);
      await editorOf(page)
        .getByText('Changing them needs the Groups privilege', { exact: false })
        .waitFor();
      expect(await editorOf(page).getByRole('button', { name: 'Save privileges' }).count()).toBe(0);
      // The shell tries modules/list first and, refused (403), builds the menu from the settings.
      expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    } finally {
      await context.close();
      await api('users/delete', { selected: [viewer.user_id] }, token);
      await api('groups/delete', { selected: groupIds }, token);
    }
  });
});

describe('the administrators group', () => {
  it('is read-only to a non-admin holding every groups privilege', async () => {
    const manager = await createUser({ privileges: ['groups/*'], firstName: 'Greta' });
    const { group_ids: groupIds } = await adminCall<{ group_ids: number[] }>('users/get', {
      user_id: manager.user_id,
    });
    const { page, context, errors } = await openPage(browser);
    try {
      await loginAs(page, manager.email, manager.password);
      await page.goto(`/app/groups/${ADMINS}`);
      const name = editorOf(page).getByRole('textbox', { name: 'Name', exact: true });
      await name.waitFor();
      await expect.poll(() => name.isDisabled()).toBe(true);
      expect(
        await editorOf(page).getByRole('textbox', { name: 'Key', exact: true }).isDisabled(),
      ).toBe(true);
      await editorOf(page)
        .getByText('Only administrators may change the administrators group.')
        .first()
        .waitFor();
      // Another group stays theirs to change.
      await page.goto(`/app/groups/${groupIds[0]}`);
      const other = editorOf(page).getByRole('textbox', { name: 'Name', exact: true });
      await other.waitFor();
      await expect.poll(() => other.isDisabled()).toBe(false);
      expect(errors.filter((e) => !e.includes('status of 403'))).toEqual([]);
    } finally {
      await context.close();
      await api('users/delete', { selected: [manager.user_id] }, token);
      await api('groups/delete', { selected: groupIds }, token);
    }
  });

  it('holds every privilege, can not be deleted and keeps its last enabled member', async () => {
    const me = token.user_id;
    // Other enabled admins (this extra one, and any left by other tests) leave for the test and
    // come back after it.
    const extra = await createUser({ groupIds: [ADMINS], firstName: 'Otto' });
    const members = await adminCall<Array<{ id: number; label: string }>>('groups/get_users', {
      id: ADMINS,
    });
    const myLabel = members.find((m) => m.id === me)?.label ?? '';
    const others: number[] = [];
    for (const { id } of members) {
      const user = await adminCall<{ user_enabled: number }>('users/get', { user_id: id });
      if (id !== me && user.user_enabled === 1) others.push(id);
    }
    const { page, context, errors } = await openPage(browser);
    try {
      expect(others).toContain(extra.user_id);
      await adminCall('groups/remove_users', { id: ADMINS, relation_id: others });
      await loginAsAdmin(page);
      await page.goto(`/app/groups/${ADMINS}/privileges`);
      await editorOf(page).getByText('Administrators hold every privilege').waitFor();
      expect(await editorOf(page).getByRole('button', { name: 'Save privileges' }).count()).toBe(0);
      await page.screenshot({ path: screenshotPath('groups-admins-privileges') });
      const boxes = editorOf(page).getByRole('checkbox');
      expect(await boxes.count()).toBeGreaterThan(20);
      for (const box of await boxes.all()) {
        expect(await box.isChecked()).toBe(true);
        expect(await box.isDisabled()).toBe(true);
      }

      await editorOf(page).getByRole('tab', { name: 'General' }).click();
      const membersField = editorOf(page).getByRole('combobox', { name: 'Users in this group' });
      await membersField.waitFor();
      // Disabled members (left by other tests) stay; they do not count.
      const chips = editorOf(page).getByRole('button', { name: /^Remove / });
      await expect.poll(() => chips.count()).toBe(members.length - others.length);
      const mine = editorOf(page).getByRole('button', { name: `Remove ${myLabel}`, exact: true });
      const removed = answered(page, /remove_users$/);
      await mine.click();
      expect((await removed).status()).toBe(400);
      await page
        .getByText('The administrators group must keep at least one enabled member.')
        .waitFor();
      await expect.poll(() => chips.count()).toBe(members.length - others.length);
      expect(await mine.isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath('groups-admins-members') });

      const refused = answered(page, /groups\/delete$/);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm' })
        .getByRole('button', { name: 'OK' })
        .click();
      expect((await refused).status()).toBe(400);
      await page.getByText('The administrators group can not be deleted.').waitFor();
      expect((await api('groups/get', { group_id: ADMINS }, token)).result).toBe(true);
      expect(
        await adminCall('groups/get_relation_ids', { id: ADMINS, relation_name: 'users' }),
      ).toContain(me);
      expect(errors.filter((e) => !REFUSED(e))).toEqual([]);
    } finally {
      await context.close();
      if (others.length) await adminCall('groups/add_users', { id: ADMINS, relation_id: others });
      await adminCall('users/delete', { selected: [extra.user_id] });
    }
  });
});

describe('accessibility (axe: no serious or critical problem)', () => {
  it.each([
    ['small', SMALL],
    ['wide', WIDE],
  ] as const)('on the group screen with the privileges tab open, %s', async (size, viewport) => {
    const tag = randomBytes(3).toString('hex');
    const group = await adminCall<{ group_id: number }>('groups/insert', {
      group_name: `Axe ${tag}`,
      group_key: `axe-${tag}`,
    });
    await adminCall('groups/sync_group_privileges', {
      group_id: group.group_id,
      group_privileges: ['herbs/*', 'patients/list'],
    });
    const { page, context } = await openPage(browser, { viewport });
    try {
      await loginAsAdmin(page);
      await page.goto(`/app/groups/${group.group_id}/privileges`);
      await wildcard(page, 'Herbs').waitFor();
      await route(page, 'Patients', 'Add').check(); // an unsaved change, marked
      await page.waitForLoadState('networkidle');
      const problems = await seriousViolations(page);
      await page.screenshot({ path: screenshotPath(`groups-privileges-${size}`) });
      expect(problems).toEqual([]);
      await editorOf(page).getByRole('button', { name: 'Undo changes' }).click();
    } finally {
      await context.close();
      await api('groups/delete', { selected: [group.group_id] }, token);
    }
  });
});
