/**
 * The 1,000,000-patient data set the scale benches share: a real server on a fresh data folder,
 * 99 more companies beside the demo clinic, the patients seeded as the owner, and a signed-in
 * demo admin. `withScaleData` hands a bench all of it and cleans up after. BENCH_ONE_CLINIC=1
 * seeds the million in the demo clinic alone (entities-seed.ts); a kept folder (BENCH_DATA_DIR)
 * holds one set or the other, never both.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedClusterOf } from '../src/server/db/embedded';
import { seedPatients } from '../test/support/bulk-patients';
import {
  createCompanies,
  LARGEST_COMPANY_PATIENTS,
  ONE_CLINIC,
  OTHER_COMPANIES,
  patientCounts,
  TOTAL_PATIENTS,
} from './entities-seed';
import { post, startServer, type Figure, type RunningServer } from './lib';

export const BENCH_PASSWORD = 'Bench-Pass-2026';
/** The demo clinic's admin, as the bench's server seeds them. */
export const BENCH_ADMIN = { email: 'admin@demo.clinic', password: BENCH_PASSWORD };
const PASSWORD = BENCH_PASSWORD;
/** The patients a new server seeds in the demo clinic. */
const DEMO_SEEDED_PATIENTS = 200;

export interface Envelope<T> {
  result: boolean;
  data: T;
  messages: { text: string }[];
}

export type Auth = { _company_slug: string; _user_token: object };

/** A server on the data folder, and its cluster's addresses (a restart may change its port). */
export interface ScaleServer {
  server: RunningServer;
  ownerUrl: string;
  appUrl: string;
}

export interface ScaleData extends ScaleServer {
  /** The demo clinic's company id: the largest company (LARGEST_COMPANY_PATIENTS). */
  demo: number;
  /** The server's data folder (DATA_DIR): its database, its mail files (mail/*.eml). */
  dataDir: string;
  /** How long seeding took. */
  figures: Figure[];
  /**
   * Stops the server and starts another on the same folder, with `env` beside the bench's own
   * (figures taken under another setting); `withScaleData` stops the last one started.
   */
  restart(env: Record<string, string>): Promise<ScaleServer>;
}

