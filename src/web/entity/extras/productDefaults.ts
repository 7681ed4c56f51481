/**
 * What a line takes from its dispensary product as it is edited. When its product or quantity
 * changes, the line takes the product's unit kind (the server refuses a line measured differently
 * from its product) and the product's price for that quantity — its cost times the clinic's
 * markup when it has no price of its own; the practitioner may still change the price afterwards.
 * When a herb is picked on a line with no product, the line takes the herb's default product by
 * the dispense's own rule (defaultProduct, src/shared/dispensable-lines.ts), so its price and
 * stock are known before dispensing and a formula printed first is priced; another product may
 * still be picked.
 */
import type { Currency } from '../../../shared/currencies';
import { defaultProduct } from '../../../shared/dispensable-lines';
import type { SafetyFacts } from '../../../shared/prescription-safety-facts';
import { linePrice, sellingPricePer100 } from '../../../shared/prescription-totals';
import { callData } from '../../api/client';
import type { Row } from '../model/types';

const PRODUCT = 'prescription_line_dispensary_product_id';
const HERB = 'prescription_line_herb_id';
const TRIGGERS = new Set([PRODUCT, 'prescription_line_quantity']);

interface Pricing {
  currency: Currency;
  priceMarkup: number;
}

/** The line with the herb's default product named on it, or as it was when there is none. */
async function withDefaultProduct(values: Row, prescriptionId: number): Promise<Row> {
  const herbId = values[HERB];
  if (typeof herbId !== 'number' || values[PRODUCT] != null) return values;
  const facts = await callData<SafetyFacts>('prescriptions/get_safety_facts', {
    prescription_id: prescriptionId,
    herb_ids: [herbId],
    dispensary_product_ids: [],
  }).catch(() => null);
  if (!facts) return values;
  const kind = values.prescription_line_unit_kind === 'weight' ? 'weight' : 'volume';
  const quantity = Number(values.prescription_line_quantity) || 0;
  const product = defaultProduct(herbId, kind, quantity, facts.herb_products ?? [], facts.today);
  if (!product) return values;
  return {
    ...values,
    [PRODUCT]: product.dispensary_product_id,
    [`${PRODUCT}_label`]: product.dispensary_product_name,
  };
}

/** The line after `changed` was set on it, with what follows from its product. */
export async function withProductDefaults(
  values: Row,
  changed: string,
  pricing: Pricing,
  prescriptionId: number,
): Promise<Row> {
  if (changed === HERB) {
    const taken = await withDefaultProduct(values, prescriptionId);
    return taken === values ? values : withProductDefaults(taken, PRODUCT, pricing, prescriptionId);
  }
  const id = values[PRODUCT];
  if (!TRIGGERS.has(changed) || typeof id !== 'number') return values;
  const product = await callData<Row>('dispensary_products/get', {
    dispensary_product_id: id,
  }).catch(() => null);
  if (!product) return values;
  const kind = product.dispensary_product_unit_kind === 'weight' ? 'weight' : 'volume';
  const price = sellingPricePer100(
    product.dispensary_product_price,
    product.dispensary_product_cost,
    pricing.priceMarkup,
  );
  return {
    ...values,
    prescription_line_unit_kind: kind,
    ...(price > 0
      ? {
          prescription_line_price: linePrice(
            price,
            values.prescription_line_quantity,
            kind,
            pricing.currency,
          ),
        }
      : {}),
  };
}
