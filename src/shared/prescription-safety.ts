/**
 * The safety warnings of a formula, computed by one routine on both sides: the editor shows them
 * beside the lines as they change, and prescriptions/dispense recomputes them and asks for a
 * reason when any is open. They come from data — the herbs' dose ranges and structured cautions,
 * the patient's record, the stock's batches — never from free text alone. A warning never blocks.
 */
import { displayDate } from './entities/merge-fields';
import type { SafetyFacts, SafetyHerb, SafetyProduct } from './prescription-safety-facts';
import { allergyWarnings } from './safety-allergies';
import { blocksDispensing, defaultProduct, dispensableFindings } from './dispensable-lines';
import { formatQuantities, type UnitKind, type UnitSystem } from './units';

type SafetyWarningKind =
  | 'empty'
  | 'dose'
  | 'pregnancy'
  | 'lactation'
  | 'children'
  | 'condition'
  | 'medication'
  | 'allergy'
  | 'duplicate'
  | 'expired'
  | 'out_of_stock'
  | 'quantity'
  | 'unresolved';

export interface SafetyWarning {
  kind: SafetyWarningKind;
  /** The line it stands beside (1 = the first); null for the formula as a whole. */
  line: number | null;
  text: string;
}

/**
 * Whether dispensing despite the warning needs a reason. The stock's own warnings do not: the
 * dispense never takes an expired batch (first expiry first out skips it) and refuses stock the
 * usable batches can not cover with its own message, reason or not; an empty formula is refused,
 * and so is a line of no quantity or with no product to take it from (dispensable-lines.ts).
 */
export const needsReason = (warning: SafetyWarning): boolean =>
  warning.kind !== 'expired' && !blocksDispensing(warning) && warning.kind !== 'empty';

interface SafetyLine {
  prescription_line_herb_id?: unknown;
  prescription_line_dispensary_product_id?: unknown;
  prescription_line_quantity?: unknown;
  prescription_line_unit_kind?: unknown;
}

/** What the lines are taken over: the prescription's number of days. */
interface SafetyPrescription {
  prescription_days?: unknown;
}

const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
const amountOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** A line resolved against the facts: its herb (direct or through its product) and product. */
interface Resolved {
  line: number;
  herb: SafetyHerb | null;
  product: SafetyProduct | null;
  quantity: number;
  kind: UnitKind;
  /** It names a herb but no product (its product, if any, is the herb's default one). */
  herbOnly: boolean;
}

function resolve(lines: readonly SafetyLine[], facts: SafetyFacts): Resolved[] {
  const herbs = new Map(facts.herbs.map((h) => [h.herb_id, h]));
  const products = new Map(facts.products.map((p) => [p.dispensary_product_id, p]));
  const resolved: Resolved[] = [];
  lines.forEach((line, index) => {
    const product = products.get(idOf(line.prescription_line_dispensary_product_id) ?? 0) ?? null;
    const herbId =
      idOf(line.prescription_line_herb_id) ?? product?.dispensary_product_herb_id ?? null;
    const herb = herbs.get(herbId ?? 0) ?? null;
    const named = idOf(line.prescription_line_herb_id) ?? product;
    if (!named) return; // a new line that names nothing yet
    const quantity = amountOf(line.prescription_line_quantity);
    const kind = line.prescription_line_unit_kind === 'weight' ? 'weight' : 'volume';
    const herbOnly = idOf(line.prescription_line_dispensary_product_id) === null;
    // A line of only a herb is dispensed from the herb's default product (dispensable-lines.ts).
    const taken =
      herbOnly && herbId !== null
        ? defaultProduct(herbId, kind, quantity, facts.herb_products ?? [], facts.today)
        : null;
    // One product is one object, whichever way the lines reach it (their stock is summed).
    const same = taken && (products.get(taken.dispensary_product_id) ?? taken);
    resolved.push({ line: index + 1, herb, product: product ?? same, quantity, kind, herbOnly });
  });
  return resolved;
}

/** Whole years between an ISO date of birth and an ISO day. */
function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.slice(0, 10).split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** "30 ml over 10 days = 3 ml a day; Valerian's range is 0.5–2 ml a day." (or null when within). */
function doseWarning(
  herb: SafetyHerb,
  mine: readonly Resolved[],
  days: number,
  system: UnitSystem,
): string | null {
  const kind = herb.herb_dose_unit_kind === 'weight' ? 'weight' : 'volume';
  const { herb_dose_min: min, herb_dose_max: max } = herb;
  if (min === null && max === null) return null;
  const total = mine.filter((r) => r.kind === kind).reduce((sum, r) => sum + r.quantity, 0);
  if (total === 0) return null;
  const daily = total / days;
  const low = min !== null && daily < min - 1e-9;
  const high = max !== null && daily > max + 1e-9;
  if (!low && !high) return null;
  const [totalText, dailyText, minText, maxText] = formatQuantities(
    [total, daily, min, max],
    kind,
    system,
  );
  const range =
    min !== null && max !== null
      ? `${(minText ?? '').replace(/ \S+$/, '')}–${maxText}`
      : min !== null
        ? `at least ${minText}`
        : `at most ${maxText}`;
  const over = `${totalText} over ${days} ${days === 1 ? 'day' : 'days'} = ${dailyText} a day`;
  return `${high ? 'Above' : 'Below'} the dose range: ${over}; ${herb.herb_name}'s range is ${range} a day.`;
}

