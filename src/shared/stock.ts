/**
 * The stock ledger's calls (`stock/…`) and the dashboard's stock alerts: payloads, replies and the
 * rules both sides use. A batch's own fields keep their rules in its definition (entities/batches.ts).
 */
import { z } from 'zod';
import { batches } from './entities/batches';
import { dateRule, textRule } from './entities/rules';
import type { UnitKind } from './units';

/** What moved stock: each ledger row is one of these (the CHECK of migration 0024). */
export type StockMoveKind =
  'opening' | 'receipt' | 'dispense' | 'adjustment' | 'stock_take' | 'write_off';

const EXPIRY_DAYS_MAX = 730;

/** A batch field's rule, from its definition: one home for it. */
function ruleOf<T>(name: string): z.ZodType<T> {
  const field = batches.fields.find((f) => f.name === name);
  if (!field) throw new Error(`batches has no field ${name}`);
  return field.rule as z.ZodType<T>;
}

const id = z
  .number({ error: 'Must be an id (a whole number).' })
  .int('Must be an id (a whole number).')
  .positive('Must be an id.')
  .max(Number.MAX_SAFE_INTEGER);
/** A quantity moved, in the base unit (mg or ml). */
const amount = z.number({ error: 'Must be a number.' }).max(1e15, 'Must be at most 1e15.');
const positive = amount.positive('Must be more than 0.');

export const receiveSchema = z.strictObject({
  dispensary_product_id: id,
  batch_name: ruleOf<string>('batch_name'),
  batch_supplier: ruleOf<string>('batch_supplier').optional(),
  batch_expiry: dateRule(false).optional(),
  batch_cost: ruleOf<number>('batch_cost').optional(),
  quantity: positive,
});

/** A correction of a batch (breakage, spillage, found stock): why is never optional. */
export const adjustSchema = z.strictObject({
  batch_id: id,
  quantity: amount.refine((v) => v !== 0, 'Must not be 0.').refine((v) => v >= -1e15, 'Too low.'),
  reason: textRule(500, true),
});

export const stockTakeSchema = z.strictObject({
  counts: z
    .array(z.strictObject({ batch_id: id, counted: amount.min(0, 'Must not be negative.') }))
    .min(1, 'Count at least one batch.')
    .max(5000, 'At most 5000 batches at once.'),
  note: textRule(500, false).optional(),
});

export const writeOffSchema = z.strictObject({});
export const batchTraceSchema = z.strictObject({ batch_id: id });
export const stockAlertsSchema = z.strictObject({
  days: z
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(0, 'Must not be negative.')
    .max(EXPIRY_DAYS_MAX, `Must be at most ${EXPIRY_DAYS_MAX}.`),
});

/** One batch's share of a stock change, as the calls answer it. */
export interface BatchMove {
  batch_id: number;
  batch_name: string;
  dispensary_product_id: number;
  dispensary_product_name: string;
  /** Signed, in the base unit. */
  quantity: number;
  /** The batch's quantity after the move. */
  batch_quantity: number;
}

/** One prescription a batch went into: what a recall needs. */
/** A batch that went into a dispensed prescription (prescriptions/get_batches). */
export interface PrescriptionBatch {
  dispensary_product_name: string;
  batch_name: string;
  /** YYYY-MM-DD, or null for stock without an expiry (the opening stock). */
  batch_expiry: string | null;
  /** Taken from the batch, in the base unit. */
  quantity: number;
}

export interface TraceRow {
  prescription_id: number;
  prescription_name: string | null;
  prescription_date: string | null;
  patient_id: number | null;
  patient_name: string | null;
  /** Taken from the batch, in the base unit. */
  quantity: number;
  dispensed_at: string;
}

export interface LedgerRow {
  stock_move_id: number;
  kind: StockMoveKind;
  quantity: number;
  reason: string;
  prescription_id: number | null;
  at: string;
}

export interface BatchTrace {
  batch: {
    batch_id: number;
    batch_name: string;
    batch_supplier: string;
    batch_expiry: string | null;
    batch_unit_kind: UnitKind;
    batch_quantity: number;
    dispensary_product_id: number;
    dispensary_product_name: string;
  };
  prescriptions: TraceRow[];
  ledger: LedgerRow[];
}

export interface ReorderRow {
  dispensary_product_id: number;
  dispensary_product_name: string;
  dispensary_product_supplier: string;
  dispensary_product_unit_kind: UnitKind;
  dispensary_product_stock: number;
  dispensary_product_reorder_level: number;
}

export interface ExpiringBatch {
  batch_id: number;
  batch_name: string;
  batch_expiry: string;
  batch_unit_kind: UnitKind;
  batch_quantity: number;
  dispensary_product_id: number;
  dispensary_product_name: string;
  /** Past its expiry day (by the database's day, as dispensing judges it): never dispensed. */
  batch_expired: boolean;
}

export interface StockAlerts {
  days: number;
  /** Every product below its reorder level, lowest against it first. */
  reorder: ReorderRow[];
  /** Batches with stock past their expiry day, soonest first: to write off, never "expiring". */
  expired: ExpiringBatch[];
  /** Batches with stock still usable that expire within `days`, soonest first. */
  expiring: ExpiringBatch[];
}
