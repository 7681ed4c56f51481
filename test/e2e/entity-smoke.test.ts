/**
 * The generic entity screen on all twenty entity sets: open the list, add a
 * row through the Add dialog, find it by searching, edit one field of every editor type the
 * definition has (checked through the API), and delete it. Driven by the shared definitions, so a
 * new entity set is covered by this table without a line more.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, UserToken } from '../../src/shared/envelope';
import { ENTITIES, type EntityDefinition, type FieldDefinition } from '../../src/shared/entities';
import { wallTimeOf } from '../../src/shared/instant-text';
import { sharedBrowser, loginAsAdmin, openPage } from '../support/browser';
import { isTimeOfDay, plainSampleValue } from '../support/sample-values';
import { adminCall, adminToken, api } from './api';

const browser = sharedBrowser();
let token: UserToken;
/** The clinic's time zone: an instant field is typed as its wall time there. */
let zone = 'UTC';

beforeAll(async () => {
  token = await adminToken();
  ({ zone } = await adminCall<{ zone: string }>('diary/get_availability', {
    from: '2026-01-01',
    to: '2026-01-01',
  }));
});

/** A number unique to each set's sample (its instants then fall on days of their own). */
let samples = 0;

/** What a user types for a sample value: a day as DD/MM/YYYY, an instant as the clinic's wall time. */
function typed(field: FieldDefinition, value: unknown): string {
  const text = String(value);
  if (field.type !== 'date') return text;
  const wall = field.instant ? (wallTimeOf(text, zone) ?? '') : text;
  const [y, m, day] = wall.slice(0, 10).split('-');
  return `${day}/${m}/${y}${field.timed ? ` ${wall.slice(11, 16)}` : ''}`;
}

/** Chooses the option of `value` in a select or select-buttons field inside `scope`. */
async function choose(page: Page, scope: Locator, field: FieldDefinition, value: unknown) {
  const option = (field.options ?? []).find((o) => String(o.value) === String(value));
  if (!option) throw new Error(`${field.name}: no option ${String(value)}`);
  if (field.type === 'select_buttons') {
    await scope
      .getByRole('radiogroup', { name: field.label })
      .getByText(option.label, { exact: true })
      .click();
    return option;
  }
  await scope.getByRole('combobox', { name: field.label, exact: true }).click();
  await page
    .getByRole('listbox', { name: field.label, exact: true })
    .getByRole('option', { name: option.label, exact: true })
    .click();
  return option;
}

/** Types `value` into the field's text box and leaves it (a field saves when it is left). */
async function typeInto(scope: Locator, field: FieldDefinition, value: string) {
  const box = scope.getByRole('textbox', { name: field.label, exact: true });
  await box.fill(value);
  await box.press('Tab');
}

const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
const listOf = (page: Page, d: EntityDefinition) =>
  page.getByRole(d.tree ? 'tree' : 'listbox', { name: `${d.title} ${d.tree ? 'tree' : 'list'}` });

/** Text values a typed field accepts: the first its own rule takes is used. */
function textFor(field: FieldDefinition, tag: string): string {
  const candidates = [
    `E2e ${tag}`,
    `e2e-${tag}@example.com`,
    'https://example.com/e2e',
    '+44 1632 960000',
  ];
  const fits = candidates.find(
    (c) => field.rule.safeParse(c).success && c.length <= (field.maxLength ?? 255),
  );
  return fits ?? tag.slice(0, field.maxLength ?? 4);
}

/** Opens a drop-down named `label` and takes its first choice not already taken. */
async function pickFirstOption(page: Page, box: Locator, label: string): Promise<void> {
  await box.click();
  const option = page
    .getByRole('listbox', { name: label, exact: true })
    .getByRole('option', { selected: false })
    .first();
  await option.waitFor();
  await option.click();
}

/**
 * Values for the fields a new row must have (the Add dialog): a set's own rules (a time of day,
 * days and instants in order, a choice) take the shared sample values (test/support/sample-values),
 * typed as a user would; plain text carries the tag the search looks for.
 */
