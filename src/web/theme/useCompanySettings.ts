/**
 * The company-wide settings every screen may need: the unit system (units_imperial,
 * 0 = metric), the currency (product module setting `currency`), the idle lock's minutes, and
 * what prescriptions print and price by (clinic address and phone, markup on cost), and the
 * clinic's time zone (instants are shown in it).
 */
import { useMemo } from 'react';
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { pricingSettingsOf } from '../../shared/prescription-totals';
import { IDLE_LOCK_SETTING } from '../../shared/product-module';
import { usePublicSettings } from '../session/companyStore';
import { useSettings } from '../session/queries';

type UnitSystem = 'metric' | 'imperial';

interface CompanySettings {
  companyName: string;
  unitSystem: UnitSystem;
  imperial: boolean;
  currency: Currency;
  /** Minutes without input before the screen locks; 0 = never, null until the settings load. */
  idleLockMinutes: number | null;
  /** Printed on prescriptions, labels and receipts ('' until set). */
  clinicAddress: string;
  clinicPhone: string;
  /** A product without a price is priced at its cost times this (0 = not priced). */
  priceMarkup: number;
  /** The clinic's IANA time zone (see useClinicTimeZone). */
  timeZone: string;
}

const fallbackCurrency = currencyByCode(DEFAULT_CURRENCY) as Currency;

export function useCompanySettings(): CompanySettings {
  const publicSettings = usePublicSettings();
  const settings = useSettings().data;
  const code = settings?.[PRODUCT_MODULE]?.currency;
  const product = settings?.[PRODUCT_MODULE];
  const idle = product?.[IDLE_LOCK_SETTING];
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const clinicAddress = text(product?.clinic_address);
  const clinicPhone = text(product?.clinic_phone);
  const priceMarkup = pricingSettingsOf(product).markup;
  return useMemo(() => {
    const imperial = publicSettings.product.units_imperial === 1;
    return {
      companyName: publicSettings.product.company_name,
      unitSystem: imperial ? 'imperial' : 'metric',
      imperial,
      currency: (typeof code === 'string' && currencyByCode(code)) || fallbackCurrency,
      idleLockMinutes: typeof idle === 'number' ? idle : null,
      clinicAddress,
      clinicPhone,
      priceMarkup,
      timeZone: publicSettings.clinicTimeZone,
    };
  }, [publicSettings, code, idle, clinicAddress, clinicPhone, priceMarkup]);
}
