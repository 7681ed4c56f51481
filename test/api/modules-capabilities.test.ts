/**
 * Per-module capability flags: a module may switch off what its definition
 * allows, never switch on what it forbids, and the server refuses what is switched off.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITY_SETTINGS, effectiveCapabilities } from '../../src/shared/capabilities';
import { entityByPath, type EntityDefinition } from '../../src/shared/entities';
import { settingsTabsOf } from '../../src/shared/module-settings';
import { settingDefaults } from '../../src/shared/settings';
import { newCompany } from '../support/api';
import { useTestServer } from '../support/test-env';
import { moduleIdsOf } from '../support/module-ids';
import { adminToken } from '../support/users';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: 'Capabilities Clinic', admin: true });

let ids: Record<string, number>;
let c: Caller;

beforeAll(async () => {
  ids = await moduleIdsOf(env.server, env.company, env.admin);
  c = callerFor(env.server, env.company, env.admin);
});

const setCapability = (module: string, field: string, value: unknown) =>
  c<{ module_settings: Record<string, unknown> }>('modules/update_settings', {
    module_id: ids[module],
    field,
    value,
  });

const herbCount = async () => (await c<{ count: number }>('herbs/count', {})).data.count;

describe('effectiveCapabilities', () => {
  const herbs = entityByPath('herbs') as EntityDefinition;

  it('keeps the definition when the module switched nothing off', () => {
    expect(effectiveCapabilities(herbs, null)).toEqual(herbs.capabilities);
    expect(effectiveCapabilities(herbs, { capability_insert: 1 })).toEqual(herbs.capabilities);
  });

  it('switches off what the module turned off, copying with inserting', () => {
    const flags = effectiveCapabilities(herbs, { capability_insert: 0, capability_delete: 0 });
    expect(flags).toMatchObject({ insert: false, delete: false, copy: false, selectMode: true });
  });

  it('never switches on what the definition forbids', () => {
    const modules = entityByPath('modules') as EntityDefinition;
    const all = Object.fromEntries(Object.values(CAPABILITY_SETTINGS).map((s) => [s.name, 1]));
    expect(effectiveCapabilities(modules, all)).toEqual(modules.capabilities);
    expect(effectiveCapabilities(herbs, { capability_ordering: 1 }).ordering).toBe(false);
  });
});

describe('the Capabilities settings tab', () => {
  it('offers exactly the capabilities the definition allows, on by default', () => {
    const herbsTabs = settingsTabsOf('herbs');
    expect(settingDefaults(herbsTabs, false)).toEqual({
      capability_insert: 1,
      capability_delete: 1,
      capability_select_mode: 1,
      capability_preferences: 1,
    });
    const locations = settingDefaults(settingsTabsOf('locations'), false);
    expect(locations).toMatchObject({ capability_ordering: 1 });
    expect(locations).not.toHaveProperty('capability_preferences');
    expect(settingsTabsOf('modules')).toEqual([]);
  });

  it('can not switch on what the definition forbids', async () => {
    const ordering = await setCapability('herbs', 'capability_ordering', 1);
    expect(ordering).toMatchObject({ status: 400, result: false });
    expect(ordering.messages[0]?.text).toBe(
      'The "herbs" module has no setting named "capability_ordering".',
    );
    const insert = await setCapability('modules', 'capability_insert', 1);
    expect(insert.messages[0]?.text).toBe(
      'The "modules" module has no setting named "capability_insert".',
    );
  });

  it.each([
    ['no', '"capability_insert" must be a number.'],
    [2, '"capability_insert": Must be 1 (Yes) or 0 (No).'],
    [true, '"capability_insert" must be a number.'],
  ])('refuses %j naming the setting, and saves nothing', async (value, text) => {
    const reply = await setCapability('herbs', 'capability_insert', value);
    expect(reply).toMatchObject({ status: 400, result: false, data: null });
    expect(reply.messages[0]?.text).toBe(text);
    expect((await c<Row>('herbs/insert', { herb_name: `Sage ${String(value)}` })).result).toBe(
      true,
    );
  });
});

describe('the server honours the flags', () => {
  it('refuses an insert (and a copy) while adding is switched off, and allows it again', async () => {
    const sage = await c<Row>('herbs/insert', { herb_name: 'Sage' });
    expect(sage.result).toBe(true);
    const off = await setCapability('herbs', 'capability_insert', 0);
    expect(off.data.module_settings).toMatchObject({ capability_insert: 0 });
    try {
      const before = await herbCount();
      const refused = await c('herbs/insert', { herb_name: 'Thyme' });
      expect(refused).toMatchObject({ status: 403, result: false });
      expect(refused.messages[0]?.text).toBe('Herbs can not be added here.');
      const copy = await c('herbs/insert', { _copy: sage.data.herb_id });
      expect(copy.status).toBe(403);
      expect(await herbCount()).toBe(before);
    } finally {
      await setCapability('herbs', 'capability_insert', 1);
    }
    expect((await c('herbs/insert', { herb_name: 'Thyme' })).result).toBe(true);
  });

  it('refuses a delete while deleting is switched off, keeping the row', async () => {
    const rue = await c<Row>('herbs/insert', { herb_name: 'Rue' });
    await setCapability('herbs', 'capability_delete', 0);
    try {
      const refused = await c('herbs/delete', { selected: [rue.data.herb_id] });
      expect(refused).toMatchObject({ status: 403, result: false });
      expect(refused.messages[0]?.text).toBe('Herbs can not be deleted here.');
      expect((await c('herbs/get', { herb_id: rue.data.herb_id })).result).toBe(true);
    } finally {
      await setCapability('herbs', 'capability_delete', 1);
    }
    expect((await c('herbs/delete', { selected: [rue.data.herb_id] })).result).toBe(true);
  });

  it('refuses a new order while ordering is switched off', async () => {
    const a = await c<Row>('locations/insert', { location_name: 'Room A' });
    const b = await c<Row>('locations/insert', { location_name: 'Room B' });
    const order = [b.data.location_id, a.data.location_id];
    await setCapability('locations', 'capability_ordering', 0);
    try {
      const refused = await c('locations/reorder_list', { order });
      expect(refused).toMatchObject({ status: 403, result: false });
      expect(refused.messages[0]?.text).toBe('Locations can not be put in order.');
    } finally {
      await setCapability('locations', 'capability_ordering', 1);
    }
    expect((await c('locations/reorder_list', { order })).result).toBe(true);
  });

  it('refuses preferences where the definition or the module does not allow them', async () => {
    const put = (module: string) =>
      c(`${module}/update_my_preference_for_module`, {
        module_id: ids[module],
        field: 'page_size',
        value: 25,
      });
    const text = 'This module does not allow you to set any preferences.';
    const categories = await put('categories');
    expect(categories).toMatchObject({ status: 403, result: false });
    expect(categories.messages[0]?.text).toBe(text);
    expect((await put('herbs')).result).toBe(true);
    await setCapability('herbs', 'capability_preferences', 0);
    try {
      expect((await put('herbs')).messages[0]?.text).toBe(text);
    } finally {
      await setCapability('herbs', 'capability_preferences', 1);
    }
    expect((await put('herbs')).result).toBe(true);
    // The product module's preferences (favourites) are not an entity's: always allowed.
    const favourites = await c('materia/update_my_preference_for_module', {
      module_id: ids.materia,
      field: 'favourites',
      value: [],
    });
    expect(favourites.result).toBe(true);
  });

  it('is another company’s business alone', async () => {
    await setCapability('herbs', 'capability_insert', 0);
    try {
      const other = await newCompany(env.server, 'Other Clinic');
      const otherAdmin = await adminToken(env.server, other);
      const inserted = await callerFor(
        env.server,
        other,
        otherAdmin,
      )('herbs/insert', {
        herb_name: 'Mint',
      });
      expect(inserted.result).toBe(true);
    } finally {
      await setCapability('herbs', 'capability_insert', 1);
    }
  });

  it('comes back on with reset to defaults', async () => {
    await setCapability('herbs', 'capability_insert', 0);
    const reset = await c<{ module_settings: Row }>('modules/reset_module_settings_to_default', {
      module_id: ids.herbs,
    });
    expect(reset.data.module_settings).toMatchObject({ capability_insert: 1 });
    expect((await c('herbs/insert', { herb_name: 'Basil' })).result).toBe(true);
  });
});
