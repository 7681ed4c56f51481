/**
 * What people see: screenshots of the landing page and the shell at 375 px and 1440 px (saved
 * under test-results/ for a person to look at), accessibility (axe: no serious or critical
 * violation) and the JavaScript budget of the landing page and the shell.
 */
import { mkdir } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { seriousViolations } from '../support/axe';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  sharedBrowser,
  loginAsAdmin,
  openMenu,
  openPage,
  screenshotPath,
  SMALL,
  WIDE,
} from '../support/browser';

const browser = sharedBrowser();

beforeAll(async () => {
  await mkdir('test-results', { recursive: true });
});

/** Gzip size of every script the page loaded (measured here, whatever the server sent). */
function trackScripts(page: Page): () => Promise<number> {
  const bodies: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(
        response
          .body()
          .then((body) => gzipSync(body).length)
          .catch(() => 0),
      );
    }
  });
  return async () => (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
}

describe.each([
  ['small', SMALL],
  ['wide', WIDE],
] as const)('%s screen', (name, viewport) => {
  it('landing page: screenshot and no serious accessibility problem', async () => {
    const { page, context, errors } = await openPage(browser, { viewport });
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: screenshotPath(`landing-${name}`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/password-reset');
    await page.getByTestId('captcha').waitFor();
    await page.screenshot({ path: screenshotPath(`password-reset-${name}`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('main shell: screenshots and no serious accessibility problem', async () => {
    const { page, context, errors } = await openPage(browser, { viewport });
    await loginAsAdmin(page);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshotPath(`dashboard-${name}`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The entity screen is another part's; here it only shows the shell around it.
    await page.goto('/app/herbs/12/general');
    await page
      .getByRole('navigation', { name: 'Herbs shortcuts' })
      .or(page.getByRole('button', { name: 'Back', exact: true }))
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: screenshotPath(`entity-${name}`), fullPage: true });

    await openMenu(page, 'Full Menu');
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath(`menu-${name}`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menu').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath(`account-${name}`) });
    await page.keyboard.press('Escape');

    await page.goto('/app/my_details');
    await page.getByRole('heading', { name: 'My details' }).waitFor();
    await page.screenshot({ path: screenshotPath(`my-details-${name}`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/app/test');
    await page.getByRole('button', { name: 'Warning toast', exact: true }).click();
    await page.getByRole('button', { name: 'Info toast', exact: true }).click();
    await page.locator('.materia-toast-info').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath(`toasts-${name}`) });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('pages without chrome', () => {
  it('printing and offline layouts', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    await page.goto('/printing/patientletters/5');
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).count()).toBe(0);
    await page.screenshot({ path: screenshotPath('printing-wide'), fullPage: true });
    await page.goto('/offline/clients');
    await page.getByRole('heading', { name: 'Working offline' }).waitFor();
    await page.screenshot({ path: screenshotPath('offline-wide'), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('JavaScript budget', () => {
  it('keeps the landing page within 150 KB gzip and the shell within 300 KB', async () => {
    const { page, context } = await openPage(browser);
    const landing = trackScripts(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    const landingBytes = await landing();
    expect(landingBytes).toBeLessThanOrEqual(150 * 1024);

    const shellPage = await context.newPage();
    const shell = trackScripts(shellPage);
    await loginAsAdmin(shellPage);
    await shellPage.getByRole('heading', { name: /Welcome/ }).waitFor();
    await shellPage.waitForLoadState('networkidle');
    const shellBytes = await shell();
    console.info(
      `JS gzip: landing ${(landingBytes / 1024).toFixed(1)} KB, shell ${(shellBytes / 1024).toFixed(1)} KB`,
    );
    expect(shellBytes).toBeLessThanOrEqual(300 * 1024);
    await context.close();
  });
});
