/**
 * Import figure: 10,000 patients (names, date of birth as the clinic writes it, a location by
 * label, e-mail, postcode) imported as one CSV into a fresh demo clinic through a real server
 * process — the dry run and the import itself, each one call, timed from request to reply.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { post, startServer, type Figure } from './lib';
import type { Envelope } from './scale';

const PASSWORD = 'Bench-Pass-2026';
const PATIENTS = 10_000;

function patientsCsv(): string {
  const lines = ['First name,Last name,Date of birth,E-mail,Postcode,Sex'];
  for (let n = 1; n <= PATIENTS; n++) {
    const day = String((n % 28) + 1).padStart(2, '0');
    const month = String((n % 12) + 1).padStart(2, '0');
    lines.push(
      `Pat${n},Imported${n % 997},${day}/${month}/${1940 + (n % 60)},pat${n}@example.com,AB${n % 90} 1CD,${n % 2 ? 'Female' : 'Male'}`,
    );
  }
  return lines.join('\r\n');
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

export async function importBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD });
    try {
      const login = await post<Envelope<{ user_token: object }>>(server.url, 'users/login', {
        _company_slug: 'demo',
        user_email: 'admin@demo.clinic',
        password: PASSWORD,
      });
      const file = Buffer.from(patientsCsv()).toString('base64');
      const body = { _company_slug: 'demo', _user_token: login.data.user_token, file };
      const loadBefore = loadavg()[0] ?? 0;
      const check = await timed(() =>
        post<Envelope<{ errors: unknown[] }>>(server.url, 'patients/import', {
          ...body,
          step: 'check',
        }),
      );
      const done = await timed(() =>
        post<Envelope<{ added: number }>>(server.url, 'patients/import', {
          ...body,
          step: 'import',
        }),
      );
      if (done.value.data?.added !== PATIENTS)
        throw new Error(`import failed: ${JSON.stringify(done.value.messages)}`);
      const loadAfter = loadavg()[0] ?? 0;
      const load = Math.max(loadBefore, loadAfter);
      const note = `load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}${load > 1.5 ? ': not quotable' : ''}`;
      return [
        { name: 'import 10,000 patients (CSV): dry run', value: check.ms / 1000, unit: 's', note },
        {
          name: 'import 10,000 patients (CSV): import',
          value: done.ms / 1000,
          unit: 's',
          budget: { limit: 10, kind: 'max' },
          note,
        },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
