/**
 * The entity store driven through its transport seam by a small in-memory
 * stand-in for the generic calls, so each rule is checked without a browser.
 */
import { describe, expect, it } from 'vitest';
import { categories, herbs } from '../../src/shared/entities';
import { startList } from '../../src/web/entity/model/startList';
import { createEntityStore } from '../../src/web/entity/model/store';
import type { Reply, Row, Transport } from '../../src/web/entity/model/types';
import { FIELD_REQUIRED_TEXT } from '../../src/web/entity/model/writeSlice';

interface Sent {
  path: string;
  payload: Record<string, unknown>;
}

/** A table of herbs (or categories) answering the generic calls like the server does. */
function fakeServer(rows: Row[], key = 'herb_id', name = 'herb_name') {
  const sent: Sent[] = [];
  const delays: Record<string, number[]> = {};
  const failing = new Set<string>();
  let nextId = 1000;
  const ok = (data: unknown): Reply => ({ ok: true, data, message: null });
  const refuse = (message: string): Reply => ({ ok: false, data: null, message });
  const find = (id: unknown) => rows.find((r) => r[key] === id);
  const matches = (row: Row, filters: Record<string, unknown> = {}) =>
    Object.entries(filters).every(([field, value]) =>
      field === 'search'
        ? String(row[name]).toLowerCase().includes(String(value).toLowerCase())
        : row[field] === value,
    );
  const handle = (verb: string, p: Record<string, unknown>): Reply => {
    if (failing.has(verb)) return refuse(`${verb} refused`);
    const filters = p.filters as Record<string, unknown> | undefined;
    switch (verb) {
      case 'list':
      case 'get_all_flat': {
        const page = Number(p.page ?? 1);
        const limit = Number(p.limit ?? 50);
        return ok(rows.filter((r) => matches(r, filters)).slice((page - 1) * limit, page * limit));
      }
      case 'count': {
        // As the server counts a broad search: up to 1,000, then `more`.
        const count = rows.filter((r) => matches(r, filters)).length;
        return ok(count > 1000 ? { count: 1000, more: true } : { count, more: false });
      }
      case 'get': {
        const row = find(p[key]);
        return row
          ? ok({ ...row, herb_notes: 'long text', _relations: { actions: [7] } })
          : refuse(`There is no herb with id ${String(p[key])}.`);
      }
      case 'update': {
        const row = find(p[key]);
        if (!row) return refuse('There is no herb with id.');
        // As the server words it: the field's label, and the field named beside the text.
        if (p.value === '')
          return { ...refuse('Common name: Can not be empty'), field: String(p.field) };
        row[String(p.field)] = p.value;
        return ok({ entity: { ...row, _company_slug: 'demo' } });
      }
      case 'insert': {
        const row = { [key]: nextId++, ...p };
        rows.push(row);
        return ok(row);
      }
      case 'delete':
        for (const id of p.selected as number[]) rows.splice(rows.indexOf(find(id) as Row), 1);
        return ok({ deleted: p.selected });
      case 'typeahead_labels':
        return ok((p.ids as number[]).map((id) => ({ id, label: `Label ${id}` })));
      case 'get_actions':
        return ok([{ id: 7, label: 'Astringent' }]);
      default:
        return ok(null);
    }
  };
  const transport: Transport = async (path, payload) => {
    sent.push({ path, payload: structuredClone(payload) });
    const verb = path.split('/')[1] ?? '';
    const wait = delays[verb]?.shift() ?? 0;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return handle(verb, payload);
  };
  return { transport, sent, delays, failing, rows };
}

const herbRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    herb_id: i + 1,
    herb_name: `Herb ${String(i + 1).padStart(3, '0')}`,
  }));

const calls = (sent: Sent[], verb: string) => sent.filter((s) => s.path.endsWith(`/${verb}`));

describe('the found count', () => {
  it('keeps that more rows match than a broad count says ("1,000+ found")', async () => {
    const store = createEntityStore(herbs, fakeServer(herbRows(1200)).transport);
    await store.getState().loadList();
    expect(store.getState()).toMatchObject({ count: 1000, count_more: true });
  });

  it('shows the newest search’s count when an older count answers last', async () => {
    const server = fakeServer(herbRows(120));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().loadList();
    server.delays.count = [60, 0]; // the first search's count is slow
    const first = store.getState().setSearch('Herb');
    const second = store.getState().setSearch('Herb 11');
    await Promise.all([first, second]);
    expect(store.getState().count).toBe(10);
  });
});

