/**
 * Dispensing a 30-line formula at one client (budget p99 ≤ 30 ms, issue 16): batches chosen first
 * expiry first out, one ledger row per batch taken, the prescription locked. Each of the 30
 * products holds two small batches and a large one, so lines split across batches. Part of the
 * entities section (on the 1M-patient set); `npm run bench -- dispense` runs it alone on a fresh
 * demo clinic (the small size, for a quick check).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, startServer, type Figure } from './lib';
import { oneClient } from './one-client';
import { BENCH_PASSWORD, signIn, type Auth, type Envelope } from './scale';

const LINES = 30;
const SECONDS = Number(process.env.BENCH_DISPENSE_SECONDS ?? 8);
/** Prescriptions made before measuring: each dispense uses one up. */
const PRESCRIPTIONS = Number(process.env.BENCH_DISPENSE_PRESCRIPTIONS ?? 600);
const LINE_ML = 10;

async function must<T>(url: string, auth: Auth, path: string, body: object): Promise<T> {
  const reply = await post<Envelope<T>>(url, path, { ...auth, ...body });
  if (!reply.result) throw new Error(`${path}: ${JSON.stringify(reply)}`);
  return reply.data;
}

async function prepare(url: string, auth: Auth): Promise<number[]> {
  const products: number[] = [];
  const tag = Date.now().toString(36);
  for (let i = 0; i < LINES; i += 1) {
    const made = await must<{ dispensary_product_id: number }>(
      url,
      auth,
      'dispensary_products/insert',
      {
        dispensary_product_name: `Bench tincture ${tag} ${i}`,
        dispensary_product_unit_kind: 'volume',
      },
    );
    products.push(made.dispensary_product_id);
    // Two batches that run out within the run, so later dispenses split lines across batches.
    for (const [n, quantity, days] of [
      [1, LINE_ML * 7, 30],
      [2, LINE_ML * 13, 60],
      [3, LINE_ML * PRESCRIPTIONS, 400],
    ] as const) {
      const expiry = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      await must(url, auth, 'stock/receive', {
        dispensary_product_id: made.dispensary_product_id,
        batch_name: `B${tag}-${i}-${n}`,
        batch_expiry: expiry,
        quantity,
      });
    }
  }
  const [patient] = await must<Array<{ patient_id: number }>>(url, auth, 'patients/list', {
    limit: 1,
  });
  const ids: number[] = [];
  for (let i = 0; i < PRESCRIPTIONS; i += 1) {
    const { prescription_id } = await must<{ prescription_id: number }>(
      url,
      auth,
      'prescriptions/insert',
      { prescription_patient_id: patient!.patient_id },
    );
    await must(url, auth, 'prescriptions/save_lines', {
      prescription_id,
      lines: products.map((id) => ({
        prescription_line_dispensary_product_id: id,
        prescription_line_quantity: LINE_ML,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: 1,
      })),
    });
    ids.push(prescription_id);
  }
  return ids;
}

/** The figures, measured on the running server `url`. */
export async function dispenseFigures(url: string, auth: Auth): Promise<Figure[]> {
  const ids = await prepare(url, auth);
  let next = 0;
  const before = loadavg()[0]!;
  // oneClient warms up with 20 requests: they use up prescriptions like the measured ones. It
  // stops when every prescription is dispensed: a second dispense is a quick refusal, not a figure.
  const result = await oneClient(
    url,
    'prescriptions/dispense',
    () => ({ ...auth, prescription_id: ids[next++ % ids.length] }),
    SECONDS,
    ids.length,
  );
  const after = loadavg()[0]!;
  const load = `load ${before.toFixed(2)} → ${after.toFixed(2)}${after > 1.5 ? ' (MEASURED BUSY)' : ''}`;
  const used = Math.min(next, ids.length);
  const failed = result.failures + Math.max(0, next - ids.length);
  return [
    { name: `dispense ${LINES}-line formula p50`, value: result.p50, unit: 'ms', note: load },
    {
      name: `dispense ${LINES}-line formula p99`,
      value: result.p99,
      unit: 'ms',
      budget: { limit: 30, kind: 'max' },
      note: `${used} dispenses, max ${result.max.toFixed(1)} ms${failed ? `, ${failed} failed or repeated` : ''}`,
    },
  ];
}

/** `npm run bench -- dispense`: the same on a fresh demo clinic, nothing else seeded. */
export async function dispenseBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-dispense-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD });
    try {
      return await dispenseFigures(server.url, await signIn(server.url));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
