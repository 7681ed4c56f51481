/**
 * Two real server processes on one PostgreSQL, as when scaled out behind a load balancer: started
 * together on a fresh database (a scratch database of the test cluster), and what one server
 * changes the other must honour at once — a disabled user, a company made by the CLI, the login
 * throttle and captcha, and stock taken by a dispense. Both servers trust X-Forwarded-For (as
 * behind the proxy), so each test poses as a client address of its own.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toBase } from '../../src/shared/units';
import { TEST_PASSWORD } from '../support/api';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { dropScratchDatabase } from '../support/scratch-database';
import { logInAdmin, serverProcess, type ServerProcess } from '../support/server-process';

/** The watchdog probes once a second and the listener reconnects after a pause: give them time. */
const READY_POLL = { timeout: 15_000, interval: 100 };
const METRICS_TOKEN = 'two-servers-metrics-token-0123456789';
const WRONG = 'Wrong-Password-1';
const scratch = `materia_two_${randomBytes(4).toString('hex')}`;
/** The test cluster's URLs, on the scratch database. */
const database = (url: string) => Object.assign(new URL(url), { pathname: `/${scratch}` }).href;
const ownerUrl = () => database(inject('databaseOwnerUrl'));
const appUrl = () => database(inject('databaseAppUrl'));

let a: ServerProcess;
let b: ServerProcess;
let clinic: Clinic;

interface Clinic {
  slug: string;
  adminEmail: string;
}

type Reply = {
  status: number;
  result: boolean;
  data: Record<string, unknown>;
  messages: { text: string }[];
  authentication_failed?: boolean;
};

/** POST /api/{path} to one server, as the client at `address` (the servers trust the proxy). */
async function send(
  server: ServerProcess,
  path: string,
  payload: Record<string, unknown>,
  address = '198.51.100.1',
): Promise<Reply> {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(payload),
  });
  return { status: response.status, ...((await response.json()) as Omit<Reply, 'status'>) };
}

/** `npm run company -- create …`: the operator's command, a process of its own. */
async function companyFromCli(slug = `t-two-${randomBytes(4).toString('hex')}`): Promise<Clinic> {
  const adminEmail = `admin@${slug}.test`;
  const args = ['run', '-s', 'company', '--', 'create', '--slug', slug, '--name', 'Two Servers'];
  await promisify(execFile)(
    'npm',
    [...args, '--admin-email', adminEmail, '--admin-password', TEST_PASSWORD],
    {
      env: {
        ...process.env,
        DATABASE_URL: ownerUrl(),
        DATABASE_APP_URL: appUrl(),
        LOG_LEVEL: 'silent',
      },
    },
  );
  return { slug, adminEmail };
}

/** A caller of the clinic logged in on `server` as `email`. */
async function loggedIn(server: ServerProcess, company: Clinic, email: string) {
  const reply = await send(server, 'users/login', {
    _company_slug: company.slug,
    user_email: email,
    password: TEST_PASSWORD,
  });
  if (!reply.result)
    throw new Error(`login refused on ${server.baseUrl}: ${JSON.stringify(reply)}`);
  const token = reply.data.user_token;
  return (on: ServerProcess, path: string, payload: Record<string, unknown> = {}) =>
    send(on, path, { ...payload, _company_slug: company.slug, _user_token: token });
}

/** Checks `done` until it holds or `ms` pass; the time it took. */
async function within(ms: number, done: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await done())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - start;
}

async function sessionCacheHits(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const families = parsePrometheusText(await response.text());
  return sampleValue(families, 'materia_session_cache_hits_total') ?? 0;
}

/** Runs one statement on the test cluster's own database, as its owner. */
async function asOwner(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('databaseOwnerUrl') });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

