/**
 * Issue 3 figures: patients at scale. 1,000,000 patients over 100 companies (the demo clinic with
 * 100,000) on the embedded cluster; then, at 32 connections, a searched first page beside the
 * same SQL straight through `pg`, typeahead, inserts and a deep unfiltered page.
 */
import { cpus, loadavg } from 'node:os';
import * as people from '../src/server/seed/data/people';
import { engineListSql, sqlLoad } from './entities-sql';
import { signIn, withScaleData, type Auth, type Envelope } from './scale';
import {
  load,
  post,
  treeCpuSeconds,
  type Figure,
  type LoadResult,
  type RunningServer,
} from './lib';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;

/** What staff type into the search box: the start of a surname or a first name, or a postcode. */
// prettier-ignore
const SEARCH_TERMS = [
  'smi', 'jon', 'tay', 'bro', 'wil', 'dav', 'wri', 'tho', 'eva', 'wal', 'whi', 'rob', 'gre',
  'hal', 'woo', 'jac', 'cla', 'pat', 'kha', 'lew', 'mit', 'mor', 'hug', 'coo', 'tur', 'par',
  'ben', 'fle', 'cam', 'ahm', 'sin', 'che', 'bak', 'pri', 'mur', 'hol', 'llo', 'fis', 'ash',
  'bla', 'kin', 'lan', 'oak', 'wes', 'hay', 'fer', 'oli', 'ame', 'emi', 'sop', 'gra', 'luc',
  'geo', 'har', 'hen', 'jam', 'edw', 'sam', 'dan', 'pet', 'ric', 'mic', 'ste', 'mat', 'ann',
  'sar', 'hel', 'cat', 'rac', 'eli', 'fio', 'zar', 'nia', 'Smi', 'Jon', 'ba1', 'bs6', 'gl5',
];

/**
 * p50, p99 and throughput of one load, with the failures noted. With a closed loop of 32
 * connections the mean latency is 32 / throughput (Little's law), printed beside the p50.
 */
function loadFigures(
  label: string,
  result: Measured,
  budgets: { p50?: number; p99?: number; rate?: number },
  note = '',
): Figure[] {
  const failures = result.errors + result.non2xx;
  const failed = failures ? `${failures} failed requests` : 'no failed requests';
  const mean = (CONNECTIONS * 1000) / result.requestsPerSecond;
  const budget = (limit: number | undefined, kind: 'max' | 'min') =>
    limit ? { budget: { limit, kind } } : {};
  return [
    {
      name: `${label} p50`,
      value: result.p50,
      unit: 'ms',
      ...budget(budgets.p50, 'max'),
      note: `mean ${Math.round(mean)} ms = ${CONNECTIONS} connections / throughput`,
    },
    { name: `${label} p99`, value: result.p99, unit: 'ms', ...budget(budgets.p99, 'max') },
    {
      name: `${label} throughput`,
      value: result.requestsPerSecond,
      unit: 'req/s',
      ...budget(budgets.rate, 'min'),
      note: note ? `${failed}; ${note}` : failed,
    },
    {
      name: `${label} CPU per request`,
      value: result.cpuMs,
      unit: 'ms',
      note: `Node + PostgreSQL; ${cpus().length} cores allow ≈ ${Math.round((cpus().length * 1000) / result.cpuMs)} req/s`,
    },
  ];
}

interface Measured extends LoadResult {
  /** CPU time of the server and its PostgreSQL (and of the bench's own client for raw SQL). */
  cpuMs: number;
}

async function withCpu(
  server: RunningServer,
  run: () => Promise<LoadResult>,
  ownCpu = false,
): Promise<Measured> {
  const pid = server.process.pid ?? 0;
  const before = await treeCpuSeconds(pid);
  const own = process.cpuUsage();
  const result = await run();
  const ownUsed = ownCpu ? process.cpuUsage(own) : { user: 0, system: 0 };
  const used = (await treeCpuSeconds(pid)) - before + (ownUsed.user + ownUsed.system) / 1e6;
  return { ...result, cpuMs: (used * 1000) / (result.requestsPerSecond * SECONDS) };
}

async function measured(server: RunningServer, path: string, body: object | (() => object)) {
  await load(server.url, path, body, CONNECTIONS, WARM_UP_SECONDS);
  return withCpu(server, () => load(server.url, path, body, CONNECTIONS, SECONDS));
}

const cycle = <T>(items: readonly T[]) => {
  let next = 0;
  return () => items[next++ % items.length]!;
};

