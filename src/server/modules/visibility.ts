/**
 * Who may see a module: admins see every module, everyone sees the product module
 * (company-wide settings such as the currency), others a module they hold any privilege of.
 */
import { PRODUCT_MODULE } from '../../shared/modules';
import { grantsAnyOf } from '../../shared/privileges';
import type { AuthUser } from '../domain/caller';

export function canSeeModule(user: AuthUser, moduleName: string): boolean {
  return user.is_admin || moduleName === PRODUCT_MODULE || grantsAnyOf(user.privileges, moduleName);
}
