/**
 * The command palette as a user sees it (issue 17, item 5: ≤ 50 ms from keystroke to updated
 * results on 1M patients): in Chromium against the bench's server, signed in as the demo
 * clinic's admin, Ctrl-K, then each term typed at a typist's pace. The figure is the page's own
 * clock from the term's last keystroke to the frame that paints the last change of the palette
 * (its results and the "Searching" mark going away), so debounce, request, server, React and
 * paint are all inside it. A calibration figure (a fixed script's time) goes beside it, as
 * browser timings differ 3–4× between machines.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, submitLogin } from '../test/support/chromium';
import { calibrate } from './entity-screen-timing';
import { median, type Figure, type RunningServer } from './lib';

const BUDGET_MS = 50;
/** A typist's pace: keystrokes 100–200 ms apart. */
const KEY_DELAY_MS = 120;
/**
 * Each term is typed this many times (a fresh page each time): of 44 timings the p99 is the
 * slowest one, a single outlier of the machine; of 132 it is a percentile again.
 */
const ROUNDS = 3;

/**
 * Installed once the palette is open: the time of every key press, and of the frame after each
 * change inside the palette (requestAnimationFrame, then a task: the frame that shows it has been painted).
 */
const WATCH_SCRIPT = `() => {
  window.__lastKey = 0;
  window.__lastPaint = 0;
  document.addEventListener('keydown', () => (window.__lastKey = performance.now()), true);
  const palette = document.querySelector('[role="dialog"][aria-label="Command palette"]');
  // The scroll bar is hidden until the user scrolls (it overlays the rows): its element coming
  // and going as the results overflow or not changes nothing on screen.
  const inScrollbar = (node) =>
    node.nodeType === 1 && node.closest('.mantine-ScrollArea-scrollbar') !== null;
  const shown = (m) => {
    const nodes = [...m.addedNodes, ...m.removedNodes];
    return !inScrollbar(m.target) && !(nodes.length > 0 && nodes.every(inScrollbar));
  };
  new MutationObserver((mutations) => {
    if (!mutations.some(shown)) return;
    requestAnimationFrame(() => setTimeout(() => (window.__lastPaint = performance.now())));
  }).observe(palette, { childList: true, subtree: true, characterData: true, attributes: true });
}`;

/**
 * Waits, inside the page, until the palette no longer marks a search under way and nothing has
 * changed for 150 ms (the last change has been painted and nothing follows it), then gives the
 * time from the last key press to that paint. One call that answers once: a wait polled from
 * here sent a DevTools call every 25 ms, whose work (in this process, the browser's and the
 * page's) ran on the same two cores as the server inside the interval being measured; a
 * locator's wait computed accessible names across the page on every change. Run as a plain
 * evaluation: the page's CSP refuses a predicate sent as text.
 */
const SETTLED_SCRIPT = `new Promise((resolve) => {
  const searching = () => document.querySelector('[role="dialog"] [aria-label="Searching"]') !== null;
  const quietFor = () => performance.now() - Math.max(window.__lastPaint, window.__lastKey);
  const check = () =>
    !searching() && quietFor() >= 150
      ? resolve(window.__lastPaint - window.__lastKey)
      : setTimeout(check, 25);
  check();
})`;

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * One term typed into a freshly opened palette: ms from its last keystroke to the painted
 * results. The page is loaded anew for each term, so no earlier answer is in its cache (one term
 * is the start of another: "ahm", "ahmedzz").
 */
async function timeTerm(page: Page, url: string, term: string): Promise<number> {
  // Once the page has settled: the dashboard's own calls (its counts of 100,000 patients) would
  // otherwise still be running on the server beside the palette's first searches.
  await page.goto(`${url}/app`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Menu' }).waitFor();
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const search = palette.getByRole('textbox', { name: 'Search everything' });
  await search.waitFor();
  await page.evaluate(`(${WATCH_SCRIPT})()`);
  await search.pressSequentially(term, { delay: KEY_DELAY_MS });
  return page.evaluate<number>(SETTLED_SCRIPT);
}

export async function paletteBrowserFigures(
  server: RunningServer,
  credentials: { email: string; password: string },
  terms: readonly string[],
): Promise<Figure[]> {
  if (!existsSync(join('dist', 'web', 'index.html')))
    return [
      { name: 'palette in Chromium: skipped (run `npm run build` first)', value: 0, unit: '' },
    ];
  const browser = await launchBrowser();
  try {
    const calibration = await calibrate(browser);
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await submitLogin(page, credentials.email, credentials.password);
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    // One unmeasured round first: a connection plans a statement shape the first time it runs
    // it (for the date's six-kind search 20–40 ms), a cost of the server's first minutes that the
    // pool's kept connections (db/database.ts) do not pay again; the server figures warm up too.
    for (const term of terms) await timeTerm(page, server.url, term);
    const typed = Array.from({ length: ROUNDS }, () => terms).flat();
    const times: number[] = [];
    for (const term of typed) times.push(await timeTerm(page, server.url, term));
    const sorted = [...times].sort((a, b) => a - b);
    const slowest = typed
      .map((term, i) => ({ term, ms: times[i]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map(({ term, ms }) => `"${term}" ${ms.toFixed(0)}`)
      .join(', ');
    const note = `${terms.length} terms typed ${ROUNDS} times each, ${KEY_DELAY_MS} ms apart; calibration ${calibration.toFixed(0)} ms`;
    return [
      {
        name: 'palette in Chromium: last keystroke → results painted p50',
        value: median(sorted),
        unit: 'ms',
        note,
      },
      {
        name: 'palette in Chromium: last keystroke → results painted p99',
        value: percentile(sorted, 99),
        unit: 'ms',
        budget: { limit: BUDGET_MS, kind: 'max' },
        note: `slowest ${slowest} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
