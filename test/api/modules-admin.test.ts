import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS } from '../../src/shared/colours';
import { MODULES } from '../../src/shared/modules';
import { inTenant } from '../../src/server/db/tenancy';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { moduleIdsOf } from '../support/module-ids';

const env = useTestServer({ company: 'Admin Clinic', admin: true });

interface ModuleRow {
  module_id: number;
  module_name: string;
  module_enabled: number;
  module_essential: number;
  module_settings: Record<string, unknown>;
  module_public_settings: Record<string, unknown>;
}

let ids: Record<string, number>;

beforeAll(async () => {
  ids = await moduleIdsOf(env.server, env.company, env.admin);
});

const setEnabled = (moduleId: number | undefined, enabled: number) =>
  call<ModuleRow>(
    env.server,
    env.company,
    'modules/update_module_enabled',
    { module_id: moduleId, module_enabled: enabled },
    env.admin,
  );

/** Runs SQL as the owner, outside row-level security, to damage rows the way a bad upgrade might. */
async function asOwner(text: string, values: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: env.server.database.ownerUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

describe('modules/update_module_enabled', () => {
  it('disables a module: its calls are refused for everyone, admins included', async () => {
    const reply = await setEnabled(ids.herbs, 0);
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(reply.data).toMatchObject({
      module_id: ids.herbs,
      module_name: 'herbs',
      module_enabled: 0,
    });

    const prefs = await call(
      env.server,
      env.company,
      'herbs/get_my_preferences_for_module',
      { module_id: ids.herbs },
      env.admin,
    );
    expect(prefs).toMatchObject({ status: 403, result: false });
    expect(prefs.messages[0]?.text).toBe('The Herbs module is disabled.');

    const visible = await call<ModuleRow[]>(env.server, env.company, 'modules/get_public_settings');
    expect(visible.data.map((m) => m.module_name)).not.toContain('herbs');

    const audit = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['entity', 'entity_id', 'before', 'after'])
        .where('action', '=', 'update_module_enabled')
        .execute(),
    );
    expect(audit).toEqual([
      {
        entity: 'modules',
        entity_id: String(ids.herbs),
        before: { module_enabled: 1 },
        after: { module_enabled: 0 },
      },
    ]);
  });

  it('enables it again', async () => {
    const reply = await setEnabled(ids.herbs, 1);
    expect(reply.data).toMatchObject({ module_enabled: 1 });
    const prefs = await call(
      env.server,
      env.company,
      'herbs/get_my_preferences_for_module',
      { module_id: ids.herbs },
      env.admin,
    );
    expect(prefs).toMatchObject({ status: 200, result: true, data: {} });
  });

  it.each(['materia', 'modules', 'users', 'groups'])(
    'refuses to disable the essential module %s, in the fixed words',
    async (name) => {
      const reply = await setEnabled(ids[name], 0);
      expect(reply).toMatchObject({ status: 400, result: false });
      expect(reply.messages).toEqual([
        { type: 'e', text: 'This is an essential module and therefor it can not be disabled.' },
      ]);
      const list = await call<Array<{ module_name: string }>>(
        env.server,
        env.company,
        'modules/get_public_settings',
      );
      expect(list.data.map((m) => m.module_name)).toContain(name);
    },
  );

  it('refuses a value other than 0 or 1', async () => {
    const reply = await setEnabled(ids.herbs, 2);
    expect(reply.messages[0]?.text).toBe('"module_enabled": Must be 1 (enabled) or 0 (disabled).');
  });

  it('answers an unknown module id as not found', async () => {
    const reply = await setEnabled(777, 0);
    expect(reply).toMatchObject({ status: 404 });
    expect(reply.messages[0]?.text).toBe('There is no module with id 777.');
  });
});

describe('modules/update_module_list', () => {
  it('restores the catalogue: missing modules, settings keys and essential flags', async () => {
    const materiaPublic = `module_public_settings - 'colour_info' || '{"stale": 1, "company_name": "Kept"}'`;
    await asOwner(
      `update modules set module_public_settings = ${materiaPublic}
        where company_id = $1 and module_name = 'materia'`,
      [env.company.companyId],
    );
    await asOwner(
      `update modules set module_enabled = 0 where company_id = $1 and module_name = 'users'`,
      [env.company.companyId],
    );
    await asOwner(`delete from modules where company_id = $1 and module_name = 'snippets'`, [
      env.company.companyId,
    ]);

    const reply = await call<ModuleRow[]>(
      env.server,
      env.company,
      'modules/update_module_list',
      {},
      env.admin,
    );
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(reply.data.map((m) => m.module_name)).toEqual(MODULES.map((m) => m.name));
    const byName = new Map(reply.data.map((m) => [m.module_name, m]));
    expect(byName.get('snippets')).toMatchObject({ module_enabled: 1, module_essential: 0 });
    expect(byName.get('users')).toMatchObject({ module_enabled: 1, module_essential: 1 });
    const materia = byName.get('materia');
    expect(materia?.module_public_settings).toMatchObject({
      company_name: 'Kept',
      colour_info: DEFAULT_COLOURS.colour_info,
    });
    expect(materia?.module_public_settings).not.toHaveProperty('stale');
    expect(materia?.module_settings).toHaveProperty('currency');
  });

  it('leaves a disabled ordinary module disabled', async () => {
    await setEnabled(ids.products, 0);
    const reply = await call<ModuleRow[]>(
      env.server,
      env.company,
      'modules/update_module_list',
      {},
      env.admin,
    );
    expect(reply.data.find((m) => m.module_name === 'products')).toMatchObject({
      module_enabled: 0,
    });
    await setEnabled(ids.products, 1);
  });
});
