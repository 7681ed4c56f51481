/**
 * Export figures: 100,000 patients of one clinic exported as CSV and as XLSX from a real server
 * process — time to the first byte, time to the last, the file's size, and the server's resident
 * memory before and at its peak during the export (it must stay flat: rows are streamed).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPatients } from '../test/support/bulk-patients';
import { post, startServer, type Figure } from './lib';
import { asOwner, ownerUrlOf, type Envelope } from './scale';

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
  peakRssMb: number;
}

async function exportOnce(url: string, pid: number, body: object): Promise<Run> {
  let peakRssMb = await rssMb(pid);
  const sampler = setInterval(() => {
    void rssMb(pid).then((mb) => (peakRssMb = Math.max(peakRssMb, mb)));
  }, 50);
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
  return { firstByteMs, totalMs, mb: bytes / 2 ** 20, peakRssMb };
}

export async function exportBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
    try {
      const ownerUrl = await ownerUrlOf(dataDir);
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
      const rssBefore = await rssMb(pid);
      const figures: Figure[] = [];
      for (const format of ['csv', 'xlsx'] as const) {
        const run = await exportOnce(server.url, pid, { ...auth, format });
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
            name: `${name}: server RSS growth at peak`,
            value: run.peakRssMb - rssBefore,
            unit: 'MB',
            budget: { limit: 100, kind: 'max' },
            note: `RSS before ${Math.round(rssBefore)} MB`,
          },
        );
      }
      return figures;
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