/** The warnings of the herb's cautions against the patient's record. */
function cautionWarnings(herb: SafetyHerb, facts: SafetyFacts): [SafetyWarningKind, string][] {
  const patient = facts.patient;
  if (!patient) return [];
  const name = herb.herb_name;
  const found: [SafetyWarningKind, string][] = [];
  if (herb.herb_caution_pregnancy && patient.patient_pregnant) {
    found.push(['pregnancy', `${name}: avoid in pregnancy; the patient is pregnant.`]);
  }
  if (herb.herb_caution_lactation && patient.patient_breastfeeding) {
    found.push(['lactation', `${name}: avoid while breastfeeding; the patient is breastfeeding.`]);
  }
  if (herb.herb_caution_min_age !== null && patient.patient_dob) {
    const age = ageOn(patient.patient_dob, facts.today);
    if (age < herb.herb_caution_min_age) {
      found.push([
        'children',
        `${name}: not for children under ${herb.herb_caution_min_age}; the patient is ${age}.`,
      ]);
    }
  }
  for (const condition of patient.conditions) {
    if (herb.caution_condition_ids.includes(condition.id)) {
      found.push(['condition', `${name}: avoid with ${condition.name}, on the patient's record.`]);
    }
  }
  for (const drug of patient.medications) {
    if (herb.caution_drug_class_ids.includes(drug.id)) {
      found.push(['medication', `${name}: interacts with ${drug.name}, which the patient takes.`]);
    }
  }
  return found;
}

/** Expired stock on the shelf, and usable stock short of what the lines of the product need. */
function stockWarnings(
  product: SafetyProduct,
  needed: number,
  kind: UnitKind,
  today: string,
  system: UnitSystem,
): [SafetyWarningKind, string][] {
  const found: [SafetyWarningKind, string][] = [];
  const name = product.dispensary_product_name;
  const held = product.batches.filter((b) => b.batch_quantity > 0);
  const expired = held.filter((b) => b.batch_expiry !== null && b.batch_expiry < today);
  for (const batch of expired) {
    found.push([
      'expired',
      `${name}: batch ${batch.batch_name} expired on ${displayDate(batch.batch_expiry as string)}; it will not be dispensed.`,
    ]);
  }
  const usable = held
    .filter((b) => !expired.includes(b))
    .reduce((sum, b) => sum + b.batch_quantity, 0);
  if (usable < needed - 1e-9) {
    const [left, wanted] = formatQuantities([usable, needed], kind, system);
    found.push(['out_of_stock', `Not enough ${name} in stock: ${left} usable, ${wanted} needed.`]);
  }
  return found;
}

/** Every open warning of the formula, in line order (the formula's own first). */
export function prescriptionWarnings(
  lines: readonly SafetyLine[],
  prescription: SafetyPrescription,
  facts: SafetyFacts,
  system: UnitSystem,
): SafetyWarning[] {
  const resolved = resolve(lines, facts);
  if (resolved.length === 0) {
    return [
      { kind: 'empty', line: null, text: 'Empty formula: add a herb or a dispensary product.' },
    ];
  }
  const warnings: SafetyWarning[] = [];
  const add = (line: number, [kind, text]: [SafetyWarningKind, string]) =>
    warnings.push({ kind, line, text });
  const days = idOf(prescription.prescription_days);
  const firstOf = new Map<number, Resolved>();
  const stocked = new Set<SafetyProduct>();
  for (const r of resolved) {
    const product = r.product;
    if (product && !stocked.has(product)) {
      // All the lines of one product draw on its batches together.
      stocked.add(product);
      const needed = resolved
        .filter((o) => o.product === product)
        .reduce((sum, o) => sum + o.quantity, 0);
      for (const found of stockWarnings(product, needed, r.kind, facts.today, system)) {
        add(r.line, found);
      }
    }
    // The same herb twice, directly or through products (a product of no herb may repeat).
    const dispensable = { ...r, herbName: r.herb?.herb_name ?? null };
    const resolvable = facts.herb_products !== undefined;
    for (const found of dispensableFindings(dispensable, resolvable)) add(r.line, found);
    const herb = r.herb;
    if (!herb) continue;
    const first = firstOf.get(herb.herb_id);
    if (first) {
      add(r.line, ['duplicate', `${herb.herb_name} is also on line ${first.line}.`]);
      continue;
    }
    firstOf.set(herb.herb_id, r);
    const mine = resolved.filter((o) => o.herb?.herb_id === herb.herb_id);
    const dose = days ? doseWarning(herb, mine, days, system) : null;
    if (dose) add(r.line, ['dose', dose]);
    for (const found of cautionWarnings(herb, facts)) add(r.line, found);
    for (const found of allergyWarnings(herb, facts)) add(r.line, found);
  }
  return warnings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