beforeAll(async () => {
  await asOwner(`create database ${scratch}`);
  const env = {
    DATABASE_URL: ownerUrl(),
    DATABASE_APP_URL: appUrl(),
    TRUST_PROXY: 'yes',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
  };
  [a, b] = await Promise.all([serverProcess(env), serverProcess(env)]);
  [clinic] = await Promise.all([companyFromCli(), a.start(), b.start()]);
}, 180_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await dropScratchDatabase(inject('databaseOwnerUrl'), scratch);
});

describe('two servers on one database', () => {
  it('start together on a fresh database: one migrates and makes the demo clinic, both serve it', async () => {
    // The start-up itself is in beforeAll; a server that lost a race there exited with code 1.
    for (const server of [a, b]) {
      // The change listener connects just after the server listens.
      await expect
        .poll(async () => (await fetch(`${server.baseUrl}/health/ready`)).status, READY_POLL)
        .toBe(200);
      expect(await logInAdmin(server.baseUrl)).toHaveProperty('_user_token');
    }
  });

  it('refuses on B, within a second, a user disabled through A', async () => {
    const admin = await loggedIn(a, clinic, clinic.adminEmail);
    const email = `nurse-${randomBytes(3).toString('hex')}@${clinic.slug}.test`;
    const made = await admin(a, 'users/insert', { user_first_name: 'Nurse', user_email: email });
    const userId = made.data.user_id;
    await admin(a, 'users/set_password', { user_id: userId, password: TEST_PASSWORD });
    const nurse = await loggedIn(b, clinic, email);
    // B answers the nurse's session from memory (a cache hit), the case a change must reach.
    const hitsBefore = await sessionCacheHits(b);
    await within(5000, async () => {
      expect((await nurse(b, 'users/check_authentication')).result).toBe(true);
      return (await sessionCacheHits(b)) > hitsBefore;
    });

    const disabled = await admin(a, 'users/update', {
      user_id: userId,
      field: 'user_enabled',
      value: 0,
    });
    expect(disabled.result).toBe(true);
    const took = await within(1000, async () => {
      return (await nurse(b, 'users/check_authentication')).authentication_failed === true;
    });
    console.log(`two servers: a user disabled on A was refused on B after ${took.toFixed(0)} ms`);
    expect((await nurse(a, 'users/check_authentication')).authentication_failed).toBe(true);
  });

  it('serves a company made by the CLI on both at once, though both were asked for it before', async () => {
    const slug = `t-two-${randomBytes(4).toString('hex')}`;
    // Each server has been asked for the slug and answered "unknown" (and may remember that).
    for (const server of [a, b]) {
      const unknown = await send(server, 'modules/get_public_settings', { _company_slug: slug });
      expect(unknown.result).toBe(false);
    }
    const made = await companyFromCli(slug);
    const [onA, onB] = await Promise.all([
      loggedIn(a, made, made.adminEmail),
      loggedIn(b, made, made.adminEmail),
    ]);
    for (const [server, caller] of [
      [a, onA],
      [b, onB],
    ] as const) {
      const listed = await caller(server, 'herbs/list', { limit: 5 });
      expect(listed.status).toBe(200);
      expect(listed.result).toBe(true);
    }
    // The command is a process of its own: tsx, a pool, Argon2 and the new clinic's starting data.
  }, 60_000);

  it('adds up failed logins sent to A and B alike into one throttle, and one captcha', async () => {
    const admin = await loggedIn(a, clinic, clinic.adminEmail);
    const email = `locum-${randomBytes(3).toString('hex')}@${clinic.slug}.test`;
    const made = await admin(a, 'users/insert', { user_first_name: 'Locum', user_email: email });
    await admin(a, 'users/set_password', { user_id: made.data.user_id, password: TEST_PASSWORD });
    const address = '198.51.100.23';
    const tryLogin = (server: ServerProcess, password: string, altcha?: string) =>
      send(
        server,
        'users/login',
        { _company_slug: clinic.slug, user_email: email, password, ...(altcha ? { altcha } : {}) },
        address,
      );
    // Three failures, alternately: each server alone has seen fewer than the threshold.
    for (const server of [a, b, a]) expect((await tryLogin(server, WRONG)).status).toBe(401);
    for (const server of [b, a]) {
      const asked = await tryLogin(server, TEST_PASSWORD);
      expect(asked).toMatchObject({ status: 429, data: { captcha_required: true } });
      const status = await send(
        server,
        'users/login_status',
        { _company_slug: clinic.slug, user_email: email },
        address,
      );
      expect(status.data).toMatchObject({ captcha_required: true });
    }
    // A challenge from A, solved, is accepted by B; then A, which never saw it used, refuses it.
    const challenge = (await send(a, 'captcha/challenge', { _company_slug: clinic.slug }, address))
      .data as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = btoa(
      JSON.stringify({
        challenge: { parameters: challenge.parameters, signature: challenge.signature },
        solution,
      }),
    );
    expect((await tryLogin(b, TEST_PASSWORD, altcha)).result).toBe(true);
    // The account's failures are cleared by that login; the address's still ask for a captcha.
    const replayed = await tryLogin(a, TEST_PASSWORD, altcha);
    expect(replayed).toMatchObject({ status: 429, data: { captcha_required: true } });
    // One real proof-of-work at the servers' cost (≈ 5 s of one core, far more on a busy machine).
  }, 120_000);

  it('counts a burst of guesses at many accounts, from one address, through both, one by one', async () => {
    const address = '198.51.100.42';
    const guesses = Array.from({ length: 8 }, (_, i) =>
      send(
        i % 2 ? b : a,
        'users/login',
        {
          _company_slug: clinic.slug,
          user_email: `nobody-${i}@${clinic.slug}.test`,
          password: WRONG,
        },
        address,
      ),
    );
    const statuses = (await Promise.all(guesses)).map((r) => r.status).sort();
    // From the address's 3rd failure on, a guess needs a captcha (or a wait), whichever server.
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('dispenses a prescription sent to both at once only once, and moves its stock once', async () => {
    const admin = await loggedIn(a, clinic, clinic.adminEmail);
    const insert = async (path: string, values: Record<string, unknown>, key: string) =>
      (await admin(a, `${path}/insert`, values)).data[key];
    const herbId = await insert('herbs', { herb_name: 'Valerian' }, 'herb_id');
    const productId = await insert(
      'dispensary_products',
      {
        dispensary_product_name: 'Valerian tincture',
        dispensary_product_herb_id: herbId,
        dispensary_product_unit_kind: 'volume',
      },
      'dispensary_product_id',
    );
    await admin(a, 'stock/receive', {
      dispensary_product_id: productId,
      batch_name: 'V-1',
      quantity: toBase(1, 'l'),
    });
    const patientId = await insert(
      'patients',
      { patient_first_name: 'Rose', patient_last_name: 'Hill' },
      'patient_id',
    );
    const rounds = 5;
    const outcomes: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const prescriptionId = await insert(
        'prescriptions',
        { prescription_patient_id: patientId },
        'prescription_id',
      );
      await admin(a, 'prescriptions/save_lines', {
        prescription_id: prescriptionId,
        lines: [
          {
            prescription_line_dispensary_product_id: productId,
            prescription_line_quantity: toBase(100, 'ml'),
            prescription_line_unit_kind: 'volume',
            prescription_line_price: 0,
          },
        ],
      });
      const both = await Promise.all(
        [a, b].map((server) =>
          admin(server, 'prescriptions/dispense', { prescription_id: prescriptionId }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = both.find((r) => r.status === 400) as Reply;
      outcomes.push(refused.messages.map((m) => m.text).join(' '));
    }
    expect(outcomes).toEqual(Array(rounds).fill('A dispensed prescription can not be changed.'));
    for (const server of [a, b]) {
      const product = await admin(server, 'dispensary_products/get', {
        dispensary_product_id: productId,
      });
      expect(product.data.dispensary_product_stock).toBe(
        toBase(1, 'l') - rounds * toBase(100, 'ml'),
      );
    }
  });
});
