/**
 * The accessibility check of the browser tests: axe's serious and critical violations on the
 * page as it is now, one line each (rule, impact, the elements), so a failing test names them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits (up to 5 s) until no finite animation or transition runs: an element fading in or out
 * (a tooltip, a panel on a small screen) has its colours part-way, and axe would measure a
 * contrast no one sees at rest. Endless ones (loaders, a striped progress bar) are not waited for.
 */
async function atRest(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

export async function seriousViolations(page: Page): Promise<string[]> {
  await atRest(page);
  // Legacy mode runs axe.run in the page itself: the default finishes the run in a new blank
  // page, a second page per check (the app has no cross-origin frame, which only that mode
  // reaches). Only violations are collected: the passes, every checked element of every rule,
  // were serialised out of the page and thrown away.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The same on each of `paths` in turn: opened, `ready` awaited (what shows the page is drawn),
 * the network settled (animations end in seriousViolations); each line starts with the path it was found on.
 */
export async function seriousViolationsOn(
  page: Page,
  paths: readonly string[],
  ready: (page: Page) => Promise<void>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    problems.push(...(await seriousViolations(page)).map((p) => `${path} ${p}`));
  }
  return problems;
}
