/**
 * The accessibility check of the browser tests: axe's serious and critical violations on the
 * page as it is now, one line each (rule, impact, the elements), so a failing test names them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * The same on each of `paths` in turn: opened, `ready` awaited (what shows the page is drawn),
 * the network settled, animations ended; each line starts with the path it was found on.
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
    // A panel still fading in (small screens) has its colours part-way: contrast is measured on
    // the page at rest.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== 'running'),
    );
    problems.push(...(await seriousViolations(page)).map((p) => `${path} ${p}`));
  }
  return problems;
}
