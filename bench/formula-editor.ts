/**
 * The formula editor's work on each change of a line — its safety warnings and the totals under
 * the lines, the two pure routines it calls (src/shared/prescription-safety.ts,
 * src/web/entity/extras/prescriptionSummary.ts) — for a 30-line formula in which every line warns
 * (./formula-fixture.ts), timed inside Chromium at 4× CPU throttling against one frame (16 ms,
 * issue 16). The routines are bundled from the sources by esbuild (tsx's own), so the page runs
 * the app's code; a calibration figure says how fast this machine's browser is.
 */
import { build } from 'esbuild';
import { loadavg } from 'node:os';
import { launchBrowser } from '../test/support/chromium';
import { calibrate } from './entity-screen-timing';
import { formulaFixture } from './formula-fixture';
import { percentile, type Figure } from './lib';

const RUNS = 400;

/** The page's script: `timeFormulaEditor({runs, fixture})` answers each run's milliseconds. */
const ENTRY = `
import { prescriptionWarnings } from './src/shared/prescription-safety';
import { prescriptionSummary } from './src/web/entity/extras/prescriptionSummary';
import { currencyByCode } from './src/shared/currencies';

globalThis.timeFormulaEditor = ({ runs, fixture }) => {
  const { facts, lines, prescription } = fixture;
  const units = { unitSystem: 'metric', currency: currencyByCode('GBP') };
  const times = [];
  let warned = 0;
  for (let i = 0; i < runs; i += 1) {
    // A change: one line's quantity, so nothing can be reused from the last run.
    const changed = lines.map((l, n) => (n === i % lines.length ? { ...l, prescription_line_quantity: 30 + i } : l));
    const start = performance.now();
    const warnings = prescriptionWarnings(changed, prescription, facts, units.unitSystem);
    const summary = prescriptionSummary(changed, prescription, units);
    times.push(performance.now() - start);
    warned = warnings.length + summary.length;
  }
  return { times, warned };
};
`;

async function pageScript(): Promise<string> {
  const bundled = await build({
    stdin: { contents: ENTRY, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  });
  return bundled.outputFiles[0]!.text;
}

export async function formulaEditorFigures(): Promise<Figure[]> {
  const script = await pageScript();
  const browser = await launchBrowser();
  try {
    const calibration = await calibrate(browser);
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addScriptTag({ content: script });
    const before = loadavg()[0]!;
    type Timer = (input: { runs: number; fixture: ReturnType<typeof formulaFixture> }) => {
      times: number[];
      warned: number;
    };
    const { times, warned } = await page.evaluate(
      (input) => (globalThis as unknown as { timeFormulaEditor: Timer }).timeFormulaEditor(input),
      { runs: RUNS, fixture: formulaFixture() },
    );
    const after = loadavg()[0]!;
    await context.close();
    // The first runs warm the JIT up, as the editor's first changes do: measured apart.
    const sorted = times.slice(20).sort((a, b) => a - b);
    const load = `load ${before.toFixed(2)} → ${after.toFixed(2)}${after > 1.5 ? ' (MEASURED BUSY)' : ''}`;
    return [
      {
        name: 'formula editor recompute, 30 lines, 4× CPU, p50',
        value: percentile(sorted, 0.5),
        unit: 'ms',
        note: `${warned} warnings and totals lines; ${load}`,
      },
      {
        name: 'formula editor recompute, 30 lines, 4× CPU, p99',
        value: percentile(sorted, 0.99),
        unit: 'ms',
        budget: { limit: 16, kind: 'max' },
        note: `first run ${times[0]!.toFixed(1)} ms; calibration script ${calibration.toFixed(0)} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
