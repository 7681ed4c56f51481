/** Bench helpers: a real server process on a data folder, HTTP load, and the figures table. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { freePort } from '../src/server/db/embedded';
import autocannon from 'autocannon';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Budget and its direction: 'max' means value ≤ budget passes, 'min' value ≥ budget. */
  budget?: { limit: number; kind: 'max' | 'min' };
  note?: string;
}

export const passes = (f: Figure) =>
  !f.budget || (f.budget.kind === 'max' ? f.value <= f.budget.limit : f.value >= f.budget.limit);

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n## ${title}`);
  const rows = figures.map((f) => [
    f.name,
    `${round(f.value)} ${f.unit}`,
    f.budget ? `${f.budget.kind === 'max' ? '≤' : '≥'} ${f.budget.limit} ${f.unit}` : '—',
    f.budget ? (passes(f) ? 'ok' : 'OVER BUDGET') : '',
    f.note ?? '',
  ]);
  const header = ['figure', 'measured', 'budget', 'result', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v) : Math.round(v * 100) / 100);

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /** What the process printed up to its ready line. */
  output: string;
  stop(): Promise<void>;
}

/** `nodeFlags`: for the process itself (the export bench's `--inspect`), before the server's own. */
export async function startServer(
  env: Record<string, string>,
  nodeFlags: readonly string[] = [],
): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readyMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Materia is ready')) resolve(performance.now() - started);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    readyMs,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        // Stopped already (a bench that restarted it, then its cleanup): nothing to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function post<T = unknown>(url: string, path: string, body: object): Promise<T> {
  const response = await fetch(`${url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

export interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
}

/** Sustained load: `connections` keep-alive clients POSTing the same body for `seconds`. */
export async function load(
  url: string,
  path: string,
  body: object | (() => object),
  connections = 32,
  seconds = 10,
): Promise<LoadResult> {
  const options: autocannon.Options = {
    url: `${url}/api/${path}`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
  };
  if (typeof body === 'function') {
    // A fresh body per request (e.g. inserts with distinct names).
    options.requests = [
      { setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }) },
    ];
  } else {
    options.body = JSON.stringify(body);
  }
  const result = await autocannon(options);
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The item whose key is the median's (the lower of the two middle ones for an even count). */
export function medianItem<T>(items: readonly T[], key: (item: T) => number): T {
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** The value below which `fraction` of the sorted samples fall. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * Closed-loop load without HTTP (e.g. SQL straight through `pg`): each worker repeats its task
 * for `seconds`, one at a time, like an autocannon connection; latency is measured per task.
 */
export async function loadTasks(
  workers: ReadonlyArray<(n: number) => Promise<unknown>>,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    workers.map(async (task) => {
      for (let n = 0; performance.now() < end; n += 1) {
        const start = performance.now();
        try {
          await task(n);
          latencies.push(performance.now() - start);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requestsPerSecond: latencies.length / seconds,
    errors,
    non2xx: 0,
  };
}

interface ProcessStat {
  parent: number;
  /** Its own CPU, in clock ticks. */
  own: number;
  /** That of its children that ended and it has waited for (PostgreSQL's backends). */
  reaped: number;
}

/** Every process's parent and CPU so far (Linux /proc; none elsewhere). */
async function processStats(): Promise<Map<number, ProcessStat>> {
  const stats = new Map<number, ProcessStat>();
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command (which may hold spaces): state, ppid, …, utime(14) stime cutime cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 15) continue;
    const ticks = (at: readonly number[]) => at.reduce((sum, i) => sum + Number(fields[i]), 0);
    stats.set(Number(entry), {
      parent: Number(fields[1]),
      own: ticks([11, 12]),
      reaped: ticks([13, 14]),
    });
  }
  return stats;
}

const USER_HZ = 100;

/** The processes of `stats` that are `root` or descend from it. */
function treeOf(stats: Map<number, ProcessStat>, root: number): number[] {
  const inTree = (pid: number): boolean => {
    for (let p = pid; p > 1; p = stats.get(p)?.parent ?? 0) if (p === root) return true;
    return false;
  };
  return [...stats.keys()].filter(inTree);
}

const secondsOf = (stats: Map<number, ProcessStat>, pids: readonly number[], reaped: boolean) =>
  pids.reduce((sum, pid) => {
    const stat = stats.get(pid);
    return sum + (stat ? stat.own + (reaped ? stat.reaped : 0) : 0);
  }, 0) / USER_HZ;

/** CPU seconds so far by process id. */
type CpuByProcess = Map<number, number>;

/**
 * CPU seconds so far of process trees, from one reading of `/proc`: each process's own, so that
 * a child reaped between two readings (a closed context's renderer) does not add its whole life
 * to its parent's difference.
 */
interface ProcessCpu {
  /** A process and all its descendants. */
  tree(root: number): CpuByProcess;
  /**
   * The processes under `root` whose command line matches each pattern (Chromium's renderers:
   * `--type=renderer`), one map per pattern; a process counts for the first it matches.
   */
  byCommand(root: number, patterns: readonly RegExp[]): Promise<CpuByProcess[]>;
}

export async function processCpu(): Promise<ProcessCpu> {
  const stats = await processStats();
  const cpuOf = (pids: readonly number[]): CpuByProcess =>
    new Map(pids.map((pid) => [pid, secondsOf(stats, [pid], false)]));
  return {
    tree: (root) => cpuOf(treeOf(stats, root)),
    async byCommand(root, patterns) {
      const matched = patterns.map((): number[] => []);
      for (const pid of treeOf(stats, root)) {
        const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
        const at = patterns.findIndex((pattern) => pattern.test(command.replaceAll('\0', ' ')));
        if (at >= 0) matched[at]!.push(pid);
      }
      return matched.map(cpuOf);
    },
  };
}

/**
 * The CPU seconds processes spent between two readings: those that ended between them are left
 * out (their time is gone from /proc), not counted as negative.
 */
export function cpuSpent(before: CpuByProcess, after: CpuByProcess): number {
  let seconds = 0;
  for (const [pid, now] of after) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

/**
 * CPU seconds used so far by a process and all its descendants (Linux /proc; 0 elsewhere): the
 * server with its embedded PostgreSQL. Unlike latency, CPU per request hardly moves when other
 * work shares the machine.
 */
export async function treeCpuSeconds(root: number): Promise<number> {
  const stats = await processStats();
  // With the children reaped: the backends PostgreSQL's postmaster has seen end.
  return secondsOf(stats, treeOf(stats, root), true);
}

/** CPU seconds the whole machine has spent busy so far (Linux /proc/stat; 0 elsewhere). */
export async function machineBusySeconds(): Promise<number> {
  const text = await readFile('/proc/stat', 'utf8').catch(() => '');
  const fields = (text.split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  const busy = fields.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + (v || 0)), 0);
  return busy / USER_HZ;
}

const ownCpuSeconds = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

/** Runs `work` and tells how many cores processes other than those `ours` counts kept busy. */
async function busyBesides<T>(ours: () => Promise<number>, work: () => Promise<T>) {
  const [machine, before, started] = [await machineBusySeconds(), await ours(), performance.now()];
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  const others = (await machineBusySeconds()) - machine - ((await ours()) - before);
  return { result, cores: Math.max(0, others / seconds) };
}

/**
 * Runs `work` and tells how many cores other processes kept busy meanwhile: the machine's busy
 * time less that of the server tree and of this process. The load average can not tell: a
 * bench's own server raises it.
 */
export const othersBusy = <T>(serverPid: number, work: () => Promise<T>) =>
  busyBesides(async () => (await treeCpuSeconds(serverPid)) + ownCpuSeconds(), work);

/** The same, besides this process and every process it started (its server, its browser). */
export const othersBusyBesidesOurs = <T>(work: () => Promise<T>) =>
  busyBesides(() => treeCpuSeconds(process.pid), work);

/** Cores other processes may keep busy during a figure before it is marked as measured busy. */
export const QUIET_OTHERS = 0.2;

/** A note for a figure: how busy other processes kept the machine meanwhile. */
export function busyNote(othersCores: number): string {
  return othersCores > QUIET_OTHERS
    ? `MEASURED BUSY (other processes used ${othersCores.toFixed(2)} cores)`
    : `others ${othersCores.toFixed(2)} cores`;
}
