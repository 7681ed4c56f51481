/** The clinic's name, address and phone, as the review mail and the day sheet print them. */
import { PRODUCT_MODULE } from '../../shared/module-entry';
import type { CallContext } from '../http/calls';
import { publicSettingsOf, settingsOf } from '../modules/present';

export interface ClinicContact {
  name: string;
  address: string;
  phone: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export async function clinicContact(ctx: Pick<CallContext, 'trx' | 'caller' | 'services'>) {
  const company = ctx.caller.company;
  const row = await ctx.services.moduleCache.row(ctx.trx, company.company_id, PRODUCT_MODULE);
  const settings = row ? settingsOf(row) : {};
  const publicSettings = row ? publicSettingsOf(row) : {};
  return {
    name: textOf(publicSettings.company_name) || company.company_name,
    address: textOf(settings.clinic_address),
    phone: textOf(settings.clinic_phone),
  } satisfies ClinicContact;
}
