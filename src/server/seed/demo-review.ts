/**
 * The demo clinic's "due for review" list (/app/diary/review, src/server/diary-review/due.ts):
 * four patients with nothing booked whose last dispensed tincture runs out around today — three
 * in the coming days, one that ran out last week — dated from the day the demo is made, in the
 * clinic's zone. Each bottle is three 100 ml tinctures at 5 ml three times a day: 20 days.
 */
import { sql } from 'kysely';
import type { DateTime } from 'luxon';
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { displayDate } from '../../shared/entities/merge-fields';
import { prescriptionTotals } from '../../shared/prescription-totals';
import type { Tx } from '../db/tenancy';
import { insertRows, type SeedRow } from './insert';

const BOTTLE_ML = 100;
const BOTTLES = 3;
const DAILY_ML = 15;
const SUPPLY_DAYS = (BOTTLE_ML * BOTTLES) / DAILY_ML;
/** Days from today each medicine runs out (negative: ran out that long ago). */
const RUNS_OUT_IN = [2, 5, 9, -4];

interface Patient {
  id: number;
  name: string;
}

/** `unbooked`: patients the demo diary booked nothing for; those without prescriptions are used. */
export async function seedDueForReview(
  trx: Tx,
  companyId: number,
  today: DateTime,
  unbooked: readonly Patient[],
): Promise<void> {
  const prescribed = new Set(
    (
      await sql<{ id: string }>`select distinct prescription_patient_id as id from prescriptions
        where company_id = ${companyId}`.execute(trx)
    ).rows.map((r) => Number(r.id)),
  );
  const patients = unbooked.filter((p) => !prescribed.has(p.id)).slice(0, RUNS_OUT_IN.length);
  const products = (
    await sql<{ id: string; price: string }>`select dispensary_product_id as id,
        dispensary_product_price as price from dispensary_products
      where company_id = ${companyId} and dispensary_product_unit_kind = 'volume'
      order by dispensary_product_id limit ${BOTTLES}`.execute(trx)
  ).rows.map((p) => ({ id: Number(p.id), price: Number(p.price) }));
  if (products.length < BOTTLES || patients.length < RUNS_OUT_IN.length)
    throw new Error('The demo clinic has too few tinctures or patients for its review list.');
  const next = await sql<{ next: number }>`select coalesce(max(prescription_id), 0)::int + 1
      as next from prescriptions where company_id = ${companyId}`.execute(trx);
  let prescriptionId = next.rows[0]?.next ?? 1;
  const prescriptions: SeedRow[] = [];
  const lines: SeedRow[] = [];
  const prices = products.map((p) => Math.round((BOTTLE_ML / 100) * p.price * 100) / 100);
  patients.forEach((patient, i) => {
    const dispensed = today.minus({ days: SUPPLY_DAYS - (RUNS_OUT_IN[i] ?? 0) }).toISODate()!;
    prescriptions.push({
      prescription_id: prescriptionId,
      prescription_name: `${patient.name}, ${displayDate(dispensed)}`,
      prescription_patient_id: patient.id,
      prescription_date: dispensed,
      prescription_user_id: 1,
      prescription_form: 'tincture',
      prescription_dose_instructions: '5 ml three times a day in a little water',
      prescription_unit_kind: 'volume',
      prescription_daily_dose: DAILY_ML,
      prescription_days: SUPPLY_DAYS,
      prescription_status: 'dispensed',
      prescription_total_price: prescriptionTotals(
        prices.map((price) => ({ prescription_line_price: price })),
        currencyByCode(DEFAULT_CURRENCY) as Currency,
      ).price,
    });
    products.forEach((product, order) =>
      lines.push({
        prescription_id: prescriptionId,
        prescription_line_order: order + 1,
        prescription_line_dispensary_product_id: product.id,
        prescription_line_quantity: BOTTLE_ML,
        prescription_line_unit_kind: 'volume',
        prescription_line_price: prices[order] ?? 0,
      }),
    );
    prescriptionId++;
  });
  await insertRows(trx, companyId, 'prescriptions', prescriptions);
  await insertRows(trx, companyId, 'prescription_lines', lines);
}
