/**
 * The category tree on the generic screen: nodes open and close,
 * inserts go under the selected node or the root, mandatory nodes stay, moving asks first and
 * offers only allowed parents, labels that can not be renamed are locked, siblings re-order by
 * drag, and a drawer whose root is missing says 'Three nodes can not be found.'
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { sharedBrowser, loginAsAdmin, openPage, screenshotPath } from '../support/browser';
import { adminToken, api, insertRow } from './api';

const browser = sharedBrowser();
let token: UserToken;

beforeAll(async () => {
  token = await adminToken();
});

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const treeOf = (page: Page) => page.getByRole('tree', { name: 'Categories tree' });
const node = (page: Page, label: string) =>
  treeOf(page).getByRole('treeitem', { name: label, exact: true });

interface Category {
  category_id: number;
  category_parent: number;
  category_label: string;
  category_order: number;
}

const category = async (id: number) =>
  (await api<Category>('categories/get', { category_id: id }, token)).data;

async function addCategory(label: string, parent: number, extra: Record<string, unknown> = {}) {
  return insertRow<Category>('categories', { category_label: label, _selected: parent, ...extra });
}

async function addWithDialog(page: Page, label: string): Promise<number> {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await editorOf(page).getByRole('heading', { name: label }).waitFor();
  return Number(new URL(page.url()).pathname.split('/')[3]);
}

describe('category tree', () => {
  it('opens and closes nodes, and inserts under the selected node or the root', async () => {
    const tag = randomBytes(3).toString('hex');
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/app/categories');
    const herbs = node(page, 'Herbs');
    await herbs.waitFor();
    expect(await herbs.getAttribute('aria-expanded')).toBe('true');
    await node(page, 'Western').waitFor();
    await herbs.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await herbs.getAttribute('aria-expanded')).toBe('false');
    expect(await node(page, 'Western').count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await node(page, 'Western').waitFor();

    await herbs.click();
    await page.waitForURL('**/app/categories/2');
    const below = await addWithDialog(page, `Below ${tag}`);
    expect((await category(below)).category_parent).toBe(2);
    expect(await node(page, `Below ${tag}`).getAttribute('aria-level')).toBe('2');

    await page.goto('/app/categories');
    await node(page, 'Herbs').waitFor();
    const top = await addWithDialog(page, `Top ${tag}`);
    expect((await category(top)).category_parent).toBe(0);
    expect(await node(page, `Top ${tag}`).getAttribute('aria-level')).toBe('1');
    await page.screenshot({ path: screenshotPath('entity-categories-1440') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps mandatory nodes, moves only movable ones to allowed parents after asking', async () => {
    const tag = randomBytes(3).toString('hex');
    const moving = await addCategory(`Moving ${tag}`, 0);
    const child = await addCategory(`Child ${tag}`, moving.category_id);
    await addCategory(`Closed ${tag}`, 0, { category_can_contain_children: 0 });
    const locked = await addCategory(`Locked ${tag}`, 0, { category_can_be_renamed: 0 });
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);

    // A mandatory root: Delete is disabled up front and says why (rules-up-front.test.ts).
    await page.goto('/app/categories/1');
    await editorOf(page).getByRole('heading', { name: 'Patients' }).waitFor();
    expect(await editorOf(page).getByRole('combobox', { name: 'Parent' }).isDisabled()).toBe(true);
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect.poll(() => remove.getAttribute('aria-disabled')).toBe('true');
    await remove.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Confirm' }).count()).toBe(0);
    expect((await category(1)).category_label).toBe('Patients');

    // Parent choices leave out the node, its descendants and nodes that take no children.
    await page.goto(`/app/categories/${moving.category_id}`);
    const parent = editorOf(page).getByRole('combobox', { name: 'Parent' });
    await parent.click();
    const choices = await page
      .getByRole('listbox', { name: 'Parent', exact: true })
      .getByRole('option')
      .allTextContents();
    expect(choices).toContain('Top level');
    expect(choices).toContain('Herbs');
    expect(choices).not.toContain(`Moving ${tag}`);
    expect(choices).not.toContain(`Child ${tag}`);
    expect(choices).not.toContain(`Closed ${tag}`);
    await page.getByRole('option', { name: 'Snippets', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm' });
    await confirm.getByText(`Move "Moving ${tag}" under "Snippets"?`).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await category(moving.category_id)).category_parent).toBe(0);
    await parent.click();
    await page.getByRole('option', { name: 'Snippets', exact: true }).click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => (await category(moving.category_id)).category_parent).toBe(5);
    await expect.poll(() => node(page, `Child ${tag}`).getAttribute('aria-level')).toBe('3');
    expect((await category(child.category_id)).category_parent).toBe(moving.category_id);

    // A label that can not be renamed is locked.
    await page.goto(`/app/categories/${locked.category_id}`);
    await editorOf(page)
      .getByRole('heading', { name: `Locked ${tag}` })
      .waitFor();
    expect(await editorOf(page).getByRole('textbox', { name: 'Label' }).isDisabled()).toBe(true);
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await context.close();
  });

  it('re-orders siblings from the keyboard', async () => {
    const tag = randomBytes(3).toString('hex');
    const box = await addCategory(`Box ${tag}`, 0);
    const [a, b, c] = [
      await addCategory(`A ${tag}`, box.category_id),
      await addCategory(`B ${tag}`, box.category_id),
      await addCategory(`C ${tag}`, box.category_id),
    ];
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto(`/app/categories/${box.category_id}`);
    await node(page, `C ${tag}`).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/categories/reorder_list'));
    // Alt+ArrowUp moves the focused node one place up among its siblings (twice here).
    const moving = node(page, `C ${tag}`);
    expect(await moving.getAttribute('aria-keyshortcuts')).toBe('Alt+ArrowUp Alt+ArrowDown');
    await moving.focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect((await saved).ok()).toBe(true);
    const again = page.waitForResponse((r) => r.url().endsWith('/categories/reorder_list'));
    await page.keyboard.press('Alt+ArrowUp');
    expect((await again).ok()).toBe(true);
    const order = async () =>
      (await Promise.all([a, b, c].map((n) => category(n.category_id))))
        .sort((x, y) => x.category_order - y.category_order)
        .map((n) => n.category_label);
    expect(await order()).toEqual([`C ${tag}`, `A ${tag}`, `B ${tag}`]);

    // With a pointer: B's handle dragged onto A puts B before A.
    const handle = node(page, `B ${tag}`).locator('[data-handle]');
    const target = await node(page, `A ${tag}`).boundingBox();
    const from = await handle.boundingBox();
    if (!target || !from) throw new Error('rows not drawn');
    const dropped = page.waitForResponse((r) => r.url().endsWith('/categories/reorder_list'));
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, target.y + 4, { steps: 8 });
    await page.mouse.up();
    expect((await dropped).ok()).toBe(true);
    expect(await order()).toEqual([`C ${tag}`, `B ${tag}`, `A ${tag}`]);
    const shown = await treeOf(page)
      .getByRole('treeitem', { name: new RegExp(`^[ABC] ${tag}$`) })
      .allTextContents();
    expect(shown.map((t) => t.replace(/[^ABC0-9a-f ]/g, '').trim())).toEqual([
      `C ${tag}`,
      `B ${tag}`,
      `A ${tag}`,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the left drawer category filter', () => {
  it("says 'Three nodes can not be found.' when the entity's root is missing", async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    const rename = (key: string) =>
      api('categories/update', { category_id: 2, field: 'category_key', value: key }, token);
    await rename('herbs-elsewhere');
    try {
      await page.goto('/app/herbs');
      await page.getByRole('alert').getByText('Three nodes can not be found.').waitFor();
    } finally {
      await rename('herbs');
    }
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Western' })
      .waitFor();
    await context.close();
  });
});