describe('list loading', () => {
  it('flags loading during a fetch, appends later pages and stops at a short page', async () => {
    const server = fakeServer(herbRows(120));
    const store = createEntityStore(herbs, server.transport);
    const loading = store.getState().loadList();
    expect(store.getState().loading).toBe(true);
    await loading;
    expect(store.getState()).toMatchObject({
      loading: false,
      page: 1,
      no_more: false,
      count: 120,
      count_more: false,
    });
    expect(store.getState().list).toHaveLength(50);
    await store.getState().loadMore();
    await store.getState().loadMore();
    expect(store.getState().list).toHaveLength(120);
    expect(store.getState()).toMatchObject({ page: 3, no_more: true });
    await store.getState().loadMore(); // nothing more to ask for
    expect(calls(server.sent, 'list')).toHaveLength(3);
  });

  it('skips a once-only load while one runs and after one finished', async () => {
    const server = fakeServer(herbRows(3));
    const store = createEntityStore(herbs, server.transport);
    const first = store.getState().loadList({ once: true });
    await store.getState().loadList({ once: true });
    await first;
    await store.getState().loadList({ once: true });
    expect(calls(server.sent, 'list')).toHaveLength(1);
    expect(store.getState().no_more).toBe(true);
  });

  it('loads a local list (a tree) as page 1 with limit 5000 and builds its nodes', async () => {
    const rows = [
      { category_id: 1, category_label: 'Herbs', category_parent: 0, category_order: 1 },
      { category_id: 2, category_label: 'Western', category_parent: 1, category_order: 1 },
    ];
    const server = fakeServer(rows, 'category_id', 'category_label');
    const store = createEntityStore(categories, server.transport);
    await store.getState().loadList();
    expect(calls(server.sent, 'get_all_flat')[0]?.payload).toMatchObject({ page: 1, limit: 5000 });
    expect(store.getState().tree.map((n) => n.label)).toEqual(['Herbs']);
    expect(store.getState().node_lookup[2]?.parent).toBe(1);
  });

  it('goes back to page 1 when searching, removes empty filters and keeps 0', async () => {
    const server = fakeServer(herbRows(120));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().loadList();
    await store.getState().loadMore();
    await store.getState().setSearch('Herb 11');
    expect(store.getState().page).toBe(1);
    expect(store.getState().list.map((r) => r.herb_id)).toEqual([
      110, 111, 112, 113, 114, 115, 116, 117, 118, 119,
    ]);
    expect(calls(server.sent, 'list').at(-1)?.payload).toMatchObject({
      page: 1,
      filters: { search: 'Herb 11' },
    });
    await store.getState().setFilter('herb_dose_min', 0);
    expect(store.getState().filters).toEqual({ search: 'Herb 11', herb_dose_min: 0 });
    await store.getState().setSearch('');
    await store.getState().setFilter('herb_dose_min', null);
    expect(store.getState().filters).toEqual({});
    await store.getState().setRelationFilter('actions', [3]);
    expect(calls(server.sent, 'list').at(-1)?.payload).toMatchObject({
      relation_filters: { actions: [3] },
    });
  });
});

describe('list preferences', () => {
  it('applies page size and order before the first load, and reloads once after it', async () => {
    const server = fakeServer(herbRows(30));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().setListOptions({ limit: 25, sort: '-herb_name' });
    expect(calls(server.sent, 'list')).toHaveLength(0);
    await store.getState().loadList();
    expect(calls(server.sent, 'list')[0]?.payload).toMatchObject({ limit: 25, sort: '-herb_name' });
    await store.getState().setListOptions({ limit: 25, sort: '-herb_name' });
    expect(calls(server.sent, 'list')).toHaveLength(1);
    await store.getState().setListOptions({ limit: 100, sort: null });
    expect(calls(server.sent, 'list')).toHaveLength(2);
    expect(calls(server.sent, 'list')[1]?.payload).not.toHaveProperty('sort');
    expect(store.getState().list).toHaveLength(30);
  });
});

describe('a list started before its screen (the start-up prefetch)', () => {
  it('loads once with the stored preferences; the screen then asks for nothing again', async () => {
    const server = fakeServer(herbRows(30));
    server.delays.list = [20];
    const store = createEntityStore(herbs, server.transport);
    const started = startList(store, Promise.resolve({ list_limit: 25, list_sort: '-herb_name' }));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the list call is on its way
    // The screen mounts while it loads: the same preferences, then its route effect.
    await store.getState().setListOptions({ limit: 25, sort: '-herb_name' });
    await store.getState().routeTo(null, { small: false });
    await started;
    expect(calls(server.sent, 'list')).toHaveLength(1);
    expect(calls(server.sent, 'list')[0]?.payload).toMatchObject({ limit: 25, sort: '-herb_name' });
    expect(store.getState().list).toHaveLength(25);
  });
});