async function fillRequired(page: Page, d: EntityDefinition, tag: string, n: number) {
  const dialog = page.getByRole('dialog', { name: `Add ${d.singular}` });
  const required = d.fields.filter((f) => f.required && !f.readOnly && f.default === undefined);
  for (const field of required) {
    const sample = plainSampleValue(field, n);
    if (field.type === 'single_select_relation') {
      await pickFirstOption(page, dialog.getByRole('combobox', { name: field.label }), field.label);
    } else if (field.type === 'select' || field.type === 'select_buttons') {
      await choose(page, dialog, field, sample);
    } else if (field.type === 'date' || field.type === 'number' || isTimeOfDay(field)) {
      await typeInto(dialog, field, typed(field, sample));
    } else {
      const value =
        field.name === d.keys.secondary && field.maxLength === 2
          ? `Q${'BCDEFGHIJKLMNOPRSTUVWXYZ'[Math.floor(Math.random() * 24)]}`
          : textFor(field, tag);
      await dialog.getByRole('textbox', { name: field.label, exact: true }).fill(value);
    }
  }
  await addAnsweringWarnings(page, d, dialog, required, tag);
}

/**
 * Presses Add. A refusal about a field the dialog did not ask for (an appointment outside the
 * practitioner's hours wants the reason it is booked anyway) must bring that field into the
 * dialog, marked invalid; it is answered and Add pressed again. Any other refusal fails the test.
 */
