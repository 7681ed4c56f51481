/**
 * What makes a formula's line dispensable (issue 43): a quantity above nothing, and stock to take
 * it from. A line naming a dispensary product takes that product; a line naming only a herb takes
 * the clinic's default product for that herb and measure — of the herb's products measured like
 * the line (ml or mg), the oldest one (lowest id) whose usable batches cover the line, else the
 * oldest one. A practitioner who wants another picks it on the line. Both the formula editor's
 * warnings and prescriptions/dispense resolve lines here, so what the screen says is what the
 * dispense takes. A finding made here blocks dispensing; no reason overrides it.
 */
import type { SafetyProduct } from './prescription-safety-facts';

type Batch = SafetyProduct['batches'][number];

/** A batch is usable up to and on its expiry day (as the dispense's batch query counts it). */
const batchExpired = (batch: Batch, today: string): boolean =>
  batch.batch_expiry !== null && batch.batch_expiry < today;

const usableQuantity = (product: SafetyProduct, today: string): number =>
  product.batches
    .filter((b) => b.batch_quantity > 0 && !batchExpired(b, today))
    .reduce((sum, b) => sum + b.batch_quantity, 0);

/** The product a line of only a herb is dispensed from, or null when the clinic has none. */
export function defaultProduct(
  herbId: number,
  kind: string,
  quantity: number,
  candidates: readonly SafetyProduct[],
  today: string,
): SafetyProduct | null {
  const mine = candidates
    .filter(
      (p) =>
        p.dispensary_product_herb_id === herbId &&
        (p.dispensary_product_unit_kind ?? kind) === kind,
    )
    .sort((a, b) => a.dispensary_product_id - b.dispensary_product_id);
  return mine.find((p) => usableQuantity(p, today) >= quantity - 1e-9) ?? mine[0] ?? null;
}

/** A line as the safety routine resolved it: what it names and what it would be taken from. */
interface LineToDispense {
  quantity: number;
  herbName: string | null;
  product: SafetyProduct | null;
  /** The line names a herb but no product. */
  herbOnly: boolean;
}

type Finding = ['quantity' | 'unresolved', string];

/**
 * The findings that stop a line being dispensed: no quantity, or (when the facts carry the
 * herbs' products, `resolvable`) a herb the clinic has no product of in the line's measure.
 */
export function dispensableFindings(line: LineToDispense, resolvable: boolean): Finding[] {
  // Named as the practitioner wrote it: the herb of a herb line, else the product.
  const written = line.herbOnly ? line.herbName : line.product?.dispensary_product_name;
  const name = written ?? line.herbName ?? 'This line';
  const found: Finding[] = [];
  if (!(line.quantity > 0)) {
    found.push(['quantity', `${name}: no quantity — a line of nothing can not be dispensed.`]);
  }
  if (resolvable && line.herbOnly && !line.product) {
    found.push([
      'unresolved',
      `${name}: no dispensary product to take it from — pick one or add one to the dispensary.`,
    ]);
  }
  return found;
}

interface Warning {
  kind: string;
  line: number | null;
  text: string;
}

/** The kinds no reason overrides: the dispense refuses the formula while any is open. */
const BLOCKING = new Set(['quantity', 'unresolved', 'out_of_stock']);

export const blocksDispensing = (warning: Warning): boolean => BLOCKING.has(warning.kind);

/**
 * Why the formula can not be dispensed, naming each line ("Line 2, Yarrow: …"), with the expired
 * batches of a line short of stock (the reason it is short); null when nothing blocks it.
 */
export function dispenseRefusal(warnings: readonly Warning[]): string | null {
  const blocking = warnings.filter(blocksDispensing);
  if (blocking.length === 0) return null;
  const short = new Set(blocking.filter((w) => w.kind === 'out_of_stock').map((w) => w.line));
  const named = warnings.filter(
    (w) => blocksDispensing(w) || (w.kind === 'expired' && short.has(w.line)),
  );
  // "Line 2, Yarrow: …" for a finding led by a name; "Line 2: Not enough …" for the stock's.
  const lineOf = (w: Warning) =>
    w.kind === 'out_of_stock' ? `Line ${w.line}: ` : `Line ${w.line}, `;
  return named.map((w) => (w.line ? `${lineOf(w)}${w.text}` : w.text)).join(' ');
}
