/**
 * The stock ledger's calls. Changes need the dispensary's `update` privilege; the batch trace
 * names patients and prescriptions, so it needs `prescriptions/list`.
 */
import {
  adjustSchema,
  batchTraceSchema,
  receiveSchema,
  stockTakeSchema,
  writeOffSchema,
} from '../../shared/stock';
import { privilegeOf } from '../../shared/privileges';
import { defineCall, type CallDefinition } from '../http/calls';
import { adjust, receive, stockTake, writeOffExpired } from './service';
import { batchTrace } from './trace';

const changeStock = { privilege: privilegeOf('dispensary_products', 'update') };

export const stockCalls: CallDefinition[] = [
  defineCall({
    path: 'stock/receive',
    access: changeStock,
    input: receiveSchema,
    handler: async (ctx, input) => ({ data: await receive(ctx, input) }),
  }),
  defineCall({
    path: 'stock/adjust',
    access: changeStock,
    input: adjustSchema,
    handler: async (ctx, input) => ({ data: await adjust(ctx, input) }),
  }),
  defineCall({
    path: 'stock/stock_take',
    access: changeStock,
    input: stockTakeSchema,
    handler: async (ctx, input) => ({ data: await stockTake(ctx, input) }),
  }),
  defineCall({
    path: 'stock/write_off_expired',
    access: changeStock,
    input: writeOffSchema,
    handler: async (ctx) => ({ data: await writeOffExpired(ctx) }),
  }),
  defineCall({
    path: 'stock/batch_trace',
    access: { privilege: privilegeOf('prescriptions', 'list') },
    input: batchTraceSchema,
    handler: async (ctx, input) => ({ data: await batchTrace(ctx, input.batch_id) }),
  }),
];
