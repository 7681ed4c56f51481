/**
 * Demo patients (200, generated deterministically with UK-style addresses), their conditions
 * and symptoms, prescriptions of dispensary tinctures with lines and prices, and letters written
 * from the snippets with their merge fields filled in.
 */
import { sql } from 'kysely';
import { currencyByCode, DEFAULT_CURRENCY, type Currency } from '../../shared/currencies';
import { displayDate, fillMergeFields } from '../../shared/entities/merge-fields';
import { prescriptionTotals } from '../../shared/prescription-totals';
import type { Tx } from '../db/tenancy';
import { LETTERS, SNIPPETS } from './data/snippets';
import { ONE_SEX_ONLY } from './data/clinical-lists';
import * as people from './data/people';
import type { DemoProduct } from './demo-dispensary';
import { insertRows, type Random, type SeedRow } from './insert';

const DEMO_PATIENTS = 200;
/**
 * Demo dates count back from the day the demo clinic is made, so that today's screens (the
 * dashboard, the diary's due-for-review list) show recent records; the records themselves are
 * the same in every demo clinic.
 */
const BASE_DAY = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate(),
);

interface Context {
  random: Random;
  lists: { conditions: Map<string, number>; symptoms: Map<string, number> };
  products: DemoProduct[];
  countries: Map<string, number>;
}

const isoDay = (daysBack: number) =>
  new Date(BASE_DAY - daysBack * 86_400_000).toISOString().slice(0, 10);
const ascii = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

