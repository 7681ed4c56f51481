/**
 * Offline clients (`/offline/clients`): with the service worker allowed, the patients a user
 * opened are read from this device with the network cut — read-only and dated — and logging out
 * removes them. The patients made here are deleted again.
 */
import { mkdir } from 'node:fs/promises';
import { seriousViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { adminToken, api, insertRow } from './api';
import { sharedBrowser, loginAsAdmin, openPage, screenshotPath } from '../support/browser';

const browser = sharedBrowser();
let token: UserToken;
const tag = Date.now().toString(36);
const names = [`Offline ${tag}, Olive`, `Offline ${tag}, Oscar`];
const ids: number[] = [];

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
  token = await adminToken();
  for (const first of ['Olive', 'Oscar']) {
    const patient = await insertRow<{ patient_id: number }>('patients', {
      patient_first_name: first,
      patient_last_name: `Offline ${tag}`,
      patient_city: 'Bath',
      patient_notes: `Notes of ${first}`,
    });
    ids.push(patient.patient_id);
  }
});

afterAll(async () => {
  for (const id of ids) await api('patients/delete', { selected: [id] }, token);
});

/** How many copies the device's IndexedDB holds. */
const storedCopies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('materia-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('clients', { keyPath: 'key' });
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('clients').objectStore('clients').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );

describe('offline clients', () => {
  it('lists the patients opened, read-only, with the network cut; logout removes them', async () => {
    const { page, context } = await openPage(browser, { serviceWorkers: 'allow' });
    await loginAsAdmin(page);
    // The service worker installs on the first visit and controls the pages loaded after it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    for (const [index, id] of ids.entries()) {
      await page.goto(`/app/patients/${id}`);
      await expect.poll(() => storedCopies(page)).toBe(index + 1);
    }

    await context.setOffline(true);
    await page.goto('/offline/clients');
    await page.getByRole('heading', { name: 'Working offline' }).waitFor();
    await page.getByText('You are offline').waitFor();
    const cards = page.getByTestId('offline-client');
    await cards.first().waitFor();
    // Most recently opened first.
    expect(await cards.getByRole('heading').allTextContents()).toEqual([names[1], names[0]]);
    for (const card of await cards.all()) {
      await card.getByText('Read-only').waitFor();
      expect(await card.getByText(/^as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/).count()).toBe(1);
      await card.getByText('Bath').waitFor();
    }
    await page.getByText('Notes of Olive').waitFor();
    // Nothing on the page can change a record.
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('button').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('offline-clients'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await context.setOffline(false);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => storedCopies(page)).toBe(0);
    await page.goto('/offline/clients');
    await page.getByText('Nobody is signed in on this device').waitFor();
    expect(await page.getByTestId('offline-client').count()).toBe(0);
    await context.close();
  });
});
