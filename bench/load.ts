/**
 * Load figures: 100 simulated staff sessions working for 10 minutes on the 1M-patient
 * data — searching, opening and editing patients, adding patients, prescribing and dispensing,
 * writing letters, glancing at lists and the dashboard — each session pausing between actions
 * as a person does. Figures: every request's latency, failures, and whether the server's
 * memory stays flat. LOAD_SESSIONS, LOAD_MINUTES and LOAD_THINK_MS change the shape.
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { percentile, post, treeCpuSeconds, type Figure } from './lib';
import { asOwner, signIn, withScaleData, type Auth, type Envelope } from './scale';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 100);
const MINUTES = Number(process.env.LOAD_MINUTES ?? 10);
/** Mean pause between one session's actions (exponentially distributed, as arrivals are). */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const MEMORY_SAMPLE_MS = 5000;

// prettier-ignore
const TERMS = ['smi', 'jon', 'tay', 'lee', 'ahm', 'oak', 'whitby', 'ba1', 'zzq', 'Jones Ba', '0770'];

interface Sample {
  call: string;
  ms: number;
}

interface Run {
  samples: Sample[];
  failures: Map<string, number>;
  firstFailure: string[];
}

interface World {
  url: string;
  patients: number;
  products: number[];
}

type Session = { auth: Auth; run: Run; world: World };

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const patientId = (world: World) => 1 + Math.floor(Math.random() * world.patients);

/** One request, timed; a failure (HTTP or `result: false`) is counted under its call. */
async function send<T>(s: Session, call: string, payload: object): Promise<T | null> {
  const started = performance.now();
  let reply: Envelope<T> | null = null;
  let problem = '';
  try {
    reply = await post<Envelope<T>>(s.world.url, call, { ...s.auth, ...payload });
    if (!reply.result) problem = reply.messages.map((m) => m.text).join(' ');
  } catch (error) {
    problem = (error as Error).message;
  }
  s.run.samples.push({ call, ms: performance.now() - started });
  if (!problem) return reply!.data;
  s.run.failures.set(call, (s.run.failures.get(call) ?? 0) + 1);
  if (s.run.firstFailure.length < 5) s.run.firstFailure.push(`${call}: ${problem}`);
  return null;
}