function patientRow(
  r: Random,
  index: number,
  c: Context,
  locationIds: number[],
  categories: Map<string, number>,
): SeedRow {
  const female = r.chance(0.56);
  const first = r.pick(female ? people.FEMALE_NAMES : people.MALE_NAMES);
  const last = r.pick(people.LAST_NAMES);
  const [town, county, area, districts] = r.pick(people.TOWNS);
  const letters = people.INWARD_LETTERS;
  const postcode = `${area}${r.pick(districts)} ${r.int(1, 9)}${letters[r.int(0, letters.length - 1)]}${letters[r.int(0, letters.length - 1)]}`;
  const born = `${r.int(1938, 2016)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
  return {
    patient_title: r.pick(female ? people.TITLES_FEMALE : people.TITLES_MALE),
    patient_first_name: first,
    patient_last_name: last,
    patient_dob: born,
    patient_sex: female ? 'Female' : 'Male',
    patient_gender: r.chance(0.03) ? 'Binary' : female ? 'Female' : 'Male',
    patient_occupation: r.pick(people.OCCUPATIONS),
    patient_email: `${ascii(first)}.${ascii(last)}${r.int(1, 99)}@example.${r.pick(['com', 'org', 'net'])}`,
    patient_phone: r.chance(0.6) ? `01632 960${String(r.int(0, 999)).padStart(3, '0')}` : '',
    patient_mobile: `07700 900${String(r.int(0, 999)).padStart(3, '0')}`,
    patient_preferred_contact: r.pick(['Email', 'Email', 'Mobile', 'Home_Phone', 'WhatsApp']),
    patient_address_line1: `${r.int(1, 180)} ${r.pick(people.STREETS)}`,
    patient_city: town,
    patient_county: county,
    patient_postcode: postcode,
    patient_country_id: c.countries.get('GB') ?? null,
    patient_location_id: r.pick(locationIds),
    patient_reference_number: `P${String(index + 1).padStart(5, '0')}`,
    patient_category_id: categories.get(r.chance(0.85) ? 'Active' : 'Archived') ?? null,
    patient_notes: r.chance(0.3) ? 'Prefers appointments in the morning.' : '',
  };
}

/** The ids of a list's names a patient of this sex may have (see ONE_SEX_ONLY). */
const forSex = (names: Map<string, number>, sex: unknown): number[] =>
  [...names].filter(([name]) => (ONE_SEX_ONLY[name] ?? sex) === sex).map(([, id]) => id);

async function nextId(trx: Tx, companyId: number, table: string, id: string): Promise<number> {
  const result = await sql<{
    next: number;
  }>`select coalesce(max(${sql.ref(id)}), 0)::int + 1 as next
    from ${sql.table(table)} where company_id = ${companyId}`.execute(trx);
  return result.rows[0]?.next ?? 1;
}

async function lookup(trx: Tx, query: ReturnType<typeof sql<{ id: number; name: string }>>) {
  return new Map((await query.execute(trx)).rows.map((row) => [row.name, row.id]));
}

export async function seedPatients(trx: Tx, companyId: number, c: Context): Promise<void> {
  const r = c.random;
  const locations = [
    ...(
      await lookup(
        trx,
        sql`select location_id as id, location_name as name from locations where company_id = ${companyId}`,
      )
    ).values(),
  ];
  const categories = await lookup(
    trx,
    sql`select category_id as id, category_label as name from categories where company_id = ${companyId}`,
  );
  const rows = Array.from({ length: DEMO_PATIENTS }, (_, i) =>
    patientRow(r, i, c, locations.slice(0, 3), categories),
  );
  const patients = await insertRows(trx, companyId, 'patients', rows, {
    key: 'patient_reference_number',
    id: 'patient_id',
  });
  const byRef = new Map(rows.map((row) => [String(row.patient_reference_number), row]));
  const bySex = [...patients.entries()].map(([ref, id]) => ({
    id,
    sex: byRef.get(ref)?.patient_sex,
  }));
  await insertRows(
    trx,
    companyId,
    'patient_conditions',
    bySex.flatMap(({ id, sex }) =>
      r
        .some(forSex(c.lists.conditions, sex), 0, 3)
        .map((other) => ({ patient_id: id, condition_id: other })),
    ),
  );
  await insertRows(
    trx,
    companyId,
    'patient_symptoms',
    bySex.flatMap(({ id, sex }) =>
      r
        .some(forSex(c.lists.symptoms, sex), 0, 4)
        .map((other) => ({ patient_id: id, symptom_id: other })),
    ),
  );

  const tinctures = c.products.filter((p) => p.kind === 'volume');
  const prescriptions: SeedRow[] = [];
  const lines: SeedRow[] = [];
  let prescriptionId = await nextId(trx, companyId, 'prescriptions', 'prescription_id');
  for (const [ref, patientId] of [...patients.entries()].slice(0, 110)) {
    const patient = byRef.get(ref) as SeedRow;
    for (let n = r.int(1, 2); n > 0; n--) {
      const daysBack = r.int(0, 700);
      const chosen = r.some(tinctures, 3, 5);
      const quantities = chosen.map(() => r.int(3, 12) * 5);
      const prices = chosen.map(
        (p, i) => Math.round(((quantities[i] as number) / 100) * p.price * 100) / 100,
      );
      // Picked in the same order as before, so the demo clinic's other data stays as it was.
      const perDose = r.pick([5, 5, 7.5, 10]);
      const times = r.pick([2, 3]);
      prescriptions.push({
        prescription_id: prescriptionId,
        prescription_name: `${String(patient.patient_last_name)}, ${String(patient.patient_first_name)}, ${displayDate(isoDay(daysBack))}`,
        prescription_patient_id: patientId,
        prescription_date: isoDay(daysBack),
        prescription_user_id: 1,
        prescription_form: 'tincture',
        prescription_dose_instructions: `${perDose} ml ${times === 2 ? 'twice' : 'three times'} a day in a little water`,
        prescription_daily_dose: perDose * times,
        prescription_days: r.pick([14, 21, 28]),
        prescription_status: daysBack > 30 || r.chance(0.3) ? 'dispensed' : 'draft',
        // The shared routine, as save_lines would store it (the demo clinic starts in pounds).
        prescription_total_price: prescriptionTotals(
          prices.map((price) => ({ prescription_line_price: price })),
          currencyByCode(DEFAULT_CURRENCY) as Currency,
        ).price,
      });
      chosen.forEach((product, i) =>
        lines.push({
          prescription_id: prescriptionId,
          prescription_line_order: i + 1,
          prescription_line_dispensary_product_id: product.id,
          prescription_line_quantity: quantities[i] as number,
          prescription_line_unit_kind: 'volume',
          prescription_line_price: prices[i] as number,
        }),
      );
      prescriptionId++;
    }
  }
  await insertRows(trx, companyId, 'prescriptions', prescriptions);
  await insertRows(trx, companyId, 'prescription_lines', lines);
  await seedLetters(trx, companyId, r, [...patients.entries()].slice(0, 50), byRef);
}

async function seedLetters(
  trx: Tx,
  companyId: number,
  r: Random,
  patients: Array<[string, number]>,
  byRef: Map<string, SeedRow>,
) {
  const company = await sql<{
    name: string;
  }>`select company_name as name from companies where company_id = ${companyId}`.execute(trx);
  const user = await sql<Record<string, unknown>>`select user_first_name, user_last_name from users
    where company_id = ${companyId} and user_id = 1`.execute(trx);
  const snippetIds = await lookup(
    trx,
    sql`select snippet_id as id, snippet_name as name from snippets where company_id = ${companyId}`,
  );
  const bodies = new Map(SNIPPETS);
  const letters: SeedRow[] = [];
  const links: SeedRow[] = [];
  let letterId = await nextId(trx, companyId, 'patientletters', 'patientletter_id');
  for (const [ref, patientId] of patients) {
    const [subject, parts] = r.pick(LETTERS);
    const date = isoDay(r.int(0, 365));
    const values = {
      patient: byRef.get(ref),
      user: user.rows[0],
      company: { company_name: company.rows[0]?.name ?? '' },
      today: date,
    };
    letters.push({
      patientletter_id: letterId,
      patientletter_name: subject,
      patientletter_patient_id: patientId,
      patientletter_date: date,
      patientletter_user_id: 1,
      patientletter_body: parts
        .map((name) => fillMergeFields(bodies.get(name) ?? '', values))
        .join('\n'),
    });
    for (const name of parts)
      links.push({ patientletter_id: letterId, snippet_id: snippetIds.get(name) ?? null });
    letterId++;
  }
  await insertRows(trx, companyId, 'patientletters', letters);
  await insertRows(trx, companyId, 'patientletter_snippets', links);
}
