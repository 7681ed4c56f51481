/**
 * The command palette's server figures (issue 17, item 5): `search/everywhere` (every kind in
 * one call, one transaction) at one client, beside the other design — the web sending each
 * kind's typeahead at once, in parallel — timed until the last answer. Part of the entities
 * bench on the 1M-patient set; `npm run bench -- palette` runs it on the demo clinic alone, to
 * check it works without the hour of seeding.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVERYWHERE_KINDS, EVERYWHERE_ROWS } from '../src/shared/search-everywhere';
import { othersBusy, startServer, type Figure, type RunningServer } from './lib';
import { send, timedSteps, type OneClient } from './one-client';
import { PALETTE, typedSearchFigures } from './palette-browser';
import { BENCH_ADMIN, BENCH_PASSWORD, signIn, type Auth } from './scale';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The palette's budget is 50 ms from keystroke to results: the request, React and a frame take ≈ 20. */
const P99_BUDGET_MS = 30;

/** One socket per kind, as a browser would open for parallel calls. */
const parallel = new http.Agent({ keepAlive: true, maxSockets: EVERYWHERE_KINDS.length });

const cycle = (items: readonly string[]) => {
  let next = 0;
  return () => items[next++ % items.length]!;
};

function figuresOf(label: string, result: OneClient, note: string, budget?: number): Figure[] {
  const failed = result.failures ? `; ${result.failures} failed` : '';
  return [
    { name: `${label} p50`, value: result.p50, unit: 'ms', note },
    {
      name: `${label} p99`,
      value: result.p99,
      unit: 'ms',
      ...(budget ? { budget: { limit: budget, kind: 'max' as const } } : {}),
      note: `${result.requests} requests, max ${result.max.toFixed(1)} ms${failed}`,
    },
  ];
}

/** Both designs, one client, the terms cycled; a figure taken on a busy machine says so. */
export async function paletteFigures(
  server: RunningServer,
  auth: Auth,
  terms: readonly string[],
): Promise<Figure[]> {
  const busy = (cores: number) =>
    `${terms.length} terms; others ${cores.toFixed(2)} cores${cores > 0.2 ? ' (MEASURED BUSY)' : ''}`;
  const nextTerm = cycle(terms);
  const one = await othersBusy(server.process.pid ?? 0, () =>
    timedSteps(async () => {
      const body = JSON.stringify({ ...auth, text: nextTerm() });
      return [await send(server.url, 'search/everywhere', body)];
    }, SECONDS),
  );
  const nextParallel = cycle(terms);
  const each = await othersBusy(server.process.pid ?? 0, () =>
    timedSteps(() => {
      const search = nextParallel();
      return Promise.all(
        EVERYWHERE_KINDS.map((kind) =>
          send(
            server.url,
            `${kind}/typeahead`,
            JSON.stringify({ ...auth, page: 1, limit: EVERYWHERE_ROWS, filters: { search } }),
            parallel,
          ),
        ),
      );
    }, SECONDS),
  );
  return [
    ...figuresOf('palette: search/everywhere', one.result, busy(one.cores), P99_BUDGET_MS),
    ...figuresOf(
      `palette: ${EVERYWHERE_KINDS.length} typeaheads in parallel`,
      each.result,
      busy(each.cores),
    ),
  ];
}

/** What staff type into the palette on the demo clinic (names, codes, nothing, two words). */
const DEMO_TERMS = ['an', 'smi', 'jon', 'yarrow', 'tinct', 'zqx', '12', 'ahmed d', 'vale', 'ro'];

/** The palette's figures on a fresh demo clinic (small: a check, not the 1M figure). */
export async function paletteBench(): Promise<Figure[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'materia-bench-palette-'));
  try {
    const server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD });
    try {
      return [
        ...(await paletteFigures(server, await signIn(server.url), DEMO_TERMS)),
        ...(await typedSearchFigures(server, BENCH_ADMIN, DEMO_TERMS, [PALETTE])),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
