import { AUDIT_RETENTION_DEFAULT_YEARS } from '../../src/shared/audit-trail';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLOURS } from '../../src/shared/colours';
import { DEFAULT_CURRENCY } from '../../src/shared/currencies';
import { MODULES } from '../../src/shared/modules';
import { inTenant } from '../../src/server/db/tenancy';
import { call } from '../support/api';
import { useTestServer } from '../support/test-env';
import { addUser } from '../support/users';
import { moduleIdsOf } from '../support/module-ids';

/** The product module's private settings for prices and printouts, at their defaults. */
const PRICE_AND_ADDRESS_DEFAULTS = {
  clinic_address: '',
  clinic_phone: '',
  price_markup: 0,
  dispensing_fee: 0,
  container_fee: 0,
  tax_rate: 0,
};

const env = useTestServer({ company: 'Settings Clinic', admin: true });

type Settings = Record<string, string | number>;
interface PublicRow {
  module_id: number;
  module_name: string;
  module_public_settings: Settings;
  clinic_time_zone?: string;
}

let ids: Record<string, number>;

beforeAll(async () => {
  ids = await moduleIdsOf(env.server, env.company, env.admin);
});

const publicSettings = async () =>
  (await call<Settings>(env.server, env.company, 'modules/fetch_public_settings')).data;
const update = (kind: 'update_settings' | 'update_public_settings', payload: object) =>
  call<Record<string, Settings>>(
    env.server,
    env.company,
    `modules/${kind}`,
    { ...payload },
    env.admin,
  );

describe('public settings (no login)', () => {
  it('lists every enabled module with its complete public settings', async () => {
    const reply = await call<PublicRow[]>(env.server, env.company, 'modules/get_public_settings');
    expect(reply).toMatchObject({ status: 200, result: true, messages: [] });
    expect(reply.data.map((m) => m.module_name)).toEqual(MODULES.map((m) => m.name));
    for (const row of reply.data) {
      // The product module's row also says which zone its time_zone setting means.
      expect(Object.keys(row).sort()).toEqual([
        ...(row.module_name === 'materia' ? ['clinic_time_zone'] : []),
        'module_id',
        'module_name',
        'module_public_settings',
      ]);
    }
    const materia = reply.data.find((m) => m.module_name === 'materia');
    expect(materia?.module_public_settings).toMatchObject({ company_name: 'Settings Clinic' });
  });

  it('answers the product module public settings with their defaults', async () => {
    const reply = await call<Settings>(env.server, env.company, 'modules/fetch_public_settings');
    expect(reply.result).toBe(true);
    expect(reply.data).toEqual({
      company_name: 'Settings Clinic',
      admin_email: env.company.adminEmail,
      login_background_image: '',
      login_background_image_copyright: '',
      units_imperial: 0,
      time_zone: '',
      ...DEFAULT_COLOURS,
    });
  });
});

describe('modules/get_settings', () => {
  it('gives an admin the private settings of every module', async () => {
    const reply = await call<Array<{ module_name: string; module_settings: Settings }>>(
      env.server,
      env.company,
      'modules/get_settings',
      {},
      env.admin,
    );
    expect(reply.result).toBe(true);
    expect(reply.data).toHaveLength(MODULES.length);
    const materia = reply.data.find((m) => m.module_name === 'materia');
    expect(materia?.module_settings).toEqual({
      idle_lock_minutes: 15,
      currency: DEFAULT_CURRENCY,
      ...PRICE_AND_ADDRESS_DEFAULTS,
      audit_retention_years: AUDIT_RETENTION_DEFAULT_YEARS,
    });
  });

  it('gives others the product module and the modules they hold a privilege of', async () => {
    const user = await addUser(env.server, env.company, { privileges: ['herbs/list'] });
    const reply = await call<Array<{ module_name: string }>>(
      env.server,
      env.company,
      'modules/get_settings',
      {},
      user.token,
    );
    expect(reply.data.map((m) => m.module_name)).toEqual(['materia', 'herbs']);
  });

  it('refuses without a login', async () => {
    const reply = await call(env.server, env.company, 'modules/get_settings');
    expect(reply).toMatchObject({ status: 401, result: false, authentication_failed: true });
  });
});

