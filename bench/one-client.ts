/**
 * One client sending one request at a time over a kept-alive connection, as a single member of
 * staff does: per-request latency without queueing. node:http, not fetch: its own cost per request
 * is smaller and steadier, so the figures are the server's.
 */
import http from 'node:http';
import { percentile } from './lib';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` to the call over `through` (one kept-alive socket unless given); the status. */
export function send(url: string, path: string, body: string, through = agent): Promise<number> {
  const target = new URL(`${url}/api/${path}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent: through,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

export interface OneClient {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  failures: number;
}

/**
 * Runs `step` one at a time for `seconds` after 20 unmeasured ones, timing each; a step answers
 * the HTTP statuses it received (one request, or several sent together). `maxSteps` (the 20
 * included) stops it earlier, for steps that use up prepared data.
 */
export async function timedSteps(
  step: () => Promise<number[]>,
  seconds: number,
  maxSteps = Infinity,
): Promise<OneClient> {
  for (let i = 0; i < 20; i += 1) await step();
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end && latencies.length + 20 < maxSteps) {
    const start = performance.now();
    const statuses = await step();
    latencies.push(performance.now() - start);
    if (statuses.some((status) => status >= 400)) failures += 1;
  }
  return summaryOf(latencies, failures);
}

function summaryOf(latencies: number[], failures: number): OneClient {
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    requests: latencies.length,
    failures,
  };
}

/**
 * Two bodies sent to `path` in turn, one request at a time, for `seconds` (after 20 unmeasured
 * pairs), each timed on its own: a figure and the floor it is divided by then share the same
 * minutes of the machine, whose speed drifts from one minute to the next.
 */
export async function inTurn(
  url: string,
  path: string,
  bodies: readonly [() => object, () => object],
  seconds: number,
): Promise<[OneClient, OneClient]> {
  const sendOne = (body: () => object) => send(url, path, JSON.stringify(body()));
  for (let i = 0; i < 20; i += 1) for (const body of bodies) await sendOne(body);
  const latencies: [number[], number[]] = [[], []];
  const failures = [0, 0];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (const at of [0, 1] as const) {
      const start = performance.now();
      const status = await sendOne(bodies[at]);
      latencies[at].push(performance.now() - start);
      if (status >= 400) failures[at]! += 1;
    }
  }
  return [summaryOf(latencies[0], failures[0]!), summaryOf(latencies[1], failures[1]!)];
}

/** Sends `body()` to `path` one request at a time for `seconds` (after a short warm-up). */
export const oneClient = (
  url: string,
  path: string,
  body: () => object,
  seconds: number,
  maxSteps?: number,
) => timedSteps(async () => [await send(url, path, JSON.stringify(body()))], seconds, maxSteps);
