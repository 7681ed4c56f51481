/** Pure rules of the generic entity screen. */
import { describe, expect, it } from 'vitest';
import {
  categories,
  herbs,
  groups,
  modules,
  patients,
  prescriptions,
} from '../../src/shared/entities';
import { currencyByCode, type Currency } from '../../src/shared/currencies';
import { resolveItem } from '../../src/web/entity/fields/items';
import { addressFilters, filterValueOf } from '../../src/web/entity/model/addressFilters';
import {
  activeFilterNames,
  filtersAfterInsert,
  withFilter,
  withRelationFilter,
} from '../../src/web/entity/model/filtering';
import {
  displayDate,
  readQuantity,
  rowDetails,
  showValue,
  storedDate,
  toggleText,
  unitKindOf,
} from '../../src/web/entity/model/format';
import {
  canCopy,
  canDelete,
  canInsert,
  canMultiEdit,
  fieldState,
  itemStates,
} from '../../src/web/entity/model/permissions';
import {
  NO_PREFERENCES_TEXT,
  preferencesDefinition,
  readPreferences,
  resetPreferencesText,
} from '../../src/web/entity/model/preferences';
import { currentTab, rowUri, rowIdOf, singleEntityMode } from '../../src/web/entity/model/routes';
import { mergePage, refusalText, stripEnvelope } from '../../src/web/entity/model/rows';
import { clickMode, editorContent, rangeIds, toggleId } from '../../src/web/entity/model/selection';
import {
  buildTree,
  NO_TREE_SOURCE_TEXT,
  parentChoices,
  pathTo,
  visibleNodes,
} from '../../src/web/entity/model/tree';

const herb = (id: number, name = `Herb ${id}`) => ({ herb_id: id, herb_name: name });
const gbp = currencyByCode('GBP') as Currency;
const admin = { admin: true, privileges: [] };
const reader = { admin: false, privileges: ['herbs/list'] };

describe('list pages', () => {
  it('replaces the list on page 1, appends later pages and flags the last page', () => {
    const first = mergePage(herbs, [herb(9)], 1, 2, [herb(1), herb(2)]);
    expect(first.list.map((r) => r.herb_id)).toEqual([1, 2]);
    expect(first.no_more).toBe(false);
    const second = mergePage(herbs, first.list, 2, 2, [herb(3)]);
    expect(second.list.map((r) => r.herb_id)).toEqual([1, 2, 3]);
    expect(second.no_more).toBe(true);
    expect(mergePage(herbs, second.list, 3, 2, []).no_more).toBe(true);
  });

  it('does not list a row twice when the list moved while paging', () => {
    const next = mergePage(herbs, [herb(1), herb(2)], 2, 2, [herb(2), herb(3)]);
    expect(next.list.map((r) => r.herb_id)).toEqual([1, 2, 3]);
  });

  it('stores rows without the envelope fields', () => {
    expect(stripEnvelope({ herb_id: 1, _user_token: {}, _company_slug: 'demo' })).toEqual({
      herb_id: 1,
    });
  });
});

describe('filters', () => {
  it('removes a filter set to an empty value and keeps 0 as a value', () => {
    let filters = withFilter({}, 'herb_family', 'Rosaceae');
    expect(filters).toEqual({ herb_family: 'Rosaceae' });
    filters = withFilter(filters, 'user_enabled', 0);
    expect(filters).toEqual({ herb_family: 'Rosaceae', user_enabled: 0 });
    filters = withFilter(filters, 'herb_family', '');
    filters = withFilter(filters, 'other', null);
    expect(filters).toEqual({ user_enabled: 0 });
    expect(withRelationFilter({ actions: [1] }, 'actions', [])).toEqual({});
    expect(activeFilterNames({ search: 'x', a: '' }, { actions: [2] })).toEqual([
      'search',
      'actions',
    ]);
  });

  it('keeps only ignored filters after an insert and says when some remain', () => {
    const none = filtersAfterInsert({ search: 'mint' }, { actions: [1] }, []);
    expect(none).toEqual({ filters: {}, relation_filters: {}, remaining: false });
    const kept = filtersAfterInsert({ search: 'mint', herb_category_id: 8 }, {}, [
      'herb_category_id',
    ]);
    expect(kept.filters).toEqual({ herb_category_id: 8 });
    expect(kept.remaining).toBe(true);
  });
});

