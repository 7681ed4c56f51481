/**
 * The company-wide settings every screen may need: the unit system (units_imperial,
 * 0 = metric), the currency (product module setting `currency`) and the idle lock's minutes.
 */
import { useMemo } from 'react';
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { PRODUCT_MODULE } from '../../shared/module-entry';
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
}

const fallbackCurrency = currencyByCode(DEFAULT_CURRENCY) as Currency;

export function useCompanySettings(): CompanySettings {
  const publicSettings = usePublicSettings();
  const settings = useSettings().data;
  const code = settings?.[PRODUCT_MODULE]?.currency;
  const idle = settings?.[PRODUCT_MODULE]?.[IDLE_LOCK_SETTING];
  return useMemo(() => {
    const imperial = publicSettings.product.units_imperial === 1;
    return {
      companyName: publicSettings.product.company_name,
      unitSystem: imperial ? 'imperial' : 'metric',
      imperial,
      currency: (typeof code === 'string' && currencyByCode(code)) || fallbackCurrency,
      idleLockMinutes: typeof idle === 'number' ? idle : null,
    };
  }, [publicSettings, code, idle]);
}
