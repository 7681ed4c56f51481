/**
 * The clinic's time zone: the IANA name every wall time of the diary is read and shown in (working
 * hours, bookings, reminders, instant fields on screen, imports and exports).
 *
 * It is the product module's `time_zone` setting (TIME_ZONE_SETTING); '' (the default) or a name
 * this server does not know means the server's own zone. The setting is read from the module rows
 * the server already caches per company (ModuleCache), which forgets a company as soon as one of
 * its module settings is saved — so there is no second cache to keep honest here.
 */
import { IANAZone } from 'luxon';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import type { Tx } from '../db/tenancy';
import type { CallContext } from '../http/calls';
import type { ModuleCache } from '../modules/module-cache';
import { publicSettingsOf } from '../modules/present';

/**
 * Whether `name` is an IANA zone this server knows ('Europe/London', 'UTC'). Not a bare offset
 * ('+01:00'), which newer runtimes also accept: an offset has no clocks that change.
 */
export const isTimeZone = (name: unknown): name is string =>
  typeof name === 'string' && /^[A-Za-z]/.test(name) && IANAZone.isValidZone(name);

/**
 * The server's own zone: TZ when it names an IANA zone (a leading ':' as POSIX allows), else what
 * the runtime resolved, else UTC.
 */
export function serverTimeZone(): string {
  const fromEnv = process.env.TZ?.replace(/^:/, '');
  if (isTimeZone(fromEnv)) return fromEnv;
  const resolved = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(resolved) ? resolved : 'UTC';
}

/** The zone a stored setting value means: itself when valid, else the server's zone. */
export const timeZoneOf = (setting: unknown): string =>
  isTimeZone(setting) ? setting : serverTimeZone();

/** The clinic zone of any company, for code without a caller (jobs, messages, public pages). */
export async function companyTimeZone(
  trx: Tx,
  moduleCache: ModuleCache,
  companyId: number,
): Promise<string> {
  const row = await moduleCache.row(trx, companyId, PRODUCT_MODULE);
  return timeZoneOf(row ? publicSettingsOf(row)[TIME_ZONE_SETTING] : '');
}

/** The caller's clinic zone. */
export const clinicTimeZone = (
  ctx: Pick<CallContext, 'trx' | 'caller' | 'services'>,
): Promise<string> =>
  companyTimeZone(ctx.trx, ctx.services.moduleCache, ctx.caller.company.company_id);