describe('filters in the list address', () => {
  const filterOf = (name: string) => {
    const found = prescriptions.list.filters.find((f) => f.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it('keeps the list filters it names, typed as their inputs give them, and the rest of the query', () => {
    const search = '?patient_category_id=8&nonsense=1&patient_sex=Male&single_entity_mode';
    expect(addressFilters(patients, search)).toEqual({
      filters: { patient_category_id: 8, patient_sex: 'Male' },
      rest: '?nonsense=1&single_entity_mode=',
    });
    expect(addressFilters(prescriptions, 'prescription_patient_id=5')).toEqual({
      filters: { prescription_patient_id: 5 },
      rest: '',
    });
  });

  it('ignores parameters that are no list filter, and values that do not fit theirs', () => {
    expect(addressFilters(patients, '?search=Ada&patient_email=a@b.c&nonsense=1')).toBeNull();
    expect(
      addressFilters(patients, '?patient_location_id=abc&patient_dob=2026-02-30&patient_sex=x'),
    ).toEqual({ filters: {}, rest: '' });
    expect(filterValueOf(filterOf('prescription_patient_id'), '-3')).toBeNull();
    expect(filterValueOf(filterOf('prescription_patient_id'), '1.5')).toBeNull();
    expect(filterValueOf(filterOf('prescription_patient_id'), ' ')).toBeNull();
    expect(filterValueOf(filterOf('prescription_date'), '2026-01-31')).toBe('2026-01-31');
    expect(filterValueOf(filterOf('prescription_status'), 'draft')).toBe('draft');
    expect(filterValueOf(filterOf('prescription_status'), 'lost')).toBeNull();
  });
});

describe('selection', () => {
  it('reads the click mode from the modifier keys', () => {
    const keys = { ctrlKey: false, metaKey: false, shiftKey: false };
    expect(clickMode(keys)).toBe('single');
    expect(clickMode({ ...keys, ctrlKey: true })).toBe('toggle');
    expect(clickMode({ ...keys, metaKey: true })).toBe('toggle');
    expect(clickMode({ ...keys, shiftKey: true, ctrlKey: true })).toBe('range');
  });

  it('toggles ids and selects ranges in list order, either direction', () => {
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 3)).toEqual([1, 3]);
    expect(rangeIds([5, 6, 7, 8], 6, 8)).toEqual([6, 7, 8]);
    expect(rangeIds([5, 6, 7, 8], 8, 5)).toEqual([5, 6, 7, 8]);
    expect(rangeIds([5, 6], null, 6)).toEqual([6]);
  });

  it('shows exactly one thing in the editor panel', () => {
    const base = {
      preferences: false,
      selectedObject: herb(1),
      selectedId: 1,
      selectedIds: [1],
      found: true,
    };
    expect(editorContent(base)).toBe('editor');
    expect(editorContent({ ...base, preferences: true })).toBe('preferences');
    expect(editorContent({ ...base, selectedIds: [1, 2] })).toBe('multi');
    expect(editorContent({ ...base, found: false })).toBe('not_found');
    expect(editorContent({ ...base, selectedObject: null, selectedId: null })).toBe('none');
  });
});

describe('trees', () => {
  const node = (id: number, parent: number, label: string, container = 1) => ({
    category_id: id,
    category_parent: parent,
    category_label: label,
    category_order: id,
    category_can_contain_children: container,
  });
  const rows = [
    node(1, 0, 'Herbs'),
    node(2, 1, 'Western'),
    node(3, 2, 'Bitter'),
    node(4, 1, 'Closed', 0),
    node(5, 0, 'Patients'),
  ];

  it('builds nodes with depths and shows children of expanded nodes only', () => {
    const tree = buildTree(categories, rows);
    expect(tree.roots.map((n) => n.label)).toEqual(['Herbs', 'Patients']);
    expect(tree.lookup[3]?.depth).toBe(2);
    expect(visibleNodes(tree.roots, new Set()).map((n) => n.id)).toEqual([1, 5]);
    expect(visibleNodes(tree.roots, new Set([1, 2])).map((n) => n.id)).toEqual([1, 2, 3, 4, 5]);
    expect(pathTo(tree.lookup, 3)).toEqual([1, 2, 3]);
  });

  it('offers as parents neither the node, its descendants nor non-containers', () => {
    const tree = buildTree(categories, rows);
    const ids = parentChoices(categories, tree.lookup, tree.roots, 2).map((n) => n.id);
    expect(ids).toEqual([1, 5]);
  });

  it('fails without a source', () => {
    expect(() => buildTree(categories, null)).toThrow(NO_TREE_SOURCE_TEXT);
    expect(() => buildTree(herbs, [])).toThrow(NO_TREE_SOURCE_TEXT);
  });
});

