/**
 * Every dispensed line is real (issue 43): the shared safety routine finds a line of no quantity,
 * a herb the clinic has no product of, a product whose only stock has expired and the same herb
 * twice — the first three block dispensing (dispenseRefusal), the last needs a reason.
 */
import { describe, expect, it } from 'vitest';
import { dispenseRefusal } from '../../src/shared/dispensable-lines';
import { needsReason, prescriptionWarnings } from '../../src/shared/prescription-safety';
import type { SafetyFacts, SafetyProduct } from '../../src/shared/prescription-safety-facts';
import { safetyHerb } from '../support/safety-herb';

const herb = safetyHerb;

const YARROW = herb(1, 'Yarrow');
const NETTLE = herb(2, 'Nettle');

const product = (
  id: number,
  name: string,
  batches: SafetyProduct['batches'],
  kind = 'volume',
): SafetyProduct => ({
  dispensary_product_id: id,
  dispensary_product_name: name,
  dispensary_product_herb_id: 1,
  dispensary_product_unit_kind: kind,
  batches,
});

const FRESH = product(10, 'Yarrow tincture 1:3', [
  { batch_name: 'Y-1', batch_expiry: '2027-06-30', batch_quantity: 500 },
]);
const EXPIRED = product(11, 'Yarrow tincture 1:5', [
  { batch_name: 'Y-OLD', batch_expiry: '2026-11-14', batch_quantity: 500 },
]);
const DRIED = product(12, 'Yarrow herb, dried', [], 'weight');

const facts = (herbProducts: SafetyProduct[] = [FRESH]): SafetyFacts => ({
  today: '2026-11-24',
  patient: null,
  herbs: [YARROW, NETTLE],
  products: [],
  herb_products: herbProducts,
});

const line = (herbId: number | null, quantity: number, productId: number | null = null) => ({
  prescription_line_herb_id: herbId,
  prescription_line_dispensary_product_id: productId,
  prescription_line_quantity: quantity,
  prescription_line_unit_kind: 'volume',
});

const warn = (lines: ReturnType<typeof line>[], f = facts()) =>
  prescriptionWarnings(lines, { prescription_days: null }, f, 'metric');

describe('every dispensed line is real', () => {
  it('a line of 0 ml blocks dispensing, named by its line', () => {
    const warnings = warn([line(1, 30), line(2, 0)], facts([FRESH]));
    expect(warnings.filter((w) => w.kind === 'quantity')).toEqual([
      {
        kind: 'quantity',
        line: 2,
        text: 'Nettle: no quantity — a line of nothing can not be dispensed.',
      },
    ]);
    expect(warnings.some(needsReason)).toBe(false); // no reason gets it dispensed
    expect(dispenseRefusal(warnings)).toContain(
      'Line 2, Nettle: no quantity — a line of nothing can not be dispensed.',
    );
  });

  it('a herb the clinic has no product of (in the line’s measure) blocks dispensing', () => {
    const warnings = warn([line(2, 20), line(1, 30)], facts([FRESH, DRIED]));
    expect(warnings).toEqual([
      {
        kind: 'unresolved',
        line: 1,
        text: 'Nettle: no dispensary product to take it from — pick one or add one to the dispensary.',
      },
    ]);
    expect(dispenseRefusal(warnings)).toBe(
      'Line 1, Nettle: no dispensary product to take it from — pick one or add one to the dispensary.',
    );
    // Only a dried product of Yarrow: a Yarrow line in ml has nothing to be taken from.
    expect(warn([line(1, 30)], facts([DRIED])).map((w) => w.kind)).toEqual(['unresolved']);
  });

  it('a herb line takes the herb’s product with usable stock, else its oldest product', () => {
    // The oldest product has only expired stock; the next covers the line: nothing to say.
    const next = product(13, 'Yarrow tincture 1:2', FRESH.batches);
    expect(warn([line(1, 30)], facts([EXPIRED, next]))).toEqual([]);
    // Neither covers 600 ml: the oldest is named, with its expired batch.
    expect(warn([line(1, 600)], facts([next, EXPIRED]))[0]?.text).toContain('Y-OLD');
    expect(warn([line(1, 30)], facts([FRESH]))).toEqual([]);
  });

  it('a line whose only batch has expired is refused, naming the batch and its expiry', () => {
    const warnings = warn([line(1, 30)], facts([EXPIRED]));
    expect(warnings.map((w) => w.kind)).toEqual(['expired', 'out_of_stock']);
    expect(dispenseRefusal(warnings)).toBe(
      'Line 1, Yarrow tincture 1:5: batch Y-OLD expired on 14/11/2026; it will not be dispensed. ' +
        'Line 1: Not enough Yarrow tincture 1:5 in stock: 0 ml usable, 30 ml needed.',
    );
    // Named by product, the same.
    const named = warn([line(null, 30, 11)], { ...facts([]), products: [EXPIRED] });
    expect(dispenseRefusal(named)).toContain('batch Y-OLD expired on 14/11/2026');
  });

  it('the same herb twice is a warning that needs a reason', () => {
    const warnings = warn([line(1, 30), line(1, 20)]);
    expect(warnings).toEqual([{ kind: 'duplicate', line: 2, text: 'Yarrow is also on line 1.' }]);
    expect(warnings.every(needsReason)).toBe(true);
    expect(dispenseRefusal(warnings)).toBeNull();
  });
});
