/** `dashboard/get_stats`: the figures of the dashboard (`/app`) in one call. */
import { z } from 'zod';
import { defineCall, type CallDefinition } from '../http/calls';
import { dashboardStats } from './service';

export const dashboardCalls: CallDefinition[] = [
  defineCall({
    path: 'dashboard/get_stats',
    access: 'user',
    input: z.strictObject({}),
    handler: async (ctx) => ({ data: await dashboardStats(ctx) }),
  }),
];