describe('values as shown', () => {
  it('shows dates as DD/MM/YYYY, with HH:mm when timed, and reads them back', () => {
    expect(displayDate('2024-03-01')).toBe('01/03/2024');
    expect(displayDate('2024-03-01 09:30:00')).toBe('01/03/2024 09:30');
    expect(displayDate(null)).toBe('');
    expect(storedDate('1/3/2024')).toBe('2024-03-01');
    expect(storedDate('01/03/2024 09:30')).toBe('2024-03-01 09:30:00');
    expect(storedDate('30/02/2024')).toBeNull();
    expect(storedDate('2024-03-01')).toBeNull();
  });

  it('shows toggles as Yes and No', () => {
    expect(toggleText(1)).toBe('Yes');
    expect(toggleText(0)).toBe('No');
  });

  it('shows quantities in the company system and reads typed ones back in base units', () => {
    const dose = herbs.fields.find((f) => f.name === 'herb_dose_max');
    expect(unitKindOf(dose?.unit, { herb_dose_unit_kind: 'weight' })).toBe('weight');
    const row = { herb_dose_unit_kind: 'volume', herb_dose_max: 1500 };
    const context = { system: 'metric' as const, currency: gbp, timeZone: 'Europe/London' };
    expect(dose && showValue(dose, row, context)).toBe('1.5 l');
    expect(dose && showValue(dose, row, { ...context, system: 'imperial' })).toBe('3.17 pt');
    expect(readQuantity('30', 'volume', 'metric')).toBe(30);
    expect(readQuantity('2', 'weight', 'metric')).toBe(2000);
    expect(readQuantity('1 floz', 'volume', 'metric')).toBeCloseTo(29.57, 2);
    expect(readQuantity('2', 'volume', 'imperial')).toBeCloseTo(59.15, 2);
    expect(readQuantity('lots', 'volume', 'metric')).toBeNull();
  });

  it('shows amounts in the currency, references by label and options by label', () => {
    const context = { system: 'metric' as const, currency: gbp, timeZone: 'Europe/London' };
    const total = prescriptions.fields.find((f) => f.name === 'prescription_total_price');
    expect(total && showValue(total, { prescription_total_price: 11.194 }, context)).toBe('£11.19');
    const row = {
      prescription_patient_id: 3,
      prescription_patient_id_label: 'Ahmed, Jack',
      prescription_date: '2024-12-10',
      prescription_status: 'dispensed',
      prescription_name: 'x',
    };
    expect(rowDetails(prescriptions, row, context)).toBe('Ahmed, Jack · 10/12/2024 · Dispensed');
  });

  it('names the toggles of a row\'s details (issue 43, 11: "Yes · No")', () => {
    const context = { system: 'metric' as const, currency: gbp, timeZone: 'Europe/London' };
    const row = { module_name: 'herbs', module_enabled: 1, module_essential: 0 };
    expect(rowDetails(modules, row, context)).toBe('Enabled: Yes · Essential: No');
  });
});

describe('what is allowed', () => {
  const state = (ids: number[], lookup = {}, loading = false) => ({
    selected_ids: ids,
    list_lookup: lookup,
    loading,
    viewer: admin,
  });

  it('gates insert on loading and privileges', () => {
    expect(canInsert(herbs, state([]))).toBe(true);
    expect(canInsert(herbs, state([], {}, true))).toBe(false);
    expect(canInsert(herbs, { ...state([]), viewer: reader })).toBe(false);
  });

  it('needs a selection for delete, not while loading, and a set secondary key', () => {
    expect(canDelete(herbs, state([]))).toBe(false);
    expect(canDelete(herbs, state([1]))).toBe(true);
    expect(canDelete(herbs, state([1], {}, true))).toBe(false);
    const lookup = { 1: { group_key: 'admins' }, 2: { group_key: '' } };
    expect(canDelete(groups, state([1], lookup))).toBe(true);
    expect(canDelete(groups, state([1, 2], lookup))).toBe(false);
  });

  it('enables multi-edit from two selected and copy with exactly one', () => {
    expect(canMultiEdit({ selected_ids: [1] })).toBe(false);
    expect(canMultiEdit({ selected_ids: [1, 2] })).toBe(true);
    expect(canCopy(herbs, state([1]))).toBe(true);
    expect(canCopy(herbs, state([1, 2]))).toBe(false);
  });

  it('disables the label of a category that can not be renamed and admin-only fields', () => {
    const label = categories.fields.find((f) => f.name === 'category_label');
    const flag = categories.fields.find((f) => f.name === 'category_movable');
    if (!label || !flag) throw new Error('definition changed');
    expect(fieldState(categories, label, { category_can_be_renamed: 0 }, admin).disabled).toBe(
      true,
    );
    expect(fieldState(categories, label, { category_can_be_renamed: 1 }, admin).disabled).toBe(
      false,
    );
    const editor = { admin: false, privileges: ['categories/*'] };
    expect(fieldState(categories, flag, {}, editor).disabled).toBe(true);
    expect(itemStates(patients, null, reader).patient_first_name?.disabled).toBe(true);
  });

  it('disables every field of a locked row without repeating why under each', () => {
    const dispensed = itemStates(prescriptions, { prescription_status: 'dispensed' }, admin);
    expect(dispensed.prescription_name).toEqual({ disabled: true });
    expect(dispensed.prescription_days).toEqual({ disabled: true });
    const draft = itemStates(prescriptions, { prescription_status: 'draft' }, admin);
    expect(draft.prescription_name?.disabled).toBe(false);
  });
});

