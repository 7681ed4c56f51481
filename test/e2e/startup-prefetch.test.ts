/**
 * A stored login opening a list address directly: the start-up asks for the screen's rows
 * before the shell has rendered (app/startupPrefetch.ts). It still keeps the rules — a revoked session
 * lands on the login page without a row shown — and asks for each big read once: on the
 * category tree the shell's categories and the tree's nodes are one request.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { UserToken } from '../../src/shared/envelope';
import { loginAsAdmin, openPage, sharedBrowser } from '../support/browser';
import { api } from './api';

const browser = sharedBrowser();

/** Installed before the page's scripts: notes whether a list row or tree node ever appeared. */
const WATCH_ROWS = `(() => {
  window.__rowsSeen = 0;
  new MutationObserver(() => {
    window.__rowsSeen += document.querySelectorAll('[role="option"], [role="treeitem"]').length;
  }).observe(document, { childList: true, subtree: true });
})()`;

const storedToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('materia.user') ?? '{}') as { token?: unknown }).token,
  ) as Promise<UserToken>;

/** The API calls the page sends, by path (`patients/list`), from now on. */
function sentCalls(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) sent.push(path.slice(5));
  });
  return sent;
}

describe('opening a list address with a stored login', () => {
  it('lands on the login page without a row shown when the stored session was revoked', async () => {
    const { page, context } = await openPage(browser);
    await loginAsAdmin(page);
    // Revoked on the server (as by a logout elsewhere); the browser still holds the login.
    const revoked = await api('users/logout', {}, await storedToken(page));
    expect(revoked.result).toBe(true);
    await context.addInitScript(WATCH_ROWS);
    for (const address of ['/app/patients', '/app/categories']) {
      await page.goto(address);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => (window as { __rowsSeen?: number }).__rowsSeen)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('materia.user'))).toBeNull();
      await loginAsAdmin(page);
      await api('users/logout', {}, await storedToken(page));
    }
    await context.close();
  });

  it('asks for the whole category tree once for the tree and the shell together', async () => {
    const { page, context, errors } = await openPage(browser);
    await loginAsAdmin(page);
    const sent = sentCalls(page);
    await page.goto('/app/categories');
    await page
      .getByRole('tree', { name: 'Categories tree' })
      .getByRole('treeitem', { name: 'Herbs', exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Menu' }).waitFor(); // the shell has its categories
    // Past the screen's own start (its preferences, then a load if the list had none).
    await page.waitForLoadState('networkidle');
    expect(sent.filter((path) => path === 'categories/count')).toHaveLength(1);
    const wholeTree = sent.filter((path) => /^categories\/(list|get_all_flat)$/.test(path));
    expect(wholeTree).toEqual(['categories/get_all_flat']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