describe('changing one setting', () => {
  it('stores a public colour, answers the complete public settings and audits it', async () => {
    const reply = await update('update_public_settings', {
      module_id: ids.materia,
      field: 'colour_accent',
      value: '#123abc',
    });
    expect(reply).toMatchObject({ status: 200, result: true });
    expect(reply.data).toEqual({
      module_public_settings: expect.objectContaining({
        colour_accent: '#123abc',
        colour_brand: DEFAULT_COLOURS.colour_brand,
      }) as unknown,
    });
    expect((await publicSettings()).colour_accent).toBe('#123abc');
    const audit = await inTenant(env.server.database.db, env.company.companyId, (trx) =>
      trx
        .selectFrom('audit_log')
        .select(['user_id', 'entity_id', 'before', 'after'])
        .where('action', '=', 'update_public_settings')
        .executeTakeFirstOrThrow(),
    );
    expect(audit).toMatchObject({
      user_id: 1,
      entity_id: String(ids.materia),
      before: { module_public_settings: { colour_accent: DEFAULT_COLOURS.colour_accent } },
      after: { module_public_settings: { colour_accent: '#123abc' } },
    });
  });

  it('refuses a colour that is not a colour and saves nothing', async () => {
    const before = await publicSettings();
    const reply = await update('update_public_settings', {
      module_id: ids.materia,
      field: 'colour_brand',
      value: 'olive',
    });
    expect(reply).toMatchObject({ status: 400, result: false, data: null });
    expect(reply.messages).toEqual([
      { type: 'e', text: '"colour_brand": Must be a colour such as #6b7a2a.' },
    ]);
    expect(await publicSettings()).toEqual(before);
  });

  it.each([
    ['company_name', 42, '"company_name" must be text.'],
    ['units_imperial', '1', '"units_imperial" must be a number.'],
    ['units_imperial', 2, '"units_imperial": Must be 1 (Yes) or 0 (No).'],
    ['admin_email', 'not-an-address', '"admin_email": Must be an e-mail address.'],
    [
      'login_background_image',
      'javascript:alert(1)',
      '"login_background_image": Must be a web address (https://… or /…).',
    ],
  ])('refuses %s = %j naming the field', async (field, value, text) => {
    const before = await publicSettings();
    const reply = await update('update_public_settings', { module_id: ids.materia, field, value });
    expect(reply.messages[0]?.text).toBe(text);
    expect(await publicSettings()).toEqual(before);
  });

  it.each([
    ['Mars/Olympus', '"time_zone": Must be one of the listed choices.'],
    ['+01:00', '"time_zone": Must be one of the listed choices.'],
    [60, '"time_zone" must be text.'],
  ])('refuses the time zone %j naming the field', async (value, text) => {
    const before = await publicSettings();
    const reply = await update('update_public_settings', {
      module_id: ids.materia,
      field: 'time_zone',
      value,
    });
    expect(reply).toMatchObject({ status: 400, result: false });
    expect(reply.messages[0]?.text).toBe(text);
    expect(await publicSettings()).toEqual(before);
  });

  it("tells the web the clinic's zone: the chosen one, or the server's while none is", async () => {
    const zone = async () =>
      (await call<PublicRow[]>(env.server, env.company, 'modules/get_public_settings')).data.find(
        (row) => row.module_name === 'materia',
      )?.clinic_time_zone;
    const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await zone()).toBe(serverZone);
    const chosen = serverZone === 'Pacific/Auckland' ? 'Europe/Paris' : 'Pacific/Auckland';
    const set = (value: string) =>
      update('update_public_settings', { module_id: ids.materia, field: 'time_zone', value });
    expect((await set(chosen)).result).toBe(true);
    expect(await zone()).toBe(chosen);
    expect((await set('')).result).toBe(true);
    expect(await zone()).toBe(serverZone);
  });

  it('stores a toggle and a text', async () => {
    await update('update_public_settings', {
      module_id: ids.materia,
      field: 'units_imperial',
      value: 1,
    });
    await update('update_public_settings', {
      module_id: ids.materia,
      field: 'company_name',
      value: 'Elm Clinic',
    });
    expect(await publicSettings()).toMatchObject({ units_imperial: 1, company_name: 'Elm Clinic' });
  });

  it('says when the field is missing, in the fixed words', async () => {
    const reply = await update('update_settings', { module_id: ids.materia, value: 'EUR' });
    expect(reply.status).toBe(400);
    expect(reply.messages[0]?.text).toBe('Payload must contain the "field".');
  });

  it('says when the value is missing', async () => {
    const reply = await update('update_settings', { module_id: ids.materia, field: 'currency' });
    expect(reply.messages[0]?.text).toBe('"value" is required.');
  });

  it('keeps public and private settings apart', async () => {
    const asPublic = await update('update_public_settings', {
      module_id: ids.materia,
      field: 'currency',
      value: 'EUR',
    });
    expect(asPublic.messages[0]?.text).toBe(
      'The "materia" module has no public setting named "currency".',
    );
    const asPrivate = await update('update_settings', {
      module_id: ids.materia,
      field: 'colour_brand',
      value: '#000000',
    });
    expect(asPrivate.messages[0]?.text).toBe(
      'The "materia" module has no setting named "colour_brand".',
    );
  });

  it('stores a private setting from its list of choices', async () => {
    const reply = await update('update_settings', {
      module_id: ids.materia,
      field: 'currency',
      value: 'EUR',
    });
    expect(reply.data).toEqual({
      module_settings: {
        currency: 'EUR',
        idle_lock_minutes: 15,
        ...PRICE_AND_ADDRESS_DEFAULTS,
        audit_retention_years: AUDIT_RETENTION_DEFAULT_YEARS,
      },
    });
    const refused = await update('update_settings', {
      module_id: ids.materia,
      field: 'currency',
      value: 'XYZ',
    });
    expect(refused.messages[0]?.text).toBe('"currency": Must be one of the listed choices.');
  });

  it('refuses a field of a module that has no settings', async () => {
    const reply = await update('update_settings', {
      module_id: ids.herbs,
      field: 'currency',
      value: 'EUR',
    });
    expect(reply.messages[0]?.text).toBe('The "herbs" module has no setting named "currency".');
  });

  it('answers an unknown module id as not found', async () => {
    const reply = await update('update_settings', {
      module_id: 9999,
      field: 'currency',
      value: 'EUR',
    });
    expect(reply).toMatchObject({ status: 404, result: false });
    expect(reply.messages[0]?.text).toBe('There is no module with id 9999.');
  });

  it('names an unknown payload field', async () => {
    const reply = await update('update_settings', {
      module_id: ids.materia,
      field: 'currency',
      value: 'EUR',
      colour: 1,
    });
    expect(reply.messages[0]?.text).toBe('Unknown field "colour".');
  });
});