describe('routes and preferences', () => {
  it('keeps the tab in a row uri and knows the flags', () => {
    expect(rowUri('herbs', 5, 'uses')).toBe('/app/herbs/5/uses');
    expect(rowUri('herbs', 5)).toBe('/app/herbs/5');
    expect(currentTab(herbs.tabs, 'uses').name).toBe('uses');
    expect(currentTab(herbs.tabs, 'nope', 'uses').name).toBe('uses');
    expect(currentTab(herbs.tabs, undefined).name).toBe('general');
    expect(singleEntityMode(new URLSearchParams('single_entity_mode'))).toBe(true);
    expect(singleEntityMode(new URLSearchParams('single_entity_mode=0'))).toBe(false);
    expect(singleEntityMode(new URLSearchParams(''))).toBe(false);
    expect(rowIdOf(7)).toBe(7);
    expect(rowIdOf('abc')).toBeNull();
  });

  it('derives preferences from the definition and reads stored ones defensively', () => {
    const prefs = preferencesDefinition(herbs);
    expect(prefs.tabs.map((t) => t.name)).toEqual(['list', 'editor']);
    const sort = prefs.fields.find((f) => f.name === 'list_sort');
    expect(sort?.options?.map((o) => o.value)).toContain('-herb_latin_name');
    expect(preferencesDefinition(categories).tabs.map((t) => t.name)).toEqual(['list']);
    expect(readPreferences({ list_limit: '100', list_sort: '-herb_name' })).toEqual({
      limit: 100,
      sort: '-herb_name',
      tab: null,
    });
    expect(readPreferences({ list_limit: 7 }).limit).toBe(50);
    expect(resetPreferencesText('Herbs')).toBe(
      'You are about to reset your preferences for the "Herbs" module. Are you sure ?',
    );
    expect(NO_PREFERENCES_TEXT).toBe('This module does not allow you to set any preferences.');
  });

  it('takes the field name out of a refusal', () => {
    expect(refusalText('Daily dose to: Must not be negative.', 'Daily dose to')).toBe(
      'Must not be negative.',
    );
    expect(refusalText('Common name is required.', 'Common name')).toBe('Common name is required.');
    expect(refusalText(null)).toBe('The change was not saved.');
  });
});

describe('editor items', () => {
  it('finds fields, relations and extras by name, and marks anything else unknown', () => {
    expect(resolveItem(herbs, 'herb_dose_max')).toMatchObject({ kind: 'field', type: 'number' });
    expect(resolveItem(herbs, 'actions')).toMatchObject({
      kind: 'relation',
      type: 'select_relation',
    });
    expect(resolveItem(prescriptions, 'dispense')).toMatchObject({ kind: 'extra', type: 'button' });
    expect(resolveItem(herbs, 'herb_mystery_value')).toMatchObject({
      kind: 'unknown',
      label: 'Mystery value',
    });
  });

  it('defaults an empty label by the default rule: prefix off, spaces, capitalised', () => {
    const unlabelled = {
      ...patients,
      fields: patients.fields.map((f) =>
        f.name === 'patient_first_name' ? { ...f, label: '' } : f,
      ),
    };
    expect(resolveItem(unlabelled, 'patient_first_name').label).toBe('First name');
  });
});
