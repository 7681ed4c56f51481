/** The shell around the pages: the per-module left drawer and the offline page from the cache. */
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sharedBrowser, clientAddress, loginAsAdmin, openPage, WIDE } from '../support/browser';

const browser = sharedBrowser();

describe('left drawer (320 px, breakpoint 1439)', () => {
  it('sits beside the page on a wide screen and can be hidden and shown again', async () => {
    const { page, context } = await openPage(browser, { viewport: WIDE });
    await loginAsAdmin(page);
    await page.goto('/app/herbs');
    const panel = page.getByRole('navigation', { name: 'Herbs panel' });
    await panel.waitFor();
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(320);
    const toggle = page.getByRole('button', { name: 'Side panel' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await toggle.click();
    await expect.poll(async () => (await panel.boundingBox())?.x ?? 0).toBeLessThan(-300);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await expect.poll(async () => (await panel.boundingBox())?.x ?? -1).toBe(0);
    // A module without a left drawer has no toggle.
    await page.goto('/app/groups');
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Groups').waitFor();
    expect(await page.getByRole('button', { name: 'Side panel' }).count()).toBe(0);
    await context.close();
  });

  it('opens over the page below 1440 px', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1439, height: 900 } });
    await loginAsAdmin(page);
    await page.goto('/app/patients');
    const toggle = page.getByRole('button', { name: 'Side panel' });
    await toggle.waitFor();
    expect(await page.getByRole('navigation', { name: 'Patients shortcuts' }).count()).toBe(0);
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Patients' });
    await drawer.waitFor();
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(320);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('offline (service worker)', () => {
  it('keeps the app shell so that the offline page opens without a connection', async () => {
    // This context allows service workers, unlike the others.
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    // The worker takes control with a reload; from then on the shell comes from its cache.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/offline/clients');
    await page.getByRole('heading', { name: 'Working offline' }).waitFor();
    await page.getByText('You are offline', { exact: true }).waitFor();
    await context.close();
  });
});
