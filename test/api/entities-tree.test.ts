/**
 * The category tree rules (mandatory, movable, renamable, may hold children) and the tree calls
 * get_all_flat, get_children, change_parent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;
let roots: Map<string, Row>;

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  const listed = await c<Row[]>('categories/get_children', { category_parent: 0 });
  roots = new Map(listed.data.map((row) => [String(row.category_key), row]));
});

const text = (reply: { messages: { text: string }[] }) =>
  reply.messages.map((m) => m.text).join(' ');
const rootId = (key: string) => roots.get(key)?.category_id as number;
const add = async (label: string, under: number | null, values: Row = {}) =>
  (
    await c<Row>('categories/insert', {
      category_label: label,
      _selected: under === null ? [] : [under],
      ...values,
    })
  ).data;

describe('category tree', () => {
  it('starts every company with mandatory, immovable roots', () => {
    expect([...roots.keys()]).toEqual(['patients', 'herbs', 'dispensary', 'products', 'snippets']);
    for (const root of roots.values()) {
      expect(root).toMatchObject({
        category_mandatory: 1,
        category_movable: 0,
        category_can_contain_children: 1,
        category_parent: 0,
      });
      expect(root.category_root).toBe(root.category_id);
    }
  });

  it('inserts under the first selected node, or at the root without a selection', async () => {
    const western = await add('Western', rootId('herbs'));
    expect(western).toMatchObject({
      category_parent: rootId('herbs'),
      category_root: rootId('herbs'),
    });
    const top = await add('Top level', null);
    expect(top).toMatchObject({ category_parent: 0, category_root: top.category_id });
    const children = await c<Row[]>('categories/get_children', {
      category_parent: rootId('herbs'),
    });
    expect(children.data.map((r) => r.category_label)).toEqual(['Western']);
  });

  it('only lets containers take children', async () => {
    const leaf = await add('Leaf only', rootId('patients'), { category_can_contain_children: 0 });
    const reply = await c('categories/insert', {
      category_label: 'Child',
      _selected: [leaf.category_id],
    });
    expect(reply.status).toBe(400);
    expect(text(reply)).toBe('"Leaf only" can not contain sub-categories.');
    expect(
      text(
        await c('categories/change_parent', {
          category_id: (await add('Mover', null)).category_id,
          category_parent: leaf.category_id,
        }),
      ),
    ).toBe('"Leaf only" can not contain sub-categories.');
  });

  it('never deletes a mandatory category', async () => {
    const reply = await c('categories/delete', { selected: [rootId('snippets')] });
    expect(reply.status).toBe(400);
    expect(text(reply)).toBe('"Snippets" is mandatory and can not be deleted.');
  });

  it('only moves movable categories, never under themselves or their descendants', async () => {
    const parent = await add('Parent', rootId('products'));
    const child = await add('Child', parent.category_id as number);
    const grandchild = await add('Grandchild', child.category_id as number);
    expect(grandchild.category_root).toBe(rootId('products'));
    expect(
      text(
        await c('categories/change_parent', {
          category_id: rootId('herbs'),
          category_parent: rootId('products'),
        }),
      ),
    ).toBe('"Herbs" can not be moved.');
    expect(
      text(
        await c('categories/change_parent', {
          category_id: parent.category_id,
          category_parent: grandchild.category_id,
        }),
      ),
    ).toBe('A category can not be moved under itself or one of its own sub-categories.');
    expect(
      (
        await c('categories/change_parent', {
          category_id: parent.category_id,
          category_parent: parent.category_id,
        })
      ).status,
    ).toBe(400);
    const moved = await c<{ entity: Row }>('categories/change_parent', {
      category_id: parent.category_id,
      category_parent: rootId('dispensary'),
    });
    expect(moved.data.entity).toMatchObject({
      category_parent: rootId('dispensary'),
      category_root: rootId('dispensary'),
    });
    const below = await c<Row>('categories/get', { category_id: grandchild.category_id });
    expect(below.data.category_root).toBe(rootId('dispensary'));
    expect(
      (
        await c('categories/change_parent', {
          category_id: parent.category_id,
          category_parent: 777_777,
        })
      ).status,
    ).toBe(404);
  });

  it('only renames renameable categories', async () => {
    const fixed = await add('Fixed name', rootId('patients'), { category_can_be_renamed: 0 });
    const reply = await c('categories/update', {
      category_id: fixed.category_id,
      field: 'category_label',
      value: 'New',
    });
    expect(text(reply)).toBe('"Fixed name" can not be renamed.');
    const free = await add('Free name', rootId('patients'));
    const renamed = await c<{ entity: Row }>('categories/update', {
      category_id: free.category_id,
      field: 'category_label',
      value: 'Renamed',
    });
    expect(renamed.data.entity.category_label).toBe('Renamed');
  });

  it('keeps a node with children unless its children are deleted with it', async () => {
    const parent = await add('Box', rootId('snippets'));
    const child = await add('Inside', parent.category_id as number);
    const refused = await c('categories/delete', { selected: [parent.category_id] });
    expect(text(refused)).toBe('"Box" still has sub-categories; delete or move them first.');
    expect(
      (await c('categories/delete', { selected: [parent.category_id, child.category_id] })).result,
    ).toBe(true);
  });

  it('lets only admins set the rule flags', async () => {
    const staff = callerFor(
      env.server,
      env.company,
      (await addUser(env.server, env.company, { privileges: ['categories/*'] })).token,
    );
    const refused = await staff('categories/insert', {
      category_label: 'Sneaky',
      category_mandatory: 1,
    });
    expect(refused.status).toBe(403);
    expect(text(refused)).toBe('Only administrators may change "category_mandatory".');
    const allowed = await staff<Row>('categories/insert', {
      category_label: 'Plain',
      _selected: [rootId('herbs')],
    });
    expect(allowed.data).toMatchObject({ category_mandatory: 0, category_can_contain_children: 1 });
    const id = allowed.data.category_id;
    expect(
      (await staff('categories/update', { category_id: id, field: 'category_movable', value: 0 }))
        .status,
    ).toBe(403);
    expect(
      (await c('categories/update', { category_id: id, field: 'category_movable', value: 0 }))
        .status,
    ).toBe(200);
  });

  it('lists the whole tree flat, parents before their order, and files records under it', async () => {
    const flat = await c<Row[]>('categories/get_all_flat', { page: 1, limit: 5000 });
    const parents = flat.data.map((r) => r.category_parent as number);
    expect(parents).toEqual([...parents].sort((a, b) => a - b));
    const active = await add('Active patients', rootId('patients'));
    const patient = await c<Row>('patients/insert', {
      patient_first_name: 'Tree',
      patient_last_name: 'Filed',
      patient_category_id: active.category_id,
    });
    expect(patient.data.patient_category_id_label).toBe('Active patients');
    const underRoot = await c<Row[]>('patients/list', {
      filters: { patient_category_id: rootId('patients') },
    });
    expect(underRoot.data.map((r) => r.patient_id)).toContain(patient.data.patient_id);
    const elsewhere = await c<Row[]>('patients/list', {
      filters: { patient_category_id: rootId('herbs') },
    });
    expect(elsewhere.data).toEqual([]);
  });
});
