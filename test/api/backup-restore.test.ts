/**
 * Backup and restore as an operator runs them: real servers on their own embedded clusters, the
 * backup command while one serves, the restore command into a fresh folder, a server started
 * there; one clinic exported from one installation and imported into another; the refusals.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedClusterOf } from '../../src/server/db/embedded';
import { post, serverEnv, serverProcess, type ServerProcess } from '../support/server-process';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NEW_ADMIN_PASSWORD = 'Restored-Admin-Password-7';
const ACME = { slug: 'acme', email: 'boss@acme.test', password: 'Acme-Admin-Password-9' };
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a restored picture'),
]);

type Row = Record<string, unknown>;

/** Runs `src/server/cli/{command}.ts` on a data folder, as `npm run {command}` does. */
function cli(command: string, dataDir: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', `src/server/cli/${command}.ts`, ...args],
    {
      cwd: ROOT,
      env: { ...serverEnv(dataDir, 1), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}

/** A caller logged in to one clinic of one server. */
async function caller(baseUrl: string, slug: string, email: string, password: string) {
  const reply = await post(baseUrl, 'users/login', {
    _company_slug: slug,
    user_email: email,
    password,
  });
  const data = reply.json?.data as { user_token?: Row } | undefined;
  if (!data?.user_token) throw new Error(`login to ${slug} failed: ${JSON.stringify(reply.json)}`);
  const auth = { _company_slug: slug, _user_token: data.user_token };
  const call = async <T = Row>(path: string, body: Row = {}) => {
    const answer = await post(baseUrl, path, { ...auth, ...body });
    const json = answer.json as { result: boolean; data: T; messages: unknown[] } | null;
    if (!json?.result) throw new Error(`${path}: ${JSON.stringify(answer.json)}`);
    return json.data;
  };
  return { call, userId: data.user_token.user_id as number };
}

type Caller = Awaited<ReturnType<typeof caller>>;

/** The demo clinic's admin, with the password set before the backup. */
const demoAdminOf = (server: ServerProcess) =>
  caller(server.baseUrl, 'demo', 'admin@demo.clinic', NEW_ADMIN_PASSWORD);

/** A restore into the target that must be refused with `message`. */
async function expectRefusedRestore(args: string[], message: string) {
  const run = await cli('restore', target.dataDir, args);
  expect(run.stderr).toContain(message);
  expect(run.code).toBe(1);
}

const listed = async (c: Caller, entities: string, filters: Row = {}) =>
  c.call<Row[]>(`${entities}/list`, { page: 1, limit: 500, filters });

/** What a clinic holds, as its users see it. */
async function holdings(c: Caller) {
  return {
    patients: (await listed(c, 'patients')).map((p) => [p.patient_id, p.patient_name]),
    prescriptions: (await listed(c, 'prescriptions')).map((p) => p.prescription_id),
    letters: (await listed(c, 'patientletters')).map((l) => l.patientletter_name),
  };
}

const avatarBytes = async (baseUrl: string, address: string) =>
  Buffer.from(await (await fetch(`${baseUrl}${address}`)).arrayBuffer());

let source: ServerProcess;
let target: ServerProcess;
let demo: Caller;
let backupFile: string;
let avatarAddress: string;
let deletedPatientId: number;
let backedUpRows: string;

beforeAll(async () => {
  source = await serverProcess();
  target = await serverProcess();
  backupFile = join(source.dataDir, 'all.materia.gz');
  await source.start();
  demo = await caller(source.baseUrl, 'demo', ...adminLogin());
  const patients: number[] = [];
  for (const [first, last] of [
    ['Zebulon', 'Quarterman'],
    ['Ada', 'Lovelace'],
    ['Gone', 'Soon'],
  ]) {
    const row = await demo.call('patients/insert', {
      patient_first_name: first,
      patient_last_name: last,
    });
    patients.push(row.patient_id as number);
  }
  // A deleted last patient: its id must not be handed out again after a restore.
  deletedPatientId = patients[2]!;
  await demo.call('patients/delete', { selected: [deletedPatientId] });
  await demo.call('prescriptions/insert', { prescription_patient_id: patients[0] });
  await demo.call('patientletters/insert', {
    patientletter_name: 'Follow-up',
    patientletter_patient_id: patients[1],
    patientletter_date: '2026-06-01',
  });
  const avatar = await demo.call<{ user_avatar: string }>('users/upload_avatar', {
    user_id: demo.userId,
    content_type: 'image/png',
    data: PNG.toString('base64'),
  });
  avatarAddress = avatar.user_avatar;
  await demo.call('users/set_password', { user_id: demo.userId, password: NEW_ADMIN_PASSWORD });
  demo = await demoAdminOf(source);
}, 180_000);

afterAll(async () => {
  await source?.stop();
  await target?.stop();
});

/** The demo admin of a server started by serverProcess, before the password change. */
function adminLogin(): [string, string] {
  const env = serverEnv('', 1);
  return [env.ADMIN_EMAIL!, env.ADMIN_PASSWORD!];
}

describe('npm run backup / restore of a whole installation', () => {
  it('writes a backup while the server runs, saying its progress', async () => {
    const run = await cli('backup', source.dataDir, ['--out', backupFile]);
    expect(run.stderr).toMatch(/Backing up: (\d+)\/\1 tables, [\d,]+ rows/);
    expect(run.stdout).toMatch(/^Backup written to .*: 1 clinic\(s\), \d+ tables/);
    expect(run.code).toBe(0);
    backedUpRows = /(\d+) rows/.exec(run.stdout)![1]!;
  }, 120_000);

  it('refuses a cut-short file, naming the problem, and leaves the fresh folder empty', async () => {
    const whole = await readFile(backupFile);
    const cut = join(source.dataDir, 'cut.materia.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expectRefusedRestore([cut], 'is damaged: it ends too early (cut short?)');
  }, 120_000);

  it('restores into a fresh folder: logins, avatar bytes, records, search and id counters', async () => {
    // No --replace: the failed restore before this one left no clinic behind.
    const run = await cli('restore', target.dataDir, [backupFile]);
    expect(run.stdout).toMatch(/^Restored 1 clinic\(s\) \(demo\)/);
    expect(run.code).toBe(0);
    await target.start();
    const restored = await demoAdminOf(target);
    const restoredHoldings = await holdings(restored);
    expect(restoredHoldings).toEqual(await holdings(demo));
    expect(restoredHoldings.letters).toContain('Follow-up');
    expect(await avatarBytes(target.baseUrl, avatarAddress)).toEqual(PNG);
    const found = await listed(restored, 'patients', { search: 'quarter' });
    expect(found.map((p) => p.patient_name)).toEqual(['Quarterman, Zebulon']);
    const added = await restored.call('patients/insert', {
      patient_first_name: 'New',
      patient_last_name: 'Arrival',
    });
    expect(added.patient_id).toBe(deletedPatientId + 1);
  }, 180_000);

  it('refuses a target that holds a clinic unless told --replace', async () => {
    await expectRefusedRestore(
      [backupFile],
      'The target already holds 1 clinic(s) (demo). Restore into an empty data folder or database, or add --replace',
    );
  }, 120_000);

  it('leaves the target as it was when a --replace restore meets a damaged file', async () => {
    const broken = join(source.dataDir, 'broken.materia.gz');
    const whole = await readFile(backupFile);
    await writeFile(
      broken,
      Buffer.concat([whole.subarray(0, whole.length - 12), Buffer.alloc(12)]),
    );
    const there = await demoAdminOf(target);
    const before = await holdings(there);
    await expectRefusedRestore([broken, '--replace'], 'is damaged');
    expect(await holdings(there)).toEqual(before);
  }, 120_000);
});

describe('one clinic exported and imported with --company', () => {
  let exportFile: string;
  let acmeIds: unknown[];

  it('exports one clinic from an installation that has two', async () => {
    const created = await cli('company', source.dataDir, [
      'create',
      ...['--slug', ACME.slug, '--name', 'Acme Clinic'],
      ...['--admin-email', ACME.email, '--admin-password', ACME.password],
    ]);
    expect(created.code).toBe(0);
    const acme = await caller(source.baseUrl, ACME.slug, ACME.email, ACME.password);
    for (const last of ['First', 'Second', 'Third']) {
      await acme.call('patients/insert', { patient_first_name: 'Acme', patient_last_name: last });
    }
    await acme.call('patients/delete', { selected: [1] });
    acmeIds = (await holdings(acme)).patients;
    exportFile = join(source.dataDir, 'acme.materia.gz');
    const run = await cli('backup', source.dataDir, ['--out', exportFile, '--company', ACME.slug]);
    expect(run.stdout).toContain('1 clinic(s)');
    expect(run.code).toBe(0);
  }, 180_000);

  it('imports it beside the clinic already there, its ids kept, both clinics usable', async () => {
    const before = await holdings(await demoAdminOf(target));
    // Another clinic made there first: acme's company id differs from the one it had.
    const other = await cli('company', target.dataDir, [
      'create',
      ...['--slug', 'other', '--name', 'Other Clinic'],
      ...['--admin-email', 'x@other.test', '--admin-password', 'Other-Password-123'],
    ]);
    expect(other.code).toBe(0);
    const run = await cli('restore', target.dataDir, [exportFile]);
    expect(run.stdout).toMatch(/^Restored 1 clinic\(s\) \(acme\)/);
    expect(run.code).toBe(0);
    const acme = await caller(target.baseUrl, ACME.slug, ACME.email, ACME.password);
    expect((await holdings(acme)).patients).toEqual(acmeIds);
    expect(
      (await acme.call('patients/insert', { patient_first_name: 'A', patient_last_name: 'B' }))
        .patient_id,
    ).toBe(4);
    expect(await listed(acme, 'patients', { search: 'third' })).toHaveLength(1);
    const demoThere = await demoAdminOf(target);
    expect(await holdings(demoThere)).toEqual(before);
  }, 180_000);

  it('refuses a clinic whose slug exists, and replaces that clinic alone with --replace', async () => {
    await expectRefusedRestore(
      [exportFile],
      'A clinic "acme" already exists here. Add --replace to replace it (that clinic only).',
    );
    await expectRefusedRestore(
      [backupFile, '--company', 'nowhere'],
      'The backup holds no clinic "nowhere".',
    );
    const replaced = await cli('restore', target.dataDir, [exportFile, '--replace']);
    expect(replaced.code).toBe(0);
    const acme = await caller(target.baseUrl, ACME.slug, ACME.email, ACME.password);
    expect((await holdings(acme)).patients).toEqual(acmeIds);
    const demoThere = await demoAdminOf(target);
    expect((await holdings(demoThere)).patients).toContainEqual([
      deletedPatientId + 1,
      'Arrival, New',
    ]);
  }, 180_000);
});

describe('an external database whose owner is no superuser', () => {
  /** A database on the source's cluster, owned by a DBA-made role: BYPASSRLS, not superuser. */
  async function externalDatabase(name: string) {
    const { port, url } = embeddedClusterOf(source.dataDir, 'postgres');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create role ${name}_owner login createrole bypassrls password 'owner-pw'`);
    await admin.query(`create role ${name}_app login password 'app-pw'`);
    await admin.query(`create database ${name} owner ${name}_owner`);
    await admin.end();
    return {
      DATABASE_URL: `postgres://${name}_owner:owner-pw@127.0.0.1:${port}/${name}`,
      DATABASE_APP_URL: `postgres://${name}_app:app-pw@127.0.0.1:${port}/${name}`,
    };
  }

  it('restores into it, and backs every row up from it again', async () => {
    const external = await externalDatabase('restored_elsewhere');
    const restored = await cli('restore', target.dataDir, [backupFile], external);
    expect(restored.code).toBe(0);
    const again = join(source.dataDir, 'again.materia.gz');
    const backup = await cli('backup', target.dataDir, ['--out', again], external);
    expect(backup.code).toBe(0);
    expect(/(\d+) rows/.exec(backup.stdout)?.[1]).toBe(backedUpRows);
  }, 180_000);
});
