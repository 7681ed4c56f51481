/**
 * Export figures: 100,000 patients of one clinic exported as CSV and as XLSX from a real server
 * process — time to the first byte, time to the last, the file's size — and what the server holds
 * meanwhile: its live heap (garbage collected before each sample, in a second export so that the
 * collections do not slow the timed one) must stay flat, as rows are streamed. Its resident size
 * is printed too, without a budget: it also counts the garbage V8 collects only when its heap
 * reaches a limit set from the server's whole heap, a saw-tooth whose height is not the export's.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPatients } from '../test/support/bulk-patients';
import { liveHeapOf, inspectorUrlOf, type LiveHeap } from './live-heap';
import { post, startServer, type Figure } from './lib';
import { embeddedClusterOf } from '../src/server/db/embedded';
import { asOwner, type Envelope } from './scale';

const PASSWORD = 'Bench-Pass-2026';
const PATIENTS = 100_000;

/** The server's resident set size (Linux /proc; 0 elsewhere), in MB. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Run {
  firstByteMs: number;
  totalMs: number;
  mb: number;
  /** The highest sample of memory during the export. */
  peakMb: number;
}

/** The live heap's growth may be this much: a batch of rows and the stream's buffers. */
const LIVE_HEAP_BUDGET_MB = 24;

/** One export, its peak memory sampled by `sample` every `everyMs`. */
async function exportOnce(
  url: string,
  body: object,
  sample: () => Promise<number>,
  everyMs: number,
): Promise<Run> {
  let peak = await sample();
  let sampling = false;
  const sampler = setInterval(() => {
    if (sampling) return;
    sampling = true;
    void sample()
      .then((mb) => (peak = Math.max(peak, mb)))
      .finally(() => (sampling = false));
  }, everyMs);
  const started = performance.now();
  const response = await fetch(`${url}/api/patients/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'identity' },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
  let bytes = 0;
  let firstByteMs = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.length;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, await sample());
  return { firstByteMs, totalMs, mb: bytes / 2 ** 20, peakMb: peak };
}

export async function exportBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD }, [
      '--inspect=127.0.0.1:0',
    ]);
    let liveHeap: LiveHeap | undefined;
    try {
      const ownerUrl = embeddedClusterOf(dataDir).url;
      const [demo] = await asOwner<{ id: string }>(
        ownerUrl,
        "select company_id as id from companies where company_slug = 'demo'",
      );
      const [have] = await asOwner<{ n: string }>(
        ownerUrl,
        'select count(*) as n from patients where company_id = $1',
        [demo!.id],
      );
      await loadPatients(ownerUrl, Number(demo!.id), PATIENTS - Number(have!.n));
      const login = await post<Envelope<{ user_token: object }>>(server.url, 'users/login', {
        _company_slug: 'demo',
        user_email: 'admin@demo.clinic',
        password: PASSWORD,
      });
      const auth = { _company_slug: 'demo', _user_token: login.data.user_token };
      const pid = server.process.pid ?? 0;
      const load = loadavg()[0] ?? 0;
      const note = load > 1.5 ? `load ${load.toFixed(1)}: not quotable` : `load ${load.toFixed(1)}`;
      const figures: Figure[] = [];
      for (const format of ['csv', 'xlsx'] as const) {
        const rssBefore = await rssMb(pid);
        const run = await exportOnce(server.url, { ...auth, format }, () => rssMb(pid), 50);
        liveHeap ??= await liveHeapOf(inspectorUrlOf(server.output));
        const heap = liveHeap;
        const heapBefore = await heap.measure();
        const held = await exportOnce(server.url, { ...auth, format }, () => heap.measure(), 250);
        const name = `export 100,000 patients, ${format.toUpperCase()}`;
        figures.push(
          {
            name: `${name}: first byte`,
            value: run.firstByteMs,
            unit: 'ms',
            budget: { limit: 1000, kind: 'max' },
            note,
          },
          { name: `${name}: whole file`, value: run.totalMs / 1000, unit: 's', note },
          { name: `${name}: size`, value: run.mb, unit: 'MB' },
          {
            name: `${name}: server live heap growth at peak`,
            value: held.peakMb - heapBefore,
            unit: 'MB',
            budget: { limit: LIVE_HEAP_BUDGET_MB, kind: 'max' },
            note: `garbage collected before each sample (every 250 ms); ${Math.round(heapBefore)} MB before`,
          },
          {
            name: `${name}: server resident size growth at peak`,
            value: run.peakMb - rssBefore,
            unit: 'MB',
            note: `${Math.round(rssBefore)} MB before; counts garbage not yet collected`,
          },
        );
      }
      return figures;
    } finally {
      liveHeap?.close();
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
