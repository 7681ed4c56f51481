/**
 * The company's public settings: fetched at start-up without a login, with the
 * catalogue defaults filling anything missing. A failure logs 'Failed to get company settings'
 * and falls back to the defaults.
 */
import { COLOUR_KEYS, DEFAULT_COLOURS, HEX_COLOUR, type ColourKey } from '../../shared/colours';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { PRODUCT_MODULE_DEFINITION } from '../../shared/product-module';
import { withDefaults, type SettingsObject } from '../../shared/settings';

export interface PublicSettingsRow {
  module_id: number;
  module_name: string;
  module_public_settings: unknown;
  /** The product module's row only: the IANA zone the clinic's `time_zone` setting means. */
  clinic_time_zone?: unknown;
}

interface ProductPublicSettings {
  company_name: string;
  admin_email: string;
  login_background_image: string;
  login_background_image_copyright: string;
  units_imperial: number;
  colours: Record<ColourKey, string>;
}

export interface PublicSettings {
  product: ProductPublicSettings;
  /** module_name → module_id, for the preference calls. */
  moduleIds: Record<string, number>;
  /** module_name → its public settings. */
  byModule: Record<string, SettingsObject>;
  /**
   * The clinic's IANA time zone, resolved by the server (its own zone while the setting is '');
   * the browser's zone until the settings arrive (read it with useClinicTimeZone).
   */
  clinicTimeZone: string;
  /** False when the settings are the defaults because fetching failed. */
  loaded: boolean;
}

/** Module settings arrive as JSON text or as an object; anything else counts as empty. */
export function parseSettings(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    } catch {
      return {};
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const productTabs = PRODUCT_MODULE_DEFINITION.tabs;

const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether this browser knows the zone (Intl, not Luxon: the landing page's chunk stays small). */
function isKnownZone(zone: string): boolean {
  try {
    return zone !== '' && Boolean(new Intl.DateTimeFormat('en', { timeZone: zone }));
  } catch {
    return false;
  }
}

function productSettingsOf(stored: Record<string, unknown>): ProductPublicSettings {
  const values = withDefaults(productTabs, true, stored);
  const text = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value : '';
  };
  const colours = Object.fromEntries(
    COLOUR_KEYS.map((key) => {
      const value = values[key];
      return [
        key,
        typeof value === 'string' && HEX_COLOUR.test(value) ? value : DEFAULT_COLOURS[key],
      ];
    }),
  ) as Record<ColourKey, string>;
  return {
    company_name: text('company_name'),
    admin_email: text('admin_email'),
    login_background_image: text('login_background_image'),
    login_background_image_copyright: text('login_background_image_copyright'),
    units_imperial: Number(values.units_imperial) === 1 ? 1 : 0,
    colours,
  };
}

export function publicSettingsOf(rows: readonly PublicSettingsRow[] | null): PublicSettings {
  const byModule: Record<string, SettingsObject> = {};
  const moduleIds: Record<string, number> = {};
  let clinicTimeZone = browserTimeZone();
  for (const row of rows ?? []) {
    if (typeof row?.module_name !== 'string') continue;
    moduleIds[row.module_name] = Number(row.module_id);
    byModule[row.module_name] = parseSettings(row.module_public_settings) as SettingsObject;
    const zone = row.module_name === PRODUCT_MODULE ? row.clinic_time_zone : undefined;
    if (typeof zone === 'string' && isKnownZone(zone)) clinicTimeZone = zone;
  }
  return {
    product: productSettingsOf(byModule[PRODUCT_MODULE] ?? {}),
    moduleIds,
    byModule,
    clinicTimeZone,
    loaded: rows !== null,
  };
}

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = publicSettingsOf(null);
