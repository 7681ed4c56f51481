/**
 * When a line's dispensary product or quantity changes, the line takes the product's unit kind
 * (the server refuses a line measured differently from its product) and the product's price for
 * that quantity — its cost times the clinic's markup when it has no price of its own; the
 * practitioner may still change the price afterwards.
 */
import type { Currency } from '../../../shared/currencies';
import { linePrice, sellingPricePer100 } from '../../../shared/prescription-totals';
import { callData } from '../../api/client';
import type { Row } from '../model/types';

const PRODUCT = 'prescription_line_dispensary_product_id';
const TRIGGERS = new Set([PRODUCT, 'prescription_line_quantity']);

export async function withProductDefaults(
  values: Row,
  changed: string,
  pricing: { currency: Currency; priceMarkup: number },
): Promise<Row> {
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
