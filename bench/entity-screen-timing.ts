/**
 * Timing a screen as a user opening it sees it: a fresh browser context with a stored login,
 * measured in the page's own clock (0 = navigation start) so that no round trip to the test
 * driver is counted. The split comes from the Navigation and Resource Timing entries.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { cpuSpent, machineBusySeconds, median, processCpu } from './lib';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** One request of the page, in milliseconds from navigation start. */
export interface RequestTiming {
  /** `/api/patients/list`, `/assets/EntityScreen-….js`, … */
  name: string;
  start: number;
  /** Server time plus one loopback round trip: request sent → first byte. */
  wait: number;
  end: number;
  /** Bytes on the wire (compressed) and after decoding. */
  wireBytes: number;
  bodyBytes: number;
}

/**
 * CPU the machine spent while a screen opened (navigation start to rows in view), in
 * milliseconds: on two cores the page competes with its own server and the browser's other
 * processes, so an opening can be bound by the CPU of all of them rather than by any wait.
 */
interface OpeningCpu {
  /** Wall time the CPU was read over. */
  wall: number;
  /** Every process of the machine. */
  machine: number;
  /** The page's renderer process(es): its scripts, style, layout, paint, compiling. */
  renderer: number;
  /** Chromium's other processes: the browser itself, the network service, the GPU process. */
  browser: number;
  /** The server's processes and their PostgreSQL. */
  server: number;
}

export interface ScreenTiming {
  /** Navigation start → the first row in the viewport, at the frame that paints it. */
  inView: number;
  /** The page's module scripts have run (DOMContentLoaded ends after deferred scripts). */
  scriptReady: number;
  requests: RequestTiming[];
  domElements: number;
  heapMB: number;
  cpu: OpeningCpu;
}

/**
 * Installed before any page script: notes when the first element matching the selector lies in
 * the viewport, then waits for the frame that paints it (requestAnimationFrame, then a task).
 * The page scripts are sent as text: the TypeScript loader would otherwise add helpers the page
 * does not have.
 */
const WATCH_ROWS_SCRIPT = `(selector) => {
  let seen = false;
  const check = () => {
    if (seen) return;
    const element = document.querySelector(selector);
    if (!element) return;
    const box = element.getBoundingClientRect();
    if (box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) return;
    seen = true;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.__inView = performance.now())));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}`;

/** Read in the page once the rows are in view. */
const COLLECT_SCRIPT = `() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  return {
    inView: window.__inView,
    scriptReady: navigation.domContentLoadedEventEnd,
    requests: [navigation, ...resources].map((r) => ({
      name: new URL(r.name).pathname,
      start: r.startTime,
      wait: r.responseStart - r.requestStart,
      end: r.responseEnd,
      wireBytes: r.transferSize,
      bodyBytes: r.decodedBodySize,
    })),
    domElements: document.getElementsByTagName('*').length,
    heapMB: (performance.memory?.usedJSHeapSize ?? 0) / 2 ** 20,
  };
}`;

/**
 * Opens `url` in a new context holding `storage` (the login as the app stores it), at 1× CPU,
 * and times it to the first `selector` element in view: nothing of an earlier visit is kept.
 */
export async function timeScreen(
  browser: Browser,
  storage: StorageState,
  url: string,
  selector: string,
  serverPid: number,
): Promise<ScreenTiming> {
  const [timing] = await timeOpenings(browser, storage, url, selector, 1, serverPid);
  return timing!;
}

const CHROMIUM_RENDERER = /--type=renderer/;
const CHROMIUM = /chrom/i;

async function cpuNow(serverPid: number) {
  const [machine, processes] = await Promise.all([machineBusySeconds(), processCpu()]);
  const [renderer, browser] = await processes.byCommand(process.pid, [CHROMIUM_RENDERER, CHROMIUM]);
  return { machine, server: processes.tree(serverPid), renderer: renderer!, browser: browser! };
}

/**
 * Reads the CPU of the machine's processes while `work` runs (and while the reading ends). A
 * process that ended meanwhile (a closed context's renderer) is left out of its kind.
 */