describe('route changes and rows', () => {
  it('loads the list with cleared filters, then selects and reloads a listed row', async () => {
    const server = fakeServer(herbRows(5));
    const store = createEntityStore(herbs, server.transport);
    store.setState({ filters: { search: 'old' } });
    await store.getState().routeTo(3, { small: false });
    expect(calls(server.sent, 'list')[0]?.payload).toMatchObject({ filters: {} });
    expect(store.getState().selected_ids).toEqual([3]);
    // Herbs load on select: the row comes again with its long fields and relations.
    expect(store.getState().selected_object).toMatchObject({ herb_id: 3, herb_notes: 'long text' });
    expect(store.getState().relation_ids.actions).toEqual([7]);
    expect(store.getState().found).toBe(true);
  });

  it('keeps filters put in place while the list loads (from the address), then the user’s win', async () => {
    const server = fakeServer(herbRows(5));
    const store = createEntityStore(herbs, server.transport);
    store.setState({ filters: { search: 'old' }, relation_filters: { actions: [1] } });
    const replacing = store.getState().replaceFilters({ herb_family: 'Rosaceae' });
    await Promise.all([replacing, store.getState().routeTo(null, { small: false })]);
    expect(calls(server.sent, 'list').map((s) => s.payload)).toEqual([
      expect.objectContaining({ filters: { herb_family: 'Rosaceae' }, relation_filters: {} }),
    ]);
    await store.getState().clearFilters();
    expect(calls(server.sent, 'list').at(-1)?.payload).toMatchObject({ filters: {} });
    expect(store.getState().list).toHaveLength(5);
  });

  it('marks a missing row as not found, and clears the selection without an id except small', async () => {
    const server = fakeServer(herbRows(2));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(99, { small: false });
    expect(store.getState().found).toBe(false);
    await store.getState().routeTo(1, { small: false });
    await store.getState().routeTo(null, { small: true });
    expect(store.getState().selected_ids).toEqual([1]);
    await store.getState().routeTo(null, { small: false });
    expect(store.getState().selected_ids).toEqual([]);
    expect(store.getState().selected_object).toBeNull();
  });

  it('toggles with Ctrl, selects ranges with Shift, and select mode clears the selection', async () => {
    const server = fakeServer(herbRows(6));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().loadList();
    await store.getState().routeTo(2, { small: false });
    expect(store.getState().click(4, 'toggle')).toBe(false);
    expect(store.getState().selected_ids).toEqual([2, 4]);
    store.getState().click(5, 'range');
    expect(store.getState().selected_ids).toEqual([4, 5]);
    expect(store.getState().click(1, 'single')).toBe(true);
    store.getState().toggleSelectMode();
    expect(store.getState()).toMatchObject({ select_mode: true, selected_ids: [] });
    expect(store.getState().click(1, 'single')).toBe(false);
    expect(store.getState().selected_ids).toEqual([1]);
  });
});

