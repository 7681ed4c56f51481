/**
 * Demo dispensary: tinctures of 30 herbs (stock in ml), dried herbs, powders and capsules (stock
 * in mg), their stock received as batches, with costs and prices per 100 ml / 100 g; retail
 * products; and sub-categories under the mandatory roots to file them by.
 */
import { sql } from 'kysely';
import type { Tx } from '../db/tenancy';
import { HERBS } from './data/herbs';
import { receiveBatches, type Receipt } from '../stock/receipts';
import { insertRows, type Random } from './insert';

export interface DemoProduct {
  id: number;
  name: string;
  kind: 'weight' | 'volume';
  price: number;
}

const SUBCATEGORIES: Readonly<Record<string, string[]>> = {
  patients: ['Active', 'Archived'],
  herbs: ['Western', 'Ayurvedic', 'Chinese'],
  dispensary: ['Tinctures', 'Dried herbs', 'Powders', 'Capsules'],
  products: ['Books', 'Teas', 'Creams and balms'],
  snippets: ['Openings', 'Advice', 'Closings'],
};

/** Sub-categories by label, e.g. "Tinctures" → id. */
export async function seedSubcategories(trx: Tx, companyId: number): Promise<Map<string, number>> {
  const roots = await sql<{ id: number; key: string }>`select category_id as id, category_key as key
    from categories where company_id = ${companyId} and category_parent = 0`.execute(trx);
  const rows = roots.rows.flatMap((root) =>
    (SUBCATEGORIES[root.key] ?? []).map((label, index) => ({
      category_label: label,
      category_key: `${root.key}-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`,
      category_parent: root.id,
      category_root: root.id,
      category_order: index + 1,
    })),
  );
  return insertRows(trx, companyId, 'categories', rows, {
    key: 'category_label',
    id: 'category_id',
  });
}

const FORMS = [
  { form: 'dried', label: 'dried', kind: 'weight', category: 'Dried herbs', strength: '' },
  { form: 'powder', label: 'powder', kind: 'weight', category: 'Powders', strength: '' },
  {
    form: 'capsules',
    label: 'capsules',
    kind: 'weight',
    category: 'Capsules',
    strength: '500 mg per capsule',
  },
] as const;

export async function seedDispensary(
  trx: Tx,
  companyId: number,
  herbs: Map<string, number>,
  categories: Map<string, number>,
  random: Random,
): Promise<DemoProduct[]> {
  const parts = await sql<{
    id: number;
    name: string;
  }>`select partused_id as id, partused_name as name
    from partuseds where company_id = ${companyId}`.execute(trx);
  const partId = new Map(parts.rows.map((p) => [p.name, p.id]));
  const money = (min: number, max: number) =>
    Math.round((min + random.next() * (max - min)) * 100) / 100;
  const rows = HERBS.slice(0, 30).map((herb, index) => {
    const price = money(6, 14);
    return {
      dispensary_product_name: `${herb.name} tincture`,
      dispensary_product_herb_id: herbs.get(herb.name) ?? null,
      dispensary_product_partused_id: partId.get(herb.parts[0] ?? '') ?? null,
      dispensary_product_form: 'tincture',
      dispensary_product_strength: index % 3 === 0 ? '1:5 25%' : '1:3 45%',
      dispensary_product_unit_kind: 'volume',
      dispensary_product_reorder_level: 500,
      dispensary_product_cost: Math.round(price * 45) / 100,
      dispensary_product_price: price,
      dispensary_product_supplier: index % 2 ? 'Botanica Wholesale' : 'Avon Herbal Supplies',
      dispensary_product_category_id: categories.get('Tinctures') ?? null,
    };
  });
  HERBS.slice(30, 42).forEach((herb, index) => {
    const shape = FORMS[index % FORMS.length] ?? FORMS[0];
    const price = money(3, 9);
    rows.push({
      dispensary_product_name: `${herb.name} ${shape.label}`,
      dispensary_product_herb_id: herbs.get(herb.name) ?? null,
      dispensary_product_partused_id: partId.get(herb.parts[0] ?? '') ?? null,
      dispensary_product_form: shape.form,
      dispensary_product_strength: shape.strength,
      dispensary_product_unit_kind: shape.kind,
      dispensary_product_reorder_level: 250_000,
      dispensary_product_cost: Math.round(price * 45) / 100,
      dispensary_product_price: price,
      dispensary_product_supplier: 'Botanica Wholesale',
      dispensary_product_category_id: categories.get(shape.category) ?? null,
    });
  });
  const ids = await insertRows(trx, companyId, 'dispensary_products', rows, {
    key: 'dispensary_product_name',
    id: 'dispensary_product_id',
  });
  await receiveDemoBatches(trx, companyId, rows, ids, random);
  await insertRows(
    trx,
    companyId,
    'products',
    [
      ['The Herbal Apothecary (book)', 'BK-001', 24.99, 'Books'],
      ['Calm blend tea, 50 g', 'TE-001', 6.5, 'Teas'],
      ['Digestive blend tea, 50 g', 'TE-002', 6.5, 'Teas'],
      ['Sleep blend tea, 50 g', 'TE-003', 6.5, 'Teas'],
      ['Calendula cream, 50 ml', 'CR-001', 9.95, 'Creams and balms'],
      ['Comfrey balm, 30 ml', 'CR-002', 8.5, 'Creams and balms'],
      ['Chickweed cream, 50 ml', 'CR-003', 9.5, 'Creams and balms'],
      ['Arnica balm, 30 ml', 'CR-004', 8.95, 'Creams and balms'],
    ].map(([name, code, price, category]) => ({
      product_name: name as string,
      product_code: code as string,
      product_price: price as number,
      product_stock: random.int(0, 40),
      product_category_id: categories.get(category as string) ?? null,
    })),
  );
  return rows.map((row) => ({
    id: ids.get(row.dispensary_product_name) as number,
    name: row.dispensary_product_name,
    kind: row.dispensary_product_unit_kind as DemoProduct['kind'],
    price: row.dispensary_product_price,
  }));
}

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Two batches of each product (a tincture holds 0.5–5 l, the rest 0.1–2 kg), the older expiring
 * within months — a few within weeks, and one already past, for the dashboard to show.
 */
async function receiveDemoBatches(
  trx: Tx,
  companyId: number,
  rows: ReadonlyArray<{ dispensary_product_name: string; dispensary_product_unit_kind: string }>,
  ids: Map<string, number>,
  random: Random,
): Promise<void> {
  const receipts: Receipt[] = rows.flatMap((row, index) => {
    const unit = row.dispensary_product_unit_kind === 'volume' ? 100 : 100_000;
    const older = index === 0 ? -10 : index % 7 === 0 ? random.int(5, 40) : random.int(60, 400);
    return [older, older + random.int(180, 540)].map((days, n) => ({
      product_id: ids.get(row.dispensary_product_name) as number,
      batch_name: `L${String(24_000 + index * 10 + n)}`,
      supplier: index % 2 ? 'Botanica Wholesale' : 'Avon Herbal Supplies',
      expiry: isoIn(days),
      quantity: random.int(n ? 3 : 2, n ? 30 : 20) * unit,
    }));
  });
  await receiveBatches(trx, companyId, 1, receipts);
}
