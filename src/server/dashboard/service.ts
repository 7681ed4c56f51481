/**
 * The dashboard's figures for one user: only those of modules that are enabled and whose records
 * the user may list, so a user without `patients/list` learns nothing about patients.
 */
import { DASHBOARD_COUNTS, type DashboardStats } from '../../shared/dashboard';
import { grants, privilegeOf } from '../../shared/privileges';
import type { CallContext } from '../http/calls';
import { listModules } from '../modules/repository';
import type { StockAlerts } from '../../shared/stock';
import {
  belowReorderLevel,
  countRows,
  expiringBatches,
  lowStockCount,
  newPatientsPerMonth,
  prescriptionsPerMonth,
  stockLevels,
} from './repository';

export async function dashboardStats(ctx: CallContext): Promise<DashboardStats> {
  const companyId = ctx.caller.company.company_id;
  const enabled = new Set(
    (await listModules(ctx.trx, companyId, { enabledOnly: true })).map((m) => m.module_name),
  );
  const mayList = (entities: string) =>
    enabled.has(entities) &&
    (ctx.user.is_admin || grants(ctx.user.privileges, privilegeOf(entities, 'list')));

  const counts: DashboardStats['counts'] = {};
  for (const entities of DASHBOARD_COUNTS) {
    if (mayList(entities)) counts[entities] = await countRows(ctx.trx, companyId, entities);
  }
  const stock = mayList('dispensary_products');
  return {
    counts,
    new_patients: mayList('patients') ? await newPatientsPerMonth(ctx.trx, companyId) : null,
    prescriptions: mayList('prescriptions')
      ? await prescriptionsPerMonth(ctx.trx, companyId)
      : null,
    stock_levels: stock ? await stockLevels(ctx.trx, companyId) : null,
    low_stock_count: stock ? await lowStockCount(ctx.trx, companyId) : null,
  };
}

/**
 * The reorder list, the batches past their expiry and those expiring within `days` days
 * (dashboard/get_stock_alerts).
 */
export async function stockAlerts(ctx: CallContext, days: number): Promise<StockAlerts> {
  const companyId = ctx.caller.company.company_id;
  const batches = await expiringBatches(ctx.trx, companyId, days);
  return {
    days,
    reorder: await belowReorderLevel(ctx.trx, companyId),
    expired: batches.filter((b) => b.batch_expired),
    expiring: batches.filter((b) => !b.batch_expired),
  };
}