describe('modules/reset_module_settings_to_default', () => {
  it('brings back every default but keeps the clinic name and admin e-mail', async () => {
    await update('update_public_settings', {
      module_id: ids.materia,
      field: 'colour_dark',
      value: '#000001',
    });
    await update('update_public_settings', {
      module_id: ids.materia,
      field: 'company_name',
      value: 'Oak Clinic',
    });
    await update('update_settings', { module_id: ids.materia, field: 'currency', value: 'HUF' });
    const reply = await call(
      env.server,
      env.company,
      'modules/reset_module_settings_to_default',
      { module_id: ids.materia },
      env.admin,
    );
    const expected = {
      module_id: ids.materia,
      module_settings: { currency: DEFAULT_CURRENCY },
      module_public_settings: {
        company_name: 'Oak Clinic',
        admin_email: env.company.adminEmail,
        login_background_image: '',
        login_background_image_copyright: '',
        units_imperial: 0,
        // '' is the server's zone, as a new clinic starts.
        time_zone: '',
        ...DEFAULT_COLOURS,
      },
    };
    expect(reply).toMatchObject({ status: 200, result: true, data: expected });
    expect(await publicSettings()).toEqual(expected.module_public_settings);
  });

  it('answers an unknown module id as not found', async () => {
    const reply = await call(
      env.server,
      env.company,
      'modules/reset_module_settings_to_default',
      { module_id: 4242 },
      env.admin,
    );
    expect(reply.messages[0]?.text).toBe('There is no module with id 4242.');
  });
});
