/**
 * The clinic as the booking calls see it: open for online booking or not, its time zone, and what
 * the public page shows of it. Read from the module rows the server caches (moduleCache), so the
 * hot `booking/get_slots` costs no query for it.
 */
import { BOOKING_CLOSED_TEXT } from '../../shared/booking';
import { DIARY_SETTINGS } from '../../shared/diary/settings';
import { PRODUCT_MODULE } from '../../shared/modules';
import { TIME_ZONE_SETTING } from '../../shared/product-module';
import type { SettingsObject } from '../../shared/settings';
import { timeZoneOf } from '../diary/time-zone';
import type { CallContext } from '../http/calls';
import { ApiError } from '../http/errors';
import { publicSettingsOf, settingsOf } from '../modules/present';

/** The diary's module: its switch and its settings decide whether the page is open. */
const DIARY_MODULE = 'appointments';

export interface BookingClinic {
  companyId: number;
  name: string;
  zone: string;
  phone: string;
  currency: string;
  intro: string;
  policy: string;
  slotStepMinutes: number;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "Please call the clinic on 01904 000000." — or without the number when it has none. */
export const callTheClinic = (phone: string): string =>
  phone.trim() ? `Please call the clinic on ${phone.trim()}.` : 'Please call the clinic.';

async function settingsOfModule(ctx: CallContext, name: string) {
  const row = await ctx.services.moduleCache.row(ctx.trx, ctx.caller.company.company_id, name);
  if (!row)
    return { enabled: false, settings: {} as SettingsObject, publicSettings: {} as SettingsObject };
  return {
    enabled: row.module_enabled === 1,
    settings: settingsOf(row),
    publicSettings: publicSettingsOf(row),
  };
}

/**
 * The clinic, when it takes bookings online; otherwise a 403 saying it is closed (the diary
 * switched off, or its "Patients may book online" setting off), with whom to call.
 */
export async function openClinic(ctx: CallContext): Promise<BookingClinic> {
  const [diary, product] = await Promise.all([
    settingsOfModule(ctx, DIARY_MODULE),
    settingsOfModule(ctx, PRODUCT_MODULE),
  ]);
  const phone = textOf(product.settings.clinic_phone);
  if (!diary.enabled || diary.publicSettings[DIARY_SETTINGS.onlineBooking] !== 1) {
    throw new ApiError(403, `${BOOKING_CLOSED_TEXT} ${callTheClinic(phone)}`, {
      data: { booking_closed: true },
    });
  }
  const step = Number(diary.settings[DIARY_SETTINGS.slotStepMinutes]);
  return {
    companyId: ctx.caller.company.company_id,
    name: textOf(product.publicSettings.company_name) || ctx.caller.company.company_name,
    zone: timeZoneOf(product.publicSettings[TIME_ZONE_SETTING]),
    phone,
    currency: textOf(product.settings.currency),
    intro: textOf(diary.publicSettings[DIARY_SETTINGS.bookingIntro]),
    policy: textOf(diary.publicSettings[DIARY_SETTINGS.cancellationPolicy]),
    slotStepMinutes: Number.isFinite(step) && step > 0 ? step : 15,
  };
}