async function addAnsweringWarnings(
  page: Page,
  d: EntityDefinition,
  dialog: Locator,
  asked: FieldDefinition[],
  tag: string,
) {
  for (let round = 0; ; round += 1) {
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/${d.entities}/insert`,
    );
    await dialog.getByRole('button', { name: 'Add' }).click();
    const reply = (await (await answer).json()) as Envelope;
    if (reply.result) break;
    const field = d.fields.find((f) => f.name === reply.messages[0]?.field);
    if (round > 0 || !field || asked.includes(field))
      throw new Error(`${d.entities}/insert refused: ${JSON.stringify(reply.messages)}`);
    const box = dialog.getByRole('textbox', { name: field.label, exact: true });
    await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
    await typeInto(dialog, field, textFor(field, tag));
  }
  await dialog.waitFor({ state: 'detached' });
}

/** Fields edited by the smoke: writable, not the name (it identifies the row), not unique. */
function editable(d: EntityDefinition): FieldDefinition[] {
  const seen = new Set<string>();
  return d.fields.filter((f) => {
    const ok =
      !f.readOnly &&
      f.copy &&
      f.name !== d.keys.name &&
      f.name !== d.tree?.mandatory &&
      !seen.has(f.type);
    if (ok) seen.add(f.type);
    return ok;
  });
}

type Check = (row: Record<string, unknown>) => void;

/** Edits one field in the editor the way a user would; answers how to check what was stored. */
async function edit(
  page: Page,
  field: FieldDefinition,
  row: Record<string, unknown>,
  tag: string,
  n: number,
): Promise<Check | null> {
  const editor = editorOf(page);
  const before = row[field.name];
  if (isTimeOfDay(field)) {
    const value = String(plainSampleValue(field, n, 2));
    await typeInto(editor, field, value);
    return (r) => expect(r[field.name]).toBe(value);
  }
  switch (field.type) {
    case 'input':
    case 'textarea':
    case 'url':
    case 'tel': {
      const value = textFor(field, `${tag}x`); // differs from what the Add dialog typed
      await editor.getByRole('textbox', { name: field.label, exact: true }).fill(value);
      await editor.getByRole('textbox', { name: field.label, exact: true }).press('Tab');
      return (r) => expect(String(r[field.name]).toLowerCase()).toBe(value.toLowerCase());
    }
    case 'number': {
      await editor.getByRole('textbox', { name: field.label, exact: true }).fill('7');
      await editor.getByRole('textbox', { name: field.label, exact: true }).press('Tab');
      return (r) => {
        expect(typeof r[field.name]).toBe('number');
        expect(r[field.name]).not.toBe(before);
      };
    }
    case 'toggle':
      await editor.getByRole('switch', { name: field.label }).click({ force: true });
      return (r) => expect(r[field.name]).toBe(before === 1 ? 0 : 1);
    case 'select':
    case 'select_buttons': {
      const option = (field.options ?? []).find((o) => String(o.value) !== String(before));
      if (!option) return null;
      await choose(page, editor, field, option.value);
      return (r) => expect(r[field.name]).toBe(option.value);
    }
    case 'colour': {
      const box = editor.getByRole('textbox', { name: field.label, exact: true });
      await box.fill('#3366CC');
      await box.press('Tab');
      return (r) => expect(r[field.name]).toBe('#3366cc');
    }
    case 'date': {
      if (field.instant) {
        // A quarter of an hour later: inside the span it had, so inside the same working hours.
        const later = new Date(Date.parse(String(before)) + 15 * 60_000).toISOString();
        await typeInto(editor, field, typed(field, later));
        return (r) => expect(Date.parse(String(r[field.name]))).toBe(Date.parse(later));
      }
      // The second sample day: still in order with a span's other end.
      const day = String(plainSampleValue({ ...field, timed: false }, n, 2));
      await typeInto(editor, field, typed({ ...field, timed: false }, day));
      return (r) => expect(String(r[field.name]).slice(0, 10)).toBe(day);
    }
    case 'single_select_relation':
    case 'tree_select':
      await pickFirstOption(
        page,
        editor.getByRole('combobox', { name: field.label, exact: true }),
        field.label,
      );
      return (r) => expect(typeof r[field.name]).toBe('number');
    case 'html': {
      const box = editor.getByRole('textbox', { name: field.label, exact: true });
      await box.click();
      await page.keyboard.type(`Rich ${tag}`);
      await editor.getByRole('heading', { level: 2 }).first().click();
      return (r) => expect(String(r[field.name])).toContain(`Rich ${tag}`);
    }
    default:
      return null;
  }
}

/** Resolves true once the next change (update, relation add) has been answered. */
function savedAnswer(page: Page): Promise<boolean> {
  return page
    .waitForResponse(
      (r) => /\/api\/[a-z_]+\/(update|add_[a-z_]+)$/.test(new URL(r.url()).pathname),
      {
        timeout: 20_000,
      },
    )
    .then((r) => r.ok())
    .catch(() => false);
}

/** Opens every section of every tab, editing the chosen fields where they are. */
async function editAll(
  page: Page,
  d: EntityDefinition,
  row: Record<string, unknown>,
  tag: string,
  n: number,
) {
  const chosen = new Map(editable(d).map((f) => [f.name, f]));
  const relation = d.relations.find((r) => r.type === 'select_relation' && !r.adminOnly);
  const checks: Check[] = [];
  for (const tab of d.tabs) {
    if (d.tabs.length > 1) await editorOf(page).getByRole('tab', { name: tab.label }).click();
    for (const section of tab.sections) {
      const header = editorOf(page).getByRole('button', { name: section.title, exact: true });
      if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
      // Days first: a rule may count from one (every N weeks, from the first day it applies).
      const isDay = (name: string) => chosen.get(name)?.type === 'date';
      const items = [...section.items.filter(isDay), ...section.items.filter((i) => !isDay(i))];
      for (const name of items) {
        const field = chosen.get(name);
        if (field) {
          const saved = savedAnswer(page);
          const check = await edit(page, field, row, tag, n);
          if (check) {
            expect(await saved, `saving ${field.name}`).toBe(true);
            checks.push(check);
          }
        }
        if (relation?.name === name) {
          const saved = savedAnswer(page);
          await pickFirstOption(
            page,
            editorOf(page).getByRole('combobox', { name: relation.label, exact: true }),
            relation.label,
          );
          await page.keyboard.press('Escape');
          expect(await saved, `linking ${relation.name}`).toBe(true);
          checks.push((r) =>
            expect((r._relations as Record<string, number[]>)[relation.name]?.length).toBe(1),
          );
        }
      }
    }
  }
  return checks;
}

/**
 * A set that points at users (a practitioner's hours, an appointment) accepts practitioners only:
 * while it is tested every user is one (the first choice and the next both are), and the users
 * that were not are put back afterwards. Answers the way back.
 */
async function everyUserAPractitioner(d: EntityDefinition): Promise<() => Promise<void>> {
  if (!d.fields.some((f) => f.references === 'users' && !f.readOnly)) return async () => {};
  const users = await adminCall<Record<string, unknown>[]>('users/list', { limit: 1000 });
  const others = users.filter((u) => u.user_practitioner !== 1).map((u) => u.user_id);
  const mark = (value: number) =>
    Promise.all(
      others.map((id) =>
        adminCall('users/update', { user_id: id, field: 'user_practitioner', value }),
      ),
    );
  await mark(1);
  return () => mark(0).then(() => undefined);
}

async function stored(d: EntityDefinition, id: number) {
  const reply = await api<Record<string, unknown>>(`${d.entities}/get`, { [d.keys.id]: id }, token);
  return reply.result ? reply.data : null;
}

describe.each(ENTITIES.map((d) => [d.entities, d] as const))('the %s screen', (_name, d) => {
  const tag = randomBytes(3).toString('hex');
  const n = (samples += 1);
  const insertable = d.capabilities.insert;
  let opened: Awaited<ReturnType<typeof openPage>>;
  let page: Page;
  let id = 0;
  let row: Record<string, unknown> | null = null;
  const mine = () => listOf(page, d).locator(`[data-id="${id}"]`);

  let putBack = async () => {};
  beforeAll(async () => {
    putBack = await everyUserAPractitioner(d);
    opened = await openPage(browser);
    page = opened.page;
    await loginAsAdmin(page);
  });
  afterAll(async () => {
    await opened?.context.close();
    await putBack();
  });

  it('lists its rows', async () => {
    await page.goto(`/app/${d.entities}`);
    await listOf(page, d).waitFor();
    await page.getByRole('heading', { level: 1, name: d.title }).waitFor();
    expect(
      await listOf(page, d)
        .getByRole(d.tree ? 'treeitem' : 'option')
        .count(),
    ).toBeGreaterThan(0);
  });

  it.runIf(!insertable)('offers no Add or Delete, and search still finds rows', async () => {
    // Read-only sets (modules, batches): no Add or Delete; search still finds rows — here by
    // the first word of the first row shown.
    expect(await page.getByRole('button', { name: 'Add' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const first = await listOf(page, d).getByRole('option').first().innerText();
    const word = first.split(/[^\p{L}\p{N}]+/u).find((w) => w.length >= 2) ?? first;
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await listOf(page, d).getByRole('option').first().click();
    await editorOf(page).getByRole('heading', { level: 2 }).waitFor();
  });

  it.runIf(insertable)('adds a row through the Add dialog', async () => {
    await page.getByRole('button', { name: 'Add' }).click();
    await fillRequired(page, d, tag, n);
    await page.waitForURL(new RegExp(`/app/${d.entities}/\\d+`));
    id = Number(new URL(page.url()).pathname.split('/')[3]);
    await editorOf(page).getByRole('heading', { level: 2 }).waitFor();
    row = await stored(d, id);
    expect(row).not.toBeNull();
  });

  it.runIf(insertable)('finds the new row by searching', async () => {
    // Found by what was typed, or by the name the server made (prescriptions name themselves).
    const typed = d.list.search.some((f) => String(row?.[f]).includes(tag));
    await page
      .getByRole('searchbox', { name: 'Search' })
      .fill(typed ? tag : String(row?.[d.keys.name]));
    await page.keyboard.press('Enter');
    await mine().waitFor();
    expect(await mine().getAttribute('aria-selected')).toBe('true');
  });

  it.runIf(insertable)('saves one field of every editor type it has', async () => {
    const checks = await editAll(page, d, row ?? {}, tag, n);
    const after = await stored(d, id);
    for (const check of checks) check(after ?? {});
  });

  it.runIf(insertable)('deletes the row after a confirmation', async () => {
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Confirm' });
    await confirmDialog.getByText('Are you sure you want to delete the selected items?').waitFor();
    await confirmDialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(new RegExp(`/app/${d.entities}$`));
    await mine().waitFor({ state: 'detached' });
    expect(await stored(d, id)).toBeNull();
  });

  it.runIf(insertable)('saw no browser errors', () => {
    expect(opened.errors).toEqual([]);
  });
});