/** Runs one query as the owner on a connection of its own. */
export async function asOwner<R extends pg.QueryResultRow>(
  ownerUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The application role's URL: its password is kept in the owner's database. */
async function appUrlOf(ownerUrl: string): Promise<string> {
  const [row] = await asOwner<{ value: string }>(
    ownerUrl,
    "select value from materia_private.secrets where name = 'app_role_password'",
  );
  const url = new URL(ownerUrl);
  url.username = 'materia_app';
  url.password = row!.value;
  return url.toString();
}

async function demoCompanyId(ownerUrl: string): Promise<number> {
  const [row] = await asOwner<{ id: string }>(
    ownerUrl,
    "select company_id as id from companies where company_slug = 'demo'",
  );
  return Number(row!.id);
}

const seconds = (ms: number) => ms / 1000;

async function seed(ownerUrl: string, appUrl: string, demo: number): Promise<Figure[]> {
  const started = performance.now();
  const others = await createCompanies(appUrl, PASSWORD);
  const companiesMs = performance.now() - started;
  await seedPatients(ownerUrl, {
    companies: [demo, ...others],
    counts: patientCounts(),
    existing: new Map([[demo, DEMO_SEEDED_PATIENTS]]),
  });
  const patientsMs = performance.now() - started - companiesMs;
  return [
    {
      name: `seed: ${OTHER_COMPANIES} more companies (createCompany)`,
      value: seconds(companiesMs),
      unit: 's',
    },
    {
      name: `seed: ${TOTAL_PATIENTS.toLocaleString('en')} patients, indexes, analyze`,
      value: seconds(patientsMs),
      unit: 's',
      note: `largest company ${LARGEST_COMPANY_PATIENTS.toLocaleString('en')}`,
    },
  ];
}

/**
 * Waits while pg_prewarm's worker reads back the buffers the cluster held before the restart, so
 * that its work is not counted as the figures' (it is PostgreSQL's child, as the backends are).
 */
async function buffersReadBack(ownerUrl: string): Promise<void> {
  for (let waited = 0; waited < 180; waited++) {
    const [row] = await asOwner<{ n: string }>(
      ownerUrl,
      "select count(*) as n from pg_stat_activity where backend_type = 'autoprewarm worker'",
    );
    if (Number(row!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Whether the folder's database holds the seeded set already (BENCH_DATA_DIR reused); an error if
 * it holds the other set (one clinic or a hundred), as seeding over it would mix them.
 */
async function seededAlready(ownerUrl: string, demo: number): Promise<boolean> {
  const [row] = await asOwner<{ companies: string; patients: string }>(
    ownerUrl,
    `select (select count(*) from companies) as companies,
      (select count(*) from patients where company_id = $1) as patients`,
    [demo],
  );
  const [companies, patients] = [Number(row!.companies), Number(row!.patients)];
  if (patients <= DEMO_SEEDED_PATIENTS) return false;
  // The demo clinic holds the whole million in the one-clinic set only.
  const oneClinicSet = patients >= TOTAL_PATIENTS;
  const complete = patients >= LARGEST_COMPANY_PATIENTS && companies > OTHER_COMPANIES;
  if (complete && oneClinicSet === ONE_CLINIC) return true;
  throw new Error(
    `BENCH_DATA_DIR holds another data set (${companies} companies, ${patients} patients in the ` +
      `demo clinic; BENCH_ONE_CLINIC=${ONE_CLINIC ? 1 : 'unset'}): name another folder`,
  );
}

/**
 * A server on a fresh folder with the 1M patients, for the length of `run`. BENCH_DATA_DIR names a
 * folder to keep instead: seeded on the first run, reused (and kept) by the next ones. `small`:
 * the demo clinic alone, without the 1M patients (a quick check that a section works).
 */
export async function withScaleData(
  env: Record<string, string>,
  run: (data: ScaleData) => Promise<Figure[]>,
  options: { small?: boolean } = {},
): Promise<Figure[]> {
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'materia-bench-')));
  try {
    const start = (more: Record<string, string> = {}) =>
      startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD, ...env, ...more });
    const at = async (running: RunningServer): Promise<ScaleServer> => {
      const ownerUrl = embeddedClusterOf(dataDir).url;
      return { server: running, ownerUrl, appUrl: await appUrlOf(ownerUrl) };
    };
    let server = await start();
    try {
      const first = await at(server);
      const demo = await demoCompanyId(first.ownerUrl);
      const figures = options.small
        ? [{ name: 'seed: none, the demo clinic alone (small run)', value: 0, unit: 's' }]
        : kept && (await seededAlready(first.ownerUrl, demo))
          ? [{ name: `seed: reused ${kept}`, value: 0, unit: 's' }]
          : await seed(first.ownerUrl, first.appUrl, demo);
      const restart = async (more: Record<string, string>) => {
        await server.stop();
        server = await start(more);
        const restarted = await at(server);
        await buffersReadBack(restarted.ownerUrl);
        return restarted;
      };
      return [...figures, ...(await run({ ...first, demo, dataDir, figures, restart }))];
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) await rm(dataDir, { recursive: true, force: true });
  }
}

/** The demo clinic's admin, signed in: a fresh session on every call. */
export async function signIn(url: string): Promise<Auth> {
  const login = await post<Envelope<{ user_token: object }>>(url, 'users/login', {
    _company_slug: 'demo',
    user_email: BENCH_ADMIN.email,
    password: BENCH_ADMIN.password,
  });
  if (!login.result) throw new Error(`bench login failed: ${JSON.stringify(login)}`);
  return { _company_slug: 'demo', _user_token: login.data.user_token };
}
