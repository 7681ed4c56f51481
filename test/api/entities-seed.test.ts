/** Starting data of every company, and the demo clinic. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemo } from '../../src/server/seed/demo';
import { ENTITIES } from '../../src/shared/entities';
import { newCompany, TEST_PASSWORD, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let fresh: Caller;
let demo: Caller;
let demoCompany: TestCompany;

beforeAll(async () => {
  fresh = callerFor(env.server, env.company, env.admin);
  demoCompany = await newCompany(env.server, 'Demo Herbal Clinic');
  await seedDemo(env.server.database.db, demoCompany.companyId);
  demo = callerFor(env.server, demoCompany, await adminToken(env.server, demoCompany));
});

const count = async (c: Caller, entities: string, filters: Row = {}) =>
  (await c<{ count: number }>(`${entities}/count`, { filters })).data.count;

/** What every new company starts with, however it was created. */
async function expectStartingData(c: Caller) {
  expect(await count(c, 'countries')).toBeGreaterThanOrEqual(249);
  const gb = await c<Row[]>('countries/list', { filters: { search: '=GB' } });
  expect(gb.data[0]).toMatchObject({ country_name: 'United Kingdom', country_alpha3: 'GBR' });
  expect(await count(c, 'categories', { category_mandatory: 1 })).toBe(5);
  expect(await count(c, 'partuseds')).toBeGreaterThanOrEqual(10);
  const astringent = await c<Row[]>('actions/list', { filters: { search: '=Astringent' } });
  const row = await c<Row>('actions/get', { action_id: astringent.data[0]?.action_id });
  expect(row.data.action_description).toMatch(/tightens/i);
  expect(await count(c, 'herbs')).toBe(0);
  expect(await count(c, 'patients')).toBe(0);
}

/** `npm run company -- create …` as a separate process, on the tests' database. */
async function companyFromCommand(): Promise<TestCompany> {
  const slug = `t-cli-${randomBytes(4).toString('hex')}`;
  const adminEmail = `admin@${slug}.test`;
  const args = ['create', '--slug', slug, '--name', 'Command Clinic'];
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/cli/company.ts',
      ...args,
      '--admin-email',
      adminEmail,
      '--admin-password',
      TEST_PASSWORD,
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: inject('dataDir'),
        DATABASE_URL: inject('databaseOwnerUrl'),
        DATABASE_APP_URL: inject('databaseAppUrl'),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    },
  );
  const company = await env.server.database.db
    .selectFrom('companies')
    .select('company_id')
    .where('company_slug', '=', slug)
    .executeTakeFirstOrThrow();
  return { slug, companyId: company.company_id, adminEmail };
}

describe('every new company', () => {
  it('gets the ISO countries, the category roots, parts used and actions', async () => {
    await expectStartingData(fresh);
  });

  it('gets them too when made by the company command', async () => {
    const made = await companyFromCommand();
    await expectStartingData(callerFor(env.server, made, await adminToken(env.server, made)));
  }, 60_000);
});

describe('the demo clinic', () => {
  it('has a materia medica of real herbs with their parts and actions', async () => {
    expect(await count(demo, 'herbs')).toBeGreaterThanOrEqual(60);
    const yarrow = (await demo<Row[]>('herbs/list', { filters: { search: '=Yarrow' } }))
      .data[0] as Row;
    expect(yarrow).toMatchObject({
      herb_latin_name: 'Achillea millefolium',
      herb_family: 'Asteraceae',
    });
    const parts = await demo<Row[]>('herbs/get_partuseds', { id: yarrow.herb_id });
    expect(parts.data.map((p) => p.label)).toEqual(['Aerial parts']);
    const actions = await demo<Row[]>('herbs/get_actions', { id: yarrow.herb_id });
    expect(actions.data.map((a) => a.label)).toEqual(
      expect.arrayContaining(['Astringent', 'Diaphoretic']),
    );
    const forColds = await demo<Row[]>('herbs/list', {
      relation_filters: { conditions: [] },
      filters: { search: '&sambucus' },
    });
    expect(forColds.data.map((h) => h.herb_name)).toEqual(['Elder']);
  });

  it('files every herb under its tradition', async () => {
    const tradition = async (label: string) => {
      const found = await demo<Row[]>('categories/list', {
        filters: { search: `=${label}` },
      });
      return count(demo, 'herbs', { herb_category_id: found.data[0]?.category_id });
    };
    const western = await tradition('Western');
    const ayurvedic = await tradition('Ayurvedic');
    const chinese = await tradition('Chinese');
    expect(ayurvedic).toBe(7);
    expect(chinese).toBe(5);
    expect(western + ayurvedic + chinese).toBe(await count(demo, 'herbs'));
  });

  it('stocks a dispensary and lists clinical reference data', async () => {
    expect(await count(demo, 'dispensary_products')).toBeGreaterThanOrEqual(40);
    expect(await count(demo, 'dispensary_products', { dispensary_product_form: 'tincture' })).toBe(
      30,
    );
    // Every entity set of the definitions, so a new one is seeded for the demo too; the
    // reference lists records pick from hold more than a handful.
    const counts = new Map<string, number>();
    for (const { entities } of ENTITIES) counts.set(entities, await count(demo, entities));
    expect(ENTITIES.filter((e) => !counts.get(e.entities)).map((e) => e.entities)).toEqual([]);
    const references = ENTITIES.filter((e) => e.moduleEntry?.section === 'Reference data');
    expect(
      references.filter((e) => (counts.get(e.entities) ?? 0) <= 3).map((e) => e.entities),
    ).toEqual([]);
  });

  it('heads its printed things with the main clinic’s address and phone', async () => {
    const modules = await demo<Array<{ module_name: string; module_settings: Row }>>(
      'modules/get_settings',
      {},
    );
    const product = modules.data.find((m) => m.module_name === 'materia');
    expect(product?.module_settings).toMatchObject({
      clinic_address: '12 High Street, Bath BA1 1AB',
      clinic_phone: '01632 960001',
    });
  });

  it('has 200 patients with UK-style addresses, prescriptions with lines, and letters', async () => {
    expect(await count(demo, 'patients')).toBe(200);
    const patient = (await demo<Row[]>('patients/list', { limit: 1 })).data[0] as Row;
    expect(patient.patient_postcode).toMatch(/^[A-Z]{2}\d{1,2} \d[A-Z]{2}$/);
    expect(patient.patient_country_id_label).toMatch(/United Kingdom/);
    expect(await count(demo, 'prescriptions')).toBeGreaterThan(100);
    const lines = await demo<Row[]>('prescriptions/get_lines', { prescription_id: 1 });
    expect(lines.data.length).toBeGreaterThanOrEqual(3);
    const prescription = await demo<Row>('prescriptions/get', { prescription_id: 1 });
    const total = lines.data.reduce((sum, l) => sum + (l.prescription_line_price as number), 0);
    expect(prescription.data.prescription_total_price).toBeCloseTo(total, 2);
    expect(await count(demo, 'patientletters')).toBeGreaterThan(20);
    const letter = await demo<Row>('patientletters/get', { patientletter_id: 1 });
    expect(letter.data.patientletter_body).toMatch(/^<p>Dear /);
    expect(letter.data.patientletter_body).not.toMatch(/\{patient\./);
    const snippets = await demo<Row[]>('snippets/list', { filters: { search: '=Greeting' } });
    expect(
      (await demo<Row>('snippets/get', { snippet_id: snippets.data[0]?.snippet_id })).data
        .snippet_body,
    ).toContain('{patient.last_name}');
  });
});
