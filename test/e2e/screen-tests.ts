/**
 * What the screen tests of issue 15 share: one browser per file with a screenshots folder, the
 * two widths every point is looked at, and the editor region.
 */
import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { sharedBrowser, SMALL, WIDE } from '../support/browser';

/** Call at the top of a test file, like sharedBrowser. */
export function screenBrowser(): Browser {
  const browser = sharedBrowser();
  beforeAll(async () => {
    await mkdir('test-results', { recursive: true });
  });
  return browser;
}

/** `it.each(WIDTHS)('… (%s)', (name, viewport) => …)`: wide (1440 px) and small (375 px). */
export const WIDTHS = [
  ['wide', WIDE],
  ['small', SMALL],
] as const;

export const editorOf = (page: Page) => page.getByRole('region', { name: 'Editor' });
