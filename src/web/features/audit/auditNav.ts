/** Where the admin "Audit trail" screen lives and its place in the navigation (Administration). */
import { PRODUCT_MODULE } from '../../../shared/module-entry';
import type { ModuleRow, NavItem } from '../navigation/navModel';

export const AUDIT_TRAIL_ROUTE = 'audit_trail';

/** The navigation item, for admins; favourites file it under the product module. */
export function auditNavItem(rows: readonly ModuleRow[]): NavItem {
  const product = rows.find((row) => row.module_name === PRODUCT_MODULE);
  return {
    module_id: Number(product?.module_id ?? 0),
    name: 'audit',
    label: 'Audit trail',
    to: `/app/${AUDIT_TRAIL_ROUTE}`,
    section: 'Administration',
  };
}
