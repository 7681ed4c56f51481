/**
 * The company-wide unit system and currency (product module settings), read on the
 * server the way the web reads them (src/web/theme/useCompanySettings.ts).
 */
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { PRODUCT_MODULE } from '../../shared/modules';
import { unitSystemOf, type UnitSystem } from '../../shared/units';
import type { Tx } from '../db/tenancy';
import { publicSettingsOf, settingsOf } from './present';
import { findModuleByName, type ModuleRow } from './repository';

export interface CompanyUnits {
  unitSystem: UnitSystem;
  currency: Currency;
}

export async function companyUnits(trx: Tx, companyId: number): Promise<CompanyUnits> {
  return unitsOf(await findModuleByName(trx, companyId, PRODUCT_MODULE));
}

/** The units and currency of the product module's row already read (none: the defaults). */
export function unitsOf(row: ModuleRow | undefined): CompanyUnits {
  const code = row ? settingsOf(row).currency : undefined;
  return {
    unitSystem: unitSystemOf(row ? publicSettingsOf(row).units_imperial : 0),
    currency:
      (typeof code === 'string' && currencyByCode(code)) ||
      (currencyByCode(DEFAULT_CURRENCY) as Currency),
  };
}
