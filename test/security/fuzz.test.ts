/**
 * Fuzzing: at least 10,000 payloads generated with fast-check from the schemas of all
 * calls (test/support/fuzz.ts), most made hostile, sent as the company's admin → no 5xx, every
 * refusal a message, and no row or audit entry changed by a refused call. The seed is fixed and
 * printed; FUZZ_SEED=… FUZZ_RUNS=… replays or widens a run (`npm run bench -- fuzz` runs more).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../src/server/api';
import type { UserToken } from '../../src/shared/envelope';
import { describeProblem, fuzz, fuzzCases, targetOf, type FuzzRun } from '../support/fuzz';
import { fingerprintWhenWritten } from '../support/tenant-snapshot';
import { useTestServer } from '../support/test-env';
import { ownIds } from '../support/entity-rows';
import { examplePayload, type Payload } from '../support/call-catalogue';
import { adminToken } from '../support/users';

const env = useTestServer({ company: 'Fuzz Clinic', admin: true });
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

let run: FuzzRun;

beforeAll(
  async () => {
    const registry = buildRegistry();
    let token: UserToken = env.admin;
    const target = targetOf({
      inject: (request) => env.server.app.inject(request),
      token: () => token,
      // A case may end the admin's session (logout, a new password): carry on with a new one.
      renewToken: async () => {
        token = await adminToken(env.server, env.company);
      },
      snapshot: fingerprintWhenWritten(env.server, env.company.companyId),
    });
    const { lasting } = await ownIds(env.server, env.company, env.admin);
    const examples = new Map<string, Payload>();
    for (const path of registry.allPaths()) examples.set(path, await examplePayload(path, lasting));
    const cases = fuzzCases(registry, registry.allPaths(), env.company.slug, examples);
    console.log(`fuzz: seed ${SEED}, ${RUNS} cases (replay with FUZZ_SEED=${SEED})`);
    run = await fuzz(target, cases, { seed: SEED, runs: RUNS });
    console.log(`fuzz: ${JSON.stringify(run.counts)}`);
    // About 600 payloads a second alone, 200 beside the other suites; the bench sends 100,000.
  },
  Math.max(600_000, RUNS * 60),
);

describe(`${RUNS} generated payloads across every call`, () => {
  it('were all sent, to every call', () => {
    expect(run.runs).toBe(RUNS);
    // Calls are drawn at random: from 10,000 cases each of ~370 calls gets about 27.
    if (RUNS >= 10_000) expect(run.calls).toBe(buildRegistry().allPaths().length);
  });

  it('give no 5xx, a message with every refusal, and no change from a refused call', () => {
    expect(run.problems.map(describeProblem)).toEqual([]);
  });
});