/** What a receptionist or practitioner does next, with how often they do it. */
const ACTIONS: ReadonlyArray<[number, (s: Session) => Promise<unknown>]> = [
  // The search box: the page and the "N found" badge, sent together as the list does.
  [
    30,
    (s) => {
      const filters = { search: pick(TERMS) };
      return Promise.all([
        send(s, 'patients/list', { page: 1, limit: 50, filters }),
        send(s, 'patients/count', { filters }),
      ]);
    },
  ],
  [20, (s) => send(s, 'patients/get', { patient_id: patientId(s.world) })],
  [10, (s) => send(s, 'patients/typeahead', { filters: { search: pick(TERMS) } })],
  [
    10,
    async (s) => {
      const id = patientId(s.world);
      const row = await send<Record<string, unknown>>(s, 'patients/get', { patient_id: id });
      if (!row) return;
      // As the editor saves: the version and the value the user saw.
      await send(s, 'patients/update', {
        patient_id: id,
        field: 'patient_notes',
        value: `Seen ${new Date().toISOString()}`,
        _version: row._version,
        _seen: row.patient_notes,
      });
    },
  ],
  [
    5,
    (s) =>
      send(s, 'patients/insert', {
        patient_first_name: 'Load',
        patient_last_name: `Test ${Math.random().toString(36).slice(2, 8)}`,
      }),
  ],
  [
    8,
    async (s) => {
      const made = await send<Record<string, number>>(s, 'prescriptions/insert', {
        prescription_patient_id: patientId(s.world),
      });
      if (!made) return;
      const prescription_id = made.prescription_id!;
      const lines = [pick(s.world.products), pick(s.world.products)].map((product) => ({
        prescription_line_dispensary_product_id: product,
        prescription_line_quantity: 20,
        prescription_line_unit_kind: 'volume',
      }));
      if (await send(s, 'prescriptions/save_lines', { prescription_id, lines }))
        await send(s, 'prescriptions/dispense', { prescription_id });
    },
  ],
  [
    7,
    async (s) => {
      const patient = patientId(s.world);
      await send(s, 'patientletters/insert', {
        patientletter_name: 'Follow-up',
        patientletter_patient_id: patient,
        patientletter_body: '<p>Please book your follow-up appointment.</p>',
      });
      await send(s, 'patientletters/list', {
        page: 1,
        limit: 50,
        filters: { patientletter_patient_id: patient },
      });
    },
  ],
  [4, (s) => send(s, 'herbs/list', { page: 1, limit: 50 })],
  [3, (s) => send(s, 'dispensary_products/list', { page: 1, limit: 50 })],
  [3, (s) => send(s, 'dashboard/get_stats', {})],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

function nextAction(): (s: Session) => Promise<unknown> {
  let draw = Math.random() * TOTAL_WEIGHT;
  for (const [weight, action] of ACTIONS) if ((draw -= weight) < 0) return action;
  return ACTIONS[0]![1];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => pause(-Math.log(1 - Math.random()) * THINK_MS);

async function work(session: Session, until: number): Promise<void> {
  await pause(Math.random() * THINK_MS); // sessions start spread out, not in one burst
  while (performance.now() < until) {
    await nextAction()(session);
    await think();
  }
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** Stock enough for every dispense of the run, so that refusals mean a fault, not a shortage. */
async function prepare(ownerUrl: string, demo: number, url: string): Promise<World> {
  // Stock arrives through the ledger only (a batch and its receipt; the trigger adds it up).
  await asOwner(
    ownerUrl,
    `insert into batches (company_id, batch_name, batch_dispensary_product_id, batch_unit_kind,
       batch_received_quantity)
     select company_id, 'Bench stock', dispensary_product_id, dispensary_product_unit_kind, 1e9
     from dispensary_products where company_id = $1`,
    [demo],
  );
  await asOwner(
    ownerUrl,
    `insert into stock_moves (company_id, stock_move_product_id, stock_move_batch_id,
       stock_move_kind, stock_move_quantity, stock_move_reason)
     select company_id, batch_dispensary_product_id, batch_id, 'receipt', 1e9, 'Bench stock'
     from batches where company_id = $1 and batch_name = 'Bench stock'`,
    [demo],
  );
  const [patients] = await asOwner<{ n: string }>(
    ownerUrl,
    'select max(patient_id) as n from patients where company_id = $1',
    [demo],
  );
  const products = await asOwner<{ id: string }>(
    ownerUrl,
    `select dispensary_product_id as id from dispensary_products
      where company_id = $1 and dispensary_product_unit_kind = 'volume'`,
    [demo],
  );
  return { url, patients: Number(patients!.n), products: products.map((p) => Number(p.id)) };
}

function figuresOf(run: Run, seconds: number, memory: number[]): Figure[] {
  const all = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = [...run.failures.values()].reduce((a, b) => a + b, 0);
  const perCall = new Map<string, number[]>();
  for (const s of run.samples) perCall.set(s.call, [...(perCall.get(s.call) ?? []), s.ms]);
  const perMinute = 60_000 / MEMORY_SAMPLE_MS;
  const early = median(memory.slice(perMinute, 2 * perMinute));
  const late = median(memory.slice(-perMinute));
  return [
    {
      name: 'requests',
      value: all.length,
      unit: '',
      note: `${(all.length / seconds).toFixed(1)} req/s from ${SESSIONS} sessions, think ${THINK_MS} ms`,
    },
    {
      name: 'failed requests',
      value: failed,
      unit: '',
      budget: { limit: 0, kind: 'max' },
      note: run.firstFailure.join(' | ') || 'none',
    },
    { name: 'all requests p50', value: percentile(all, 0.5), unit: 'ms' },
    {
      name: 'all requests p99',
      value: percentile(all, 0.99),
      unit: 'ms',
      budget: { limit: 100, kind: 'max' },
      note: `max ${Math.round(all.at(-1) ?? 0)} ms`,
    },
    ...[...perCall].sort().map(([call, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return {
        name: `${call} p99`,
        value: percentile(sorted, 0.99),
        unit: 'ms',
        note: `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ${sorted.length} calls`,
      };
    }),
    {
      name: 'server memory growth, minute 2 → last minute',
      value: early ? ((late - early) / early) * 100 : NaN,
      unit: '%',
      budget: { limit: 10, kind: 'max' },
      note: `RSS ${Math.round(early)} → ${Math.round(late)} MB (medians of 5 s samples)`,
    },
  ];
}

export const loadBench = (): Promise<Figure[]> =>
  withScaleData(
    { LOG_LEVEL: 'error', RATE_LIMITS: 'users/login=1000' },
    async ({ server, ownerUrl, demo }) => {
      const world = await prepare(ownerUrl, demo, server.url);
      const run: Run = { samples: [], failures: new Map(), firstFailure: [] };
      const sessions: Session[] = [];
      for (let n = 0; n < SESSIONS; n += 1)
        sessions.push({ auth: await signIn(server.url), run, world });
      const loadBefore = loadavg()[0]!;
      const memory: number[] = [];
      const sampler = setInterval(
        () => void rssMb(server.process.pid ?? 0).then((mb) => memory.push(mb)),
        MEMORY_SAMPLE_MS,
      );
      const pid = server.process.pid ?? 0;
      const cpuBefore = await treeCpuSeconds(pid);
      const started = performance.now();
      await Promise.all(sessions.map((s) => work(s, started + MINUTES * 60_000)));
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      // The work each request costs the server and its PostgreSQL, whatever the queueing: what
      // bounds the rate two cores can serve (Little's law turns the excess into latency).
      const cpuMs = (((await treeCpuSeconds(pid)) - cpuBefore) * 1000) / run.samples.length;
      return [
        {
          name: 'machine load average (1 min) before the run',
          value: loadBefore,
          unit: '',
          note: `${loadavg()[0]!.toFixed(2)} at the end (the server is the load); ${cpus().length} cores`,
        },
        ...figuresOf(run, seconds, memory),
        {
          name: 'server CPU per request',
          value: cpuMs,
          unit: 'ms',
          note: `Node + PostgreSQL; ${cpus().length} cores serve at most ≈ ${Math.round((cpus().length * 1000) / cpuMs)} req/s of this mix`,
        },
      ];
    },
  );
