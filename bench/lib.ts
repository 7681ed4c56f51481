/** Bench helpers: a real server process on a data folder, HTTP load, and the figures table. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
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

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
    stop: () =>
      new Promise<void>((resolve) => {
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
