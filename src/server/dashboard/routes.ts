/**
 * `dashboard/get_stats`: the figures of the dashboard (`/app`) in one call;
 * `dashboard/get_stock_alerts`: its reorder list and expiring batches (the dispensary's to list).
 */
import { z } from 'zod';
import { defineCall, type CallDefinition } from '../http/calls';
import { privilegeOf } from '../../shared/privileges';
import { stockAlertsSchema } from '../../shared/stock';
import { dashboardStats, stockAlerts } from './service';

export const dashboardCalls: CallDefinition[] = [
  defineCall({
    path: 'dashboard/get_stats',
    access: 'user',
    input: z.strictObject({}),
    handler: async (ctx) => ({ data: await dashboardStats(ctx) }),
  }),
  defineCall({
    path: 'dashboard/get_stock_alerts',
    access: { privilege: privilegeOf('dispensary_products', 'list') },
    input: stockAlertsSchema,
    handler: async (ctx, input) => ({ data: await stockAlerts(ctx, input.days) }),
  }),
];