async function withOpeningCpu<T>(serverPid: number, work: () => Promise<T>) {
  const before = await cpuNow(serverPid);
  const started = performance.now();
  const result = await work();
  const wall = performance.now() - started;
  const after = await cpuNow(serverPid);
  const ms = (key: 'server' | 'renderer' | 'browser') => cpuSpent(before[key], after[key]) * 1000;
  const cpu: OpeningCpu = {
    wall,
    machine: (after.machine - before.machine) * 1000,
    renderer: ms('renderer'),
    browser: ms('browser'),
    server: ms('server'),
  };
  return { result, cpu };
}

/**
 * Opens `url` `times` times, one after the other, in one new context, as a user who comes back
 * to the screen: from the second opening the app's files come from the browser's cache (and V8
 * may run code it compiled at an earlier opening). The service worker stays off, as in
 * timeScreen.
 */
export async function timeOpenings(
  browser: Browser,
  storage: StorageState,
  url: string,
  selector: string,
  times: number,
  serverPid: number,
): Promise<ScreenTiming[]> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: storage,
    serviceWorkers: 'block', // a fresh visit: nothing served from an earlier one
  });
  try {
    await context.addInitScript(`(${WATCH_ROWS_SCRIPT})(${JSON.stringify(selector)})`);
    const timings: ScreenTiming[] = [];
    for (let opening = 0; opening < times; opening += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      const { cpu } = await withOpeningCpu(serverPid, async () => {
        await page.goto(url, { waitUntil: 'commit' });
        // A function, not text: the app's CSP forbids eval, which a text predicate would need.
        await page.waitForFunction(() => (window as { __inView?: number }).__inView !== undefined);
      });
      const timing = await page.evaluate<Omit<ScreenTiming, 'cpu'>>(`(${COLLECT_SCRIPT})()`);
      timings.push({ ...timing, cpu });
      await page.close();
    }
    return timings;
  } finally {
    await context.close();
  }
}

/** A fresh context's opening of a file without script: the browser's own share of an opening. */
export interface OpeningFloor {
  /** Navigation start → the load event. */
  load: number;
  cpu: OpeningCpu;
}

/**
 * The floor under every screen figure: `url` (a small text file of the app's) opened in a fresh
 * context with the stored login, as the screens are. Whatever the app does, an opening costs
 * this much time and CPU.
 */
export async function timeFloor(
  browser: Browser,
  storage: StorageState,
  url: string,
  serverPid: number,
): Promise<OpeningFloor> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: storage,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const { cpu } = await withOpeningCpu(serverPid, () => page.goto(url, { waitUntil: 'load' }));
    const load = await page.evaluate<number>(
      `performance.getEntriesByType('navigation')[0].loadEventEnd`,
    );
    return { load, cpu };
  } finally {
    await context.close();
  }
}

/**
 * A fixed script's time in a blank page (objects made, sorted, through JSON): browser timings
 * differ 3–4× between machines, this says how fast this one is right now.
 */
const CALIBRATION_SCRIPT = `() => {
  const start = performance.now();
  const rows = Array.from({ length: 100000 }, (_, i) => ({ id: i, name: 'Name ' + ((i * 7919) % 100000) }));
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const copy = JSON.parse(JSON.stringify(rows));
  if (copy.length !== rows.length) throw new Error('calibration failed');
  return performance.now() - start;
}`;

/** The median of five runs of the calibration script, in milliseconds. */
export async function calibrate(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const times: number[] = [];
    for (let i = 0; i < 5; i += 1)
      times.push(await page.evaluate<number>(`(${CALIBRATION_SCRIPT})()`));
    return median(times);
  } finally {
    await context.close();
  }
}

/** The requests in the order they were sent, one line each, for reading the waterfall. */
export function waterfall(timing: ScreenTiming): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  const lines = [...timing.requests]
    .sort((a, b) => a.start - b.start)
    .map(
      (r) =>
        `  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms` +
        `  (first byte after ${r.wait.toFixed(0).padStart(4)} ms)` +
        `  ${kb(r.wireBytes).padStart(7)} wire ${kb(r.bodyBytes).padStart(7)} body  ${r.name}`,
    );
  const mark = (ms: number, text: string) => `  ${ms.toFixed(0).padStart(5)} ms  ${text}`;
  return [
    ...lines,
    mark(timing.scriptReady, 'app script ready (DOMContentLoaded end)'),
    mark(timing.inView, 'rows in view'),
  ].join('\n');
}