function newPatient(n: number): Record<string, unknown> {
  const female = n % 9 < 5;
  const first = (female ? people.FEMALE_NAMES : people.MALE_NAMES)[n % 31]!;
  const last = people.LAST_NAMES[(n * 7) % people.LAST_NAMES.length]!;
  const day = `${1 + (n % 12)}`.padStart(2, '0') + '-' + `${1 + (n % 28)}`.padStart(2, '0');
  return {
    patient_first_name: first,
    patient_last_name: last,
    patient_sex: female ? 'Female' : 'Male',
    patient_dob: `${1940 + (n % 70)}-${day}`,
    patient_email: `${first.toLowerCase()}.${last.toLowerCase().replace(/[^a-z]/g, '')}${n}@example.org`,
    patient_mobile: `07700 900${String(n % 1000).padStart(3, '0')}`,
    patient_postcode: `BA${1 + (n % 15)} ${1 + (n % 9)}AB`,
    patient_city: 'Bath',
  };
}

/** Every term must find patients, so that the load measures real pages: its matches, counted. */
async function matchesPerTerm(url: string, auth: Auth): Promise<string> {
  const counts: number[] = [];
  for (const search of SEARCH_TERMS) {
    const reply = await post<Envelope<{ count: number }>>(url, 'patients/count', {
      ...auth,
      filters: { search },
    });
    if (!reply.result || reply.data.count === 0) {
      throw new Error(`search "${search}" finds no patients: ${JSON.stringify(reply)}`);
    }
    counts.push(reply.data.count);
  }
  counts.sort((a, b) => a - b);
  const median = counts[Math.floor(counts.length / 2)];
  return `${SEARCH_TERMS.length} terms; matches per term ${counts[0]}–${counts.at(-1)}, median ${median}`;
}

async function measure(server: RunningServer, appUrl: string, demo: number): Promise<Figure[]> {
  const auth = await signIn(server.url);
  const matches = await matchesPerTerm(server.url, auth);
  const searches = SEARCH_TERMS.map((term) => ({ page: 1, limit: 50, filters: { search: term } }));
  const loadBefore = loadavg()[0]!;

  const nextSearch = cycle(searches);
  const api = await measured(server, 'patients/list', () => ({ ...auth, ...nextSearch() }));
  const statements = await engineListSql(appUrl, demo, searches);
  await sqlLoad(appUrl, demo, statements, CONNECTIONS, WARM_UP_SECONDS);
  const direct = await withCpu(
    server,
    () => sqlLoad(appUrl, demo, statements, CONNECTIONS, SECONDS),
    true,
  );
  const nextTerm = cycle(SEARCH_TERMS);
  const typeahead = await measured(server, 'patients/typeahead', () => ({
    ...auth,
    filters: { search: nextTerm() },
  }));
  const deepPage = await measured(server, 'patients/list', { ...auth, page: 200, limit: 50 });
  let inserted = 0;
  const insert = await measured(server, 'patients/insert', () => ({
    ...auth,
    ...newPatient((inserted += 1)),
  }));

  return [
    {
      name: 'machine load average (1 min) before measuring',
      value: loadBefore,
      unit: '',
      note: `${loadavg()[0]!.toFixed(2)} after; ${cpus().length} cores, shared with other work`,
    },
    ...loadFigures('patients/list search page 1', api, { p50: 5, p99: 20, rate: 1000 }, matches),
    ...loadFigures('same SQL through pg', direct, {}, 'prepared; begin + set_config, it, commit'),
    {
      name: 'overhead API / SQL (p50)',
      value: api.p50 / direct.p50,
      unit: '×',
      budget: { limit: 1.5, kind: 'max' },
    },
    {
      name: 'throughput SQL / API',
      value: direct.requestsPerSecond / api.requestsPerSecond,
      unit: '×',
    },
    {
      name: 'CPU per request API / SQL',
      value: api.cpuMs / direct.cpuMs,
      unit: '×',
      note: 'the overhead as work done, whatever else the machine runs',
    },
    ...loadFigures('patients/typeahead search', typeahead, { p99: 15 }),
    ...loadFigures('patients/insert', insert, { p99: 15 }),
    ...loadFigures('patients/list page 200 unfiltered', deepPage, { p99: 20 }),
  ];
}

export const entitiesBench = (): Promise<Figure[]> =>
  withScaleData({}, ({ server, appUrl, demo }) => measure(server, appUrl, demo));
