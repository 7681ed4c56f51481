/**
 * Calls to the real server from the e2e tests (to set up users and groups through the API, as an
 * admin would), from a made-up client address so that login throttling stays per test.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { entityByPath } from '../../src/shared/entities';
import { PRODUCT_MODULE } from '../../src/shared/modules';
import type { Envelope, UserToken } from '../../src/shared/envelope';
import { admin, clientAddress } from '../support/browser';

const COMPANY = 'demo';

export async function api<T = unknown>(
  path: string,
  payload: Record<string, unknown> = {},
  token: UserToken | null = null,
): Promise<Envelope<T>> {
  const response = await fetch(`${inject('baseUrl')}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({
      ...payload,
      _company_slug: COMPANY,
      ...(token ? { _user_token: token } : {}),
    }),
  });
  return (await response.json()) as Envelope<T>;
}

let cachedToken: UserToken | null = null;

/** A token of the demo admin (one login per test file). */
export async function adminToken(): Promise<UserToken> {
  if (cachedToken) return cachedToken;
  const { email, password } = admin();
  const reply = await api<{ user_token: UserToken }>('users/login', {
    user_email: email,
    password,
  });
  if (!reply.result) throw new Error(`admin login failed: ${JSON.stringify(reply.messages)}`);
  cachedToken = reply.data.user_token;
  return cachedToken;
}

function must<T>(reply: Envelope<T>, what: string): T {
  if (!reply.result) throw new Error(`${what} failed: ${JSON.stringify(reply.messages)}`);
  return reply.data;
}

/** A call as the demo admin that must succeed; answers its data. */
export async function adminCall<T>(
  path: string,
  payload: Record<string, unknown> = {},
): Promise<T> {
  return must(await api<T>(path, payload, await adminToken()), path);
}

/** Inserts a row as the demo admin and answers it (the set-up of a browser test). */
/** The id of the row of `entities` named exactly `name` (a row every clinic starts with, say). */
export async function idByName(entities: string, base: string, name: string): Promise<number> {
  const rows = await adminCall<Array<Record<string, unknown>>>(`${entities}/list`, {
    filters: { search: `=${name}` },
  });
  const row = rows.find((r) => r[`${base}_name`] === name);
  if (!row) throw new Error(`${entities}: no ${name}`);
  return row[`${base}_id`] as number;
}

export const insertRow = <T>(entities: string, values: Record<string, unknown>): Promise<T> =>
  adminCall<T>(`${entities}/insert`, values);

export interface CreatedUser {
  user_id: number;
  email: string;
  password: string;
  firstName: string;
}

/** A new user (optionally in a new group granting `privileges`) with a known password. */
export async function createUser(
  options: { firstName?: string; privileges?: string[]; groupIds?: number[] } = {},
): Promise<CreatedUser> {
  const token = await adminToken();
  const tag = randomBytes(4).toString('hex');
  const groupIds = [...(options.groupIds ?? [])];
  if (options.privileges) {
    const group = must(
      await api<{ group_id: number }>(
        'groups/insert',
        { group_name: `E2e group ${tag}`, group_key: `e2e-${tag}` },
        token,
      ),
      'groups/insert',
    );
    must(
      await api(
        'groups/sync_group_privileges',
        { group_id: group.group_id, group_privileges: options.privileges },
        token,
      ),
      'groups/sync_group_privileges',
    );
    groupIds.push(group.group_id);
  }
  const firstName = options.firstName ?? 'Erin';
  const email = `e2e-${tag}@demo.clinic`;
  const user = must(
    await api<{ user_id: number }>(
      'users/insert',
      {
        user_first_name: firstName,
        user_last_name: 'Tester',
        user_email: email,
        ...(groupIds.length ? { _relations: { groups: groupIds } } : {}),
      },
      token,
    ),
    'users/insert',
  );
  const password = `E2e-${tag}-Password9`;
  must(await api('users/set_password', { user_id: user.user_id, password }, token), 'set_password');
  return { user_id: user.user_id, email, password, firstName };
}

/**
 * Waits until the record's editor shows the record's name, read from the server, and answers it.
 * Until the record has loaded the heading says `#id` (or nothing): a name copied from it at once
 * is the wrong one on a busy machine.
 */
export async function recordNameShown(page: Page, entities: string, id: number): Promise<string> {
  const d = entityByPath(entities);
  if (!d) throw new Error(`There is no entity set ${entities}.`);
  const row = await adminCall<Record<string, unknown>>(`${entities}/get`, { [d.keys.id]: id });
  const name = String(row[d.keys.name]);
  const heading = page.getByRole('region', { name: 'Editor' }).getByRole('heading', { level: 2 });
  await expect.poll(async () => (await heading.textContent())?.trim()).toBe(name);
  return name;
}

/** The product module's (`materia`) row id: its settings and preferences are addressed by it. */
export async function productModuleId(): Promise<number> {
  const modules =
    await adminCall<Array<{ module_id: number; module_name: string }>>('modules/get_settings');
  const materia = modules.find((m) => m.module_name === PRODUCT_MODULE);
  if (!materia) throw new Error('The product module is missing.');
  return materia.module_id;
}

/** Sets one of the product module's public or private settings, as the demo admin. */
export async function setProductSetting(
  kind: 'public' | 'private',
  field: string,
  value: unknown,
): Promise<void> {
  const path = kind === 'public' ? 'modules/update_public_settings' : 'modules/update_settings';
  await adminCall(path, { module_id: await productModuleId(), field, value });
}

/** Receives a batch of the product as the demo admin (stock arrives only this way); its id. */
export async function receiveStock(
  productId: number,
  quantity: number,
  batch: Record<string, unknown> = {},
): Promise<number> {
  const received = await adminCall<{ batch_id: number }>('stock/receive', {
    dispensary_product_id: productId,
    batch_name: `E2E-${randomBytes(3).toString('hex')}`,
    quantity,
    ...batch,
  });
  return received.batch_id;
}