describe('changes', () => {
  it('needs a field name, does nothing without a selection, and stores the answer clean', async () => {
    const server = fakeServer(herbRows(2));
    const store = createEntityStore(herbs, server.transport);
    expect(() => store.getState().updateField('', 'x')).toThrow(FIELD_REQUIRED_TEXT);
    expect(await store.getState().updateField('herb_name', 'x')).toBeNull();
    expect(calls(server.sent, 'update')).toHaveLength(0);
    await store.getState().routeTo(1, { small: false });
    await store.getState().updateField('herb_name', 'Yarrow');
    expect(store.getState().selected_object).toMatchObject({ herb_name: 'Yarrow' });
    expect(store.getState().selected_object).not.toHaveProperty('_company_slug');
    expect(store.getState().list_lookup[1]?.herb_name).toBe('Yarrow');
  });

  it('lands two quick edits in order even when the first answer is slow', async () => {
    const server = fakeServer(herbRows(2));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(1, { small: false });
    server.delays.update = [60, 0];
    await Promise.all([
      store.getState().updateField('herb_name', 'Mint'),
      store.getState().updateField('herb_family', 'Lamiaceae'),
    ]);
    expect(calls(server.sent, 'update').map((s) => s.payload.field)).toEqual([
      'herb_name',
      'herb_family',
    ]);
    expect(store.getState().selected_object).toMatchObject({
      herb_name: 'Mint',
      herb_family: 'Lamiaceae',
    });
  });

  it('answers a refusal by its text without the field name and keeps the stored value', async () => {
    const server = fakeServer(herbRows(1));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(1, { small: false });
    const reply = await store.getState().updateField('herb_name', '');
    expect(reply).toMatchObject({ ok: false, message: 'Can not be empty' });
    expect(store.getState().selected_object?.herb_name).toBe('Herb 001');
  });

  it('clears filters after an insert except ignored ones, and says when some remain', async () => {
    const server = fakeServer(herbRows(2));
    const store = createEntityStore(herbs, server.transport, {
      insertFilterIgnore: ['herb_category_id'],
    });
    await store.getState().setSearch('Herb');
    const plain = await store.getState().insert({ herb_name: 'Nettle' });
    expect(plain).toEqual({ id: 1000, filtersRemain: false, refusal: null });
    expect(store.getState()).toMatchObject({ filters: {}, last_inserted_id: 1000 });
    await store.getState().setFilter('herb_category_id', 8);
    const kept = await store.getState().insert({ herb_name: 'Sage' });
    expect(kept.filtersRemain).toBe(true);
    expect(store.getState().filters).toEqual({ herb_category_id: 8 });
  });

  it('puts a tree insert under the first selected node, or the root', async () => {
    const server = fakeServer([], 'category_id', 'category_label');
    const store = createEntityStore(categories, server.transport);
    await store.getState().insert({ category_label: 'Top' });
    store.setState({ selected_ids: [4, 9] });
    await store.getState().insert({ category_label: 'Below' });
    expect(calls(server.sent, 'insert').map((s) => s.payload._selected)).toEqual([0, 4]);
  });

  it('copies exactly one selected row', async () => {
    const server = fakeServer(herbRows(3));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(2, { small: false });
    await store.getState().copy();
    store.setState({ selected_ids: [1, 2] });
    await store.getState().copy();
    expect(calls(server.sent, 'insert').map((s) => s.payload)).toEqual([{ _copy: 2 }]);
  });

  it('clears the selection and reloads after a delete', async () => {
    const server = fakeServer(herbRows(3));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(2, { small: false });
    expect(await store.getState().deleteSelected()).toBe(true);
    expect(store.getState()).toMatchObject({ selected_ids: [], selected_object: null });
    expect(store.getState().list.map((r) => r.herb_id)).toEqual([1, 3]);
  });

  it('re-orders at once and rolls back when the server refuses', async () => {
    const rows = [1, 2, 3].map((id) => ({
      category_id: id,
      category_label: `C${id}`,
      category_parent: 0,
      category_order: id,
    }));
    const server = fakeServer(rows, 'category_id', 'category_label');
    const store = createEntityStore(categories, server.transport);
    await store.getState().loadList();
    server.delays.reorder_list = [30];
    server.failing.add('reorder_list');
    const saving = store.getState().reorder([3, 1, 2]);
    expect(store.getState().tree.map((n) => n.id)).toEqual([3, 1, 2]);
    expect(await saving).toBe(false);
    expect(store.getState().tree.map((n) => n.id)).toEqual([1, 2, 3]);
    server.failing.clear();
    expect(await store.getState().reorder([2, 3, 1])).toBe(true);
    expect(store.getState().tree.map((n) => n.id)).toEqual([2, 3, 1]);
  });

  it('reloads the list after moving a node', async () => {
    const server = fakeServer(
      [{ category_id: 1, category_label: 'A', category_parent: 0 }],
      'category_id',
      'category_label',
    );
    const store = createEntityStore(categories, server.transport);
    expect(await store.getState().changeParent(1, 0)).toBe(true);
    expect(calls(server.sent, 'change_parent')[0]?.payload).toEqual({
      category_id: 1,
      category_parent: 0,
    });
    expect(calls(server.sent, 'get_all_flat')).toHaveLength(1);
  });
});

describe('relations and labels', () => {
  it('looks up only uncached labels and nothing for no ids', async () => {
    const server = fakeServer([]);
    const store = createEntityStore(herbs, server.transport);
    await store.getState().typeaheadLabels([]);
    await store.getState().typeaheadLabels([1, 2]);
    await store.getState().typeaheadLabels([2, 3]);
    expect(calls(server.sent, 'typeahead_labels').map((s) => s.payload.ids)).toEqual([[1, 2], [3]]);
    expect(store.getState().typeahead_labels_lookup[3]).toBe('Label 3');
  });

  it('loads relations only for a selected row', async () => {
    const server = fakeServer(herbRows(1));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().loadRelations('actions');
    expect(calls(server.sent, 'get_actions')).toHaveLength(0);
    await store.getState().routeTo(1, { small: false });
    await store.getState().loadRelations('actions');
    expect(store.getState().relations.actions).toEqual([{ id: 7, label: 'Astringent' }]);
  });

  it('answers an empty list when adding a relation fails', async () => {
    const server = fakeServer(herbRows(1));
    const store = createEntityStore(herbs, server.transport);
    await store.getState().routeTo(1, { small: false });
    server.failing.add('add_actions');
    expect(await store.getState().addRelation('actions', [4])).toEqual([]);
    expect(store.getState().relation_ids.actions).toEqual([7]);
  });
});
