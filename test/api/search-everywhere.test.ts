/**
 * `search/everywhere` (the command palette): finds rows of every kind by name through the list's
 * own search, only the caller's company's, only kinds the caller may list and whose module is on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EVERYWHERE_ROWS, type EverywhereGroup } from '../../src/shared/search-everywhere';
import { call, newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser, adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Everywhere Clinic', admin: true });

let other: TestCompany;
let c: Caller;

/** `{entities: [labels…]}` of the answer, in the order given. */
async function found(text: string, caller: Caller = c): Promise<Record<string, string[]>> {
  const reply = await caller<EverywhereGroup[]>('search/everywhere', { text });
  expect(reply.result).toBe(true);
  return Object.fromEntries(reply.data.map((g) => [g.entities, g.rows.map((r) => r.label)]));
}

beforeAll(async () => {
  other = await newCompany(env.server, 'Elsewhere Clinic');
  c = callerFor(env.server, env.company, env.admin);
  const patient = await c<Row>('patients/insert', {
    patient_first_name: 'Ada',
    patient_last_name: 'Quillon',
  });
  const patientId = patient.data.patient_id as number;
  await c('patients/insert', { patient_first_name: 'Bob', patient_last_name: 'Other' });
  await c('herbs/insert', { herb_name: 'Quillon root', herb_latin_name: 'Radix quillonis' });
  await c('herbs/insert', { herb_name: 'Nettle' });
  await c('products/insert', { product_name: 'Quillon tea' });
  await c('dispensary_products/insert', { dispensary_product_name: 'Quillon tincture' });
  await c('prescriptions/insert', {
    prescription_patient_id: patientId,
    prescription_name: 'Quillon mix',
  });
  await c('patientletters/insert', {
    patientletter_name: 'Quillon follow-up',
    patientletter_patient_id: patientId,
  });

  // The other clinic's rows match the same word and must never show here.
  const o = callerFor(env.server, other, await adminToken(env.server, other));
  await o('patients/insert', { patient_first_name: 'Zed', patient_last_name: 'Quillon' });
  await o('herbs/insert', { herb_name: 'Quillon leaf' });
});

describe('search/everywhere', () => {
  it('finds each kind by name, in the palette order, with the ids the records open by', async () => {
    expect(await found('quill')).toEqual({
      patients: ['Quillon, Ada'],
      prescriptions: ['Quillon mix'],
      patientletters: ['Quillon follow-up'],
      herbs: ['Quillon root'],
      dispensary_products: ['Quillon tincture'],
      products: ['Quillon tea'],
    });
    const reply = await c<EverywhereGroup[]>('search/everywhere', { text: 'ada quill' });
    const ada = reply.data.find((g) => g.entities === 'patients')?.rows[0];
    const get = await c<Row>('patients/get', { patient_id: ada?.id });
    expect(get.data.patient_first_name).toBe('Ada');
    // Words in any order, as in the list; nothing for a word no row holds.
    expect((await found('radix'))['herbs']).toEqual(['Quillon root']);
    expect(Object.values(await found('zzqx')).flat()).toEqual([]);
    expect(await c('search/everywhere', { text: '  ' })).toMatchObject({ result: true, data: [] });
    // Records from two characters: one letter ("q" is in every Quillon) looks nothing up.
    expect(await c('search/everywhere', { text: ' q ' })).toMatchObject({ result: true, data: [] });
    expect((await found('qu'))['herbs']).toEqual(['Quillon root']);
  });

  it('answers a few rows of each kind', async () => {
    for (let i = 0; i < EVERYWHERE_ROWS + 2; i++)
      await c('herbs/insert', { herb_name: `Manyleaf ${i}` });
    expect((await found('manyleaf'))['herbs']).toHaveLength(EVERYWHERE_ROWS);
  });

  it("answers each kind with its typeahead's first rows, in the same order", async () => {
    // More matches than a group holds, named out of order, in two kinds.
    for (const first of ['Zoe', 'Ann', 'Mia', 'Eve', 'Ida', 'Kim', 'Bea'])
      await c('patients/insert', { patient_first_name: first, patient_last_name: 'Orderly' });
    for (const name of ['Orderly mint', 'Orderly balm', 'Orderly sage', 'Orderly dill'])
      await c('herbs/insert', { herb_name: name });
    for (const text of ['orderly', 'ord', 'orderly a', 'quill', 'zzqx', 'or']) {
      const reply = await c<EverywhereGroup[]>('search/everywhere', { text });
      expect(reply.result).toBe(true);
      for (const group of reply.data) {
        const typeahead = await c<Array<{ id: number; label: string }>>(
          `${group.entities}/typeahead`,
          { page: 1, limit: EVERYWHERE_ROWS, filters: { search: text } },
        );
        expect(group.rows, `${text} in ${group.entities}`).toEqual(
          typeahead.data.map((r) => ({ id: r.id, label: r.label })),
        );
      }
    }
  });

  it("never finds another company's rows", async () => {
    const o = callerFor(env.server, other, await adminToken(env.server, other));
    const theirs = await found('quillon', o);
    expect(theirs['patients']).toEqual(['Quillon, Zed']);
    expect(theirs['herbs']).toEqual(['Quillon leaf']);
    expect(theirs['prescriptions']).toEqual([]);
    const ours = await found('quillon');
    expect(ours['patients']).toEqual(['Quillon, Ada']);
    expect(ours['herbs']).toEqual(['Quillon root']);
  });

  it('leaves out the kinds the user may not list', async () => {
    const herbalist = await addUser(env.server, env.company, {
      privileges: ['herbs/list', 'patients/insert'],
    });
    const as = callerFor(env.server, env.company, herbalist.token);
    expect(await found('quillon', as)).toEqual({ herbs: ['Quillon root'] });
    const nobody = await addUser(env.server, env.company, { privileges: [] });
    expect(await found('quillon', callerFor(env.server, env.company, nobody.token))).toEqual({});
  });

  it('leaves out the kinds whose module is switched off', async () => {
    const modules = await c<{ module_id: number; module_name: string }[]>(
      'modules/update_module_list',
    );
    const herbs = modules.data.find((m) => m.module_name === 'herbs');
    const setHerbs = async (enabled: number) =>
      expect(
        (
          await c('modules/update_module_enabled', {
            module_id: herbs?.module_id,
            module_enabled: enabled,
          })
        ).result,
      ).toBe(true);
    await setHerbs(0);
    try {
      const off = await found('quillon');
      expect(off['herbs']).toBeUndefined();
      expect(off['patients']).toEqual(['Quillon, Ada']);
    } finally {
      await setHerbs(1);
    }
    expect((await found('quillon'))['herbs']).toEqual(['Quillon root']);
  });

  it('needs a logged-in user and a short text', async () => {
    const anonymous = await call(env.server, env.company, 'search/everywhere', { text: 'quill' });
    expect(anonymous.authentication_failed).toBe(true);
    const long = await c('search/everywhere', { text: 'x'.repeat(201) });
    expect(long.result).toBe(false);
    expect(long.messages[0]?.text).toMatch(/200/);
    const extra = await c('search/everywhere', { text: 'quill', company_id: other.companyId });
    expect(extra.result).toBe(false);
    expect(extra.messages[0]?.text).toMatch(/company_id/);
  });
});
