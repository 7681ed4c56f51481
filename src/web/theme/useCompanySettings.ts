/**
 * The company-wide settings every screen may need: the unit system (units_imperial,
 * 0 = metric) and the currency (product module setting `currency`).
 */
import { useMemo } from 'react';
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { PRODUCT_MODULE } from '../../shared/module-entry';
import { usePublicSettings } from '../session/companyStore';
import { useSettings } from '../session/queries';

type UnitSystem = 'metric' | 'imperial';

interface CompanySettings {
  companyName: string;
  unitSystem: UnitSystem;
  imperial: boolean;
  currency: Currency;
}

const fallbackCurrency = currencyByCode(DEFAULT_CURRENCY) as Currency;

export function useCompanySettings(): CompanySettings {
  const publicSettings = usePublicSettings();
  const settings = useSettings().data;
  const code = settings?.[PRODUCT_MODULE]?.currency;
  return useMemo(() => {
    const imperial = publicSettings.product.units_imperial === 1;
    return {
      companyName: publicSettings.product.company_name,
      unitSystem: imperial ? 'imperial' : 'metric',
      imperial,
      currency: (typeof code === 'string' && currencyByCode(code)) || fallbackCurrency,
    };
  }, [publicSettings, code]);
}
