/**
 * The clinic's time zone, as the diary needs it: the product module's `time_zone` setting, or the
 * server's own zone when the clinic left it empty.
 *
 * Narrow stand-in: src/server/diary/time-zone.ts (helper A's part) is the clinic zone's home; when
 * it lands, this file re-exports it and the diary's files keep their imports.
 */
import { IANAZone } from 'luxon';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import type { CallContext } from '../http/calls';
import { publicSettingsOf } from '../modules/present';

const serverZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

export async function clinicZone(ctx: Pick<CallContext, 'trx' | 'caller' | 'services'>) {
  const row = await ctx.services.moduleCache.row(
    ctx.trx,
    ctx.caller.company.company_id,
    PRODUCT_MODULE,
  );
  const chosen = row ? publicSettingsOf(row)[TIME_ZONE_SETTING] : '';
  return typeof chosen === 'string' && chosen !== '' && IANAZone.isValidZone(chosen)
    ? chosen
    : serverZone();
}
