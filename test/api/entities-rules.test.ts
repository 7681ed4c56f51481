/** Refusals by name, filters and order, all-or-nothing delete, relations, copy, reorder, audit. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../src/server/db/tenancy';
import { newCompany, type TestCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let other: TestCompany;
let c: Caller;
let otherC: Caller;

beforeAll(async () => {
  other = await newCompany(env.server);
  c = callerFor(env.server, env.company, env.admin);
  otherC = callerFor(env.server, other, await adminToken(env.server, other));
});

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const herb = async (values: Row = {}) =>
  (await c<Row>('herbs/insert', { herb_name: 'Yarrow', ...values })).data;
const count = async (entities: string, filters: Row = {}) =>
  (await c<{ count: number }>(`${entities}/count`, { filters })).data.count;

describe('bad input is refused by name and writes nothing', () => {
  it.each([
    ['herbs/insert', { herb_name: 'A', bogus: 1 }, 'Unknown field "bogus".'],
    ['herbs/insert', { herb_latin_name: 'Achillea' }, 'Common name is required.'],
    [
      'herbs/insert',
      { herb_name: 'x'.repeat(256) },
      'Common name: Maximum of 255 characters allowed.',
    ],
    [
      'herbs/insert',
      { herb_name: 'A', herb_dose_min: 'lots' },
      'Daily dose from must be a number.',
    ],
    ['herbs/insert', { herb_name: 'A', herb_id: 7 }, '"herb_id" can not be changed here.'],
    [
      'patients/insert',
      { patient_first_name: 'A', patient_last_name: 'B', patient_dob: '2023-02-30' },
      'Date of birth: Must be a real date in the form YYYY-MM-DD.',
    ],
    [
      'dispensary_products/insert',
      { dispensary_product_name: 'A', dispensary_product_reorder_level: -5 },
      'Reorder level: Must not be negative.',
    ],
    ['herbs/list', { filters: { herb_colour: 'green' } }, 'Unknown filter "herb_colour".'],
    [
      'herbs/list',
      { sort: { field: 'herb_notes', direction: 'asc' } },
      'Unknown sort field "herb_notes".',
    ],
    ['herbs/list', { relation_filters: { friends: [1] } }, 'Unknown relation filter "friends".'],
    ['herbs/list', { page: 1, colour: 'x' }, 'Unknown field "colour".'],
    [
      'patients/list',
      { filters: { patient_dob: '2023-02-30' } },
      'Filter "patient_dob": Must be a real date in the form YYYY-MM-DD.',
    ],
    [
      'herbs/get_relation_ids',
      { herb_id: 1, relation_name: 'friends' },
      'Unknown relation "friends".',
    ],
  ])('%s %j', async (path, payload, message) => {
    const before = await count(path.split('/')[0] as string);
    const reply = await c(path, payload);
    expect(reply.status).toBe(400);
    expect(text(reply)).toBe(message);
    expect(await count(path.split('/')[0] as string)).toBe(before);
  });

  it('names a field by its label and says which field the refusal is about (issue 15)', async () => {
    const empty = await c('symptoms/insert', {});
    expect(empty.status).toBe(400);
    expect(empty.messages).toEqual([
      { type: 'e', text: 'Name is required.', field: 'symptom_name' },
    ]);
    const { herb_id } = await herb();
    const negative = await c('herbs/update', { herb_id, field: 'herb_dose_min', value: -1 });
    expect(negative.messages[0]).toMatchObject({ field: 'herb_dose_min' });
    const typed = await c('herbs/insert', { herb_name: 'A', herb_dose_min: 'lots' });
    expect(typed.messages[0]).toMatchObject({ field: 'herb_dose_min' });
    // A refusal about the payload, not one of the definition's fields, names no field.
    const unknown = await c('herbs/insert', { herb_name: 'A', bogus: 1 });
    expect(unknown.messages[0]?.field).toBeUndefined();
  });

  it('names the field on update, refuses unknown and read-only fields, and needs "field"', async () => {
    const { herb_id } = await herb();
    const update = (payload: Row) => c('herbs/update', { herb_id, ...payload });
    expect(text(await update({ value: 'x' }))).toBe('Payload must contain the "field".');
    expect(text(await update({ field: 'herb_colour', value: 'x' }))).toBe(
      'Unknown field "herb_colour".',
    );
    expect(text(await update({ field: 'herb_dose_min', value: -1 }))).toBe(
      'Daily dose from: Must not be negative.',
    );
    expect(text(await update({ field: 'herb_name', value: '   ' }))).toBe(
      'Common name: Can not be empty',
    );
    const patient = (
      await c<Row>('patients/insert', { patient_first_name: 'Ann', patient_last_name: 'Lee' })
    ).data;
    expect(
      text(
        await c('patients/update', {
          patient_id: patient.patient_id,
          field: 'patient_name',
          value: 'X',
        }),
      ),
    ).toBe('"patient_name" can not be changed here.');
    expect(
      text(
        await c('patients/update', {
          patient_id: patient.patient_id,
          field: 'patient_dob',
          value: '1999-02-29',
        }),
      ),
    ).toBe('Date of birth: Must be a real date in the form YYYY-MM-DD.');
  });

  it('refuses a reference to a row that does not exist (ids are per company)', async () => {
    const theirs = (
      await otherC<Row>('patients/insert', {
        patient_first_name: 'Their',
        patient_last_name: 'Patient',
      })
    ).data.patient_id as number;
    const reply = await c('prescriptions/insert', { prescription_patient_id: theirs + 99_999 });
    expect(reply.status).toBe(400);
    expect(text(reply)).toBe('Patient: there is no patient with that id.');
    // On the field, so the editor shows it there.
    expect(reply.messages[0]).toMatchObject({ field: 'prescription_patient_id' });
  });

  it('checks a dose range across its two fields', async () => {
    const reply = await c('herbs/insert', {
      herb_name: 'Sage',
      herb_dose_min: 5000,
      herb_dose_max: 1000,
    });
    expect(text(reply)).toMatch(/"herb_dose_max"/);
    expect(await count('herbs', { search: '=Sage' })).toBe(0);
  });
});

describe('filters, search and order', () => {
  beforeAll(async () => {
    await herb({
      herb_name: 'Chamomile',
      herb_latin_name: 'Matricaria chamomilla',
      herb_family: 'Asteraceae',
    });
    await herb({
      herb_name: 'Peppermint',
      herb_latin_name: 'Mentha piperita',
      herb_family: 'Lamiaceae',
    });
    await herb({
      herb_name: 'Lemon balm',
      herb_latin_name: 'Melissa officinalis',
      herb_family: 'Lamiaceae',
    });
  });
  const names = async (payload: Row) =>
    (await c<Row[]>('herbs/list', { limit: 100, ...payload })).data.map((r) => r.herb_name);

  it('applies the prefixes to named filters and to search', async () => {
    expect(await names({ filters: { herb_family: 'lamia' } })).toEqual([
      'Lemon balm',
      'Peppermint',
    ]);
    expect(await names({ filters: { herb_family: '=lamiaceae' } })).toEqual([
      'Lemon balm',
      'Peppermint',
    ]);
    expect(await names({ filters: { herb_family: '=lamia' } })).toEqual([]);
    expect(await names({ filters: { search: '&officinalis balm' } })).toEqual(['Lemon balm']);
    expect(await names({ filters: { search: '&balm peppermint' } })).toEqual([]);
    expect(await names({ filters: { search: '~mentha' } })).toEqual(['Peppermint']);
    expect(await names({ filters: { search: '~"melissa officinalis"' } })).toEqual(['Lemon balm']);
    expect(await names({ filters: { search: 'MATRIC' } })).toEqual(['Chamomile']);
  });

  it('treats an empty value as no filter and 0 as a value', async () => {
    const all = await names({});
    expect(await names({ filters: { herb_family: '', search: '' } })).toEqual(all);
    const roots = (await c<Row[]>('categories/list', { filters: { category_parent: 0 } })).data;
    expect(roots.map((r) => r.category_key)).toEqual([
      'patients',
      'herbs',
      'dispensary',
      'products',
      'snippets',
    ]);
  });

  it('filters dates in YYYY-MM-DD', async () => {
    await c('patients/insert', {
      patient_first_name: 'Date',
      patient_last_name: 'Filter',
      patient_dob: '1975-05-17',
    });
    const found = await c<Row[]>('patients/list', { filters: { patient_dob: '1975-05-17' } });
    expect(found.data.map((r) => r.patient_last_name)).toEqual(['Filter']);
  });

  it('sorts by a sortable column, then by name and id for a stable order', async () => {
    expect(
      await names({
        filters: { herb_family: 'aceae' },
        sort: { field: 'herb_latin_name', direction: 'desc' },
      }),
    ).toEqual(['Peppermint', 'Lemon balm', 'Chamomile']);
    const twins = [
      (await herb({ herb_name: 'Twin' })).herb_id,
      (await herb({ herb_name: 'Twin' })).herb_id,
    ];
    const listed = (await c<Row[]>('herbs/list', { filters: { search: '=Twin' } })).data.map(
      (r) => r.herb_id,
    );
    expect(listed).toEqual(twins);
  });

  it('caps the limit at 5000 instead of refusing it', async () => {
    const reply = await c<Row[]>('countries/list', { limit: 100_000 });
    expect(reply.status).toBe(200);
    expect(reply.data.length).toBe(await count('countries'));
  });
});

describe('all-or-nothing delete', () => {
  it('deletes nothing when one id is missing or belongs to another company', async () => {
    const a = (await herb({ herb_name: 'Keep me' })).herb_id as number;
    const theirs = (await otherC<Row>('herbs/insert', { herb_name: 'Theirs' })).data
      .herb_id as number;
    const missing = theirs + 500;
    const reply = await c('herbs/delete', { selected: [a, missing] });
    expect(reply.status).toBe(404);
    expect(text(reply)).toBe(`There is no herb with id ${missing}.`);
    expect((await c('herbs/get', { herb_id: a })).status).toBe(200);
  });

  it('refuses to delete a record still in use and keeps every selected row', async () => {
    const patient = (
      await c<Row>('patients/insert', { patient_first_name: 'In', patient_last_name: 'Use' })
    ).data.patient_id;
    const spare = (
      await c<Row>('patients/insert', { patient_first_name: 'Not', patient_last_name: 'Used' })
    ).data.patient_id;
    await c('prescriptions/insert', { prescription_patient_id: patient });
    const reply = await c('patients/delete', { selected: [spare, patient] });
    expect(reply.status).toBe(409);
    expect(text(reply)).toBe('This patient is still used by prescriptions; remove those first.');
    expect((await c('patients/get', { patient_id: spare })).status).toBe(200);
  });

  it('refuses rows whose secondary key is unset', async () => {
    const category = (await c<Row>('categories/insert', { category_label: 'Keyless' })).data;
    expect(category.category_key).toBe(`keyless-${String(category.category_id)}`);
    await c('categories/update', {
      category_id: category.category_id,
      field: 'category_key',
      value: '',
    });
    const reply = await c('categories/delete', { selected: [category.category_id] });
    expect(reply.status).toBe(400);
    expect(text(reply)).toBe('"Keyless" has no key and can not be deleted.');
  });
});

describe('relations', () => {
  it('adds, gets, removes and syncs with the documented shapes', async () => {
    const { herb_id } = await herb({ herb_name: 'Thyme' });
    const actions = (await c<Row[]>('actions/list', { limit: 5000 })).data;
    const idOf = (name: string) => actions.find((a) => a.action_name === name)?.action_id as number;
    const [astringent, antispasmodic, expectorant] = [
      idOf('Astringent'),
      idOf('Antispasmodic'),
      idOf('Expectorant'),
    ];
    const added = await c<Row>('herbs/add_actions', {
      id: herb_id,
      relation_id: expectorant,
      return_effected: true,
    });
    expect(added.data).toMatchObject({
      entity: { herb_id },
      entities: [{ id: expectorant, label: 'Expectorant' }],
      relations: [{ id: expectorant, label: 'Expectorant' }],
    });
    const plain = await c<Row[]>('herbs/add_actions', {
      id: herb_id,
      relation_id: [antispasmodic],
    });
    expect(plain.data.map((r) => r.label)).toEqual(['Antispasmodic', 'Expectorant']);
    expect((await c('herbs/get_actions', { id: herb_id })).data).toEqual(plain.data);
    expect((await c('herbs/get_relation_ids', { herb_id, relation_name: 'actions' })).data).toEqual(
      [antispasmodic, expectorant].sort((x, y) => x - y),
    );
    const removed = await c<Row>('herbs/remove_actions', {
      id: herb_id,
      relation_id: expectorant,
      return_effected: true,
    });
    expect(removed.data).toMatchObject({
      entities: [{ id: expectorant }],
      relations: [{ id: antispasmodic }],
    });
    expect(
      (await c('herbs/sync_actions', { herb_id, relations: [astringent, expectorant] })).data,
    ).toEqual([astringent, expectorant].sort((x, y) => x - y));
    expect((await c('herbs/get_relation_id', { herb_id, relation_name: 'actions' })).data).toBe(
      Math.min(astringent, expectorant),
    );
    const filtered = await c<Row[]>('herbs/list', { relation_filters: { actions: [astringent] } });
    expect(filtered.data.map((r) => r.herb_id)).toEqual([herb_id]);
  });

  it("refuses related ids that do not exist in the company, another company's included", async () => {
    const { herb_id } = await herb({ herb_name: 'Linked' });
    const theirs = (await otherC<Row>('conditions/insert', { condition_name: 'Theirs' })).data
      .condition_id as number;
    const reply = await c('herbs/add_conditions', { id: herb_id, relation_id: theirs });
    expect(reply.status).toBe(404);
    expect(text(reply)).toBe(`There is no condition with id ${theirs}.`);
    expect(
      (await c('herbs/get_relation_ids', { herb_id, relation_name: 'conditions' })).data,
    ).toEqual([]);
  });

  it('links relations given at insert', async () => {
    const condition = (await c<Row>('conditions/insert', { condition_name: 'Colic' })).data
      .condition_id;
    const inserted = await c<Row>('herbs/insert', {
      herb_name: 'Fennel',
      _relations: { conditions: [condition] },
    });
    expect(inserted.data._relations).toMatchObject({ conditions: [condition] });
    expect(text(await c('herbs/insert', { herb_name: 'X', _relations: { friends: [1] } }))).toBe(
      'Unknown relation "friends".',
    );
  });
});

describe('copy and reorder', () => {
  it('copies a row with its relations, marking the name and keeping given values', async () => {
    const { herb_id } = await herb({ herb_name: 'Elder', herb_family: 'Adoxaceae' });
    const part = (await c<Row[]>('partuseds/list', { filters: { search: '=Flower' } })).data[0]
      ?.partused_id;
    await c('herbs/add_partuseds', { id: herb_id, relation_id: part });
    const copy = await c<Row>('herbs/insert', {
      _copy: herb_id,
      herb_latin_name: 'Sambucus nigra',
    });
    expect(copy.data).toMatchObject({
      herb_name: 'Elder (copy)',
      herb_family: 'Adoxaceae',
      herb_latin_name: 'Sambucus nigra',
    });
    expect(copy.data.herb_id).not.toBe(herb_id);
    expect((copy.data._relations as Row).partuseds).toEqual([part]);
    expect((await c('herbs/insert', { _copy: 99_999 })).status).toBe(404);
  });

  it('saves a hand-made order and puts new rows last', async () => {
    const ids: number[] = [];
    for (const name of ['Alpha', 'Beta', 'Gamma'])
      ids.push((await c<Row>('snippets/insert', { snippet_name: name })).data.snippet_id as number);
    const listed = async () =>
      (await c<Row[]>('snippets/list', {})).data.map((r) => r.snippet_name);
    expect(await listed()).toEqual(['Alpha', 'Beta', 'Gamma']);
    const [a, b, g] = ids;
    expect((await c('snippets/reorder_list', { order: [g, a, b] })).result).toBe(true);
    expect(await listed()).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect((await c('snippets/reorder_list', { order: [g, 4242] })).status).toBe(404);
    expect(await listed()).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect((await c('herbs/reorder_list', { order: [1] })).status).toBe(403);
  });
});

describe('audit', () => {
  const auditRows = (entity: string, id: number) =>
    inTenant(
      env.server.database.db,
      env.company.companyId,
      async (trx) =>
        (
          await sql<Row>`select action, before, after from audit_log where entity = ${entity} and entity_id = ${String(id)} order by audit_id`.execute(
            trx,
          )
        ).rows,
    );

  it('records every read of a patient and every write with before and after', async () => {
    const id = (
      await c<Row>('patients/insert', { patient_first_name: 'Audit', patient_last_name: 'Me' })
    ).data.patient_id as number;
    await c('patients/get', { patient_id: id });
    await c('patients/update', { patient_id: id, field: 'patient_city', value: 'Bath' });
    await c('patients/delete', { selected: [id] });
    const rows = await auditRows('patients', id);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'read', 'update', 'delete']);
    expect((rows[2]?.before as Row).patient_city).toBe('');
    expect((rows[2]?.after as Row).patient_city).toBe('Bath');
  });
});
