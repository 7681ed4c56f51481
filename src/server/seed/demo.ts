/**
 * The demo clinic's materia medica and reference lists: conditions, symptoms, diseases, organs,
 * specialisms and locations; the herbs with their parts, actions and uses; a dispensary stocked
 * from them; a few retail products; letter snippets. Patients, prescriptions and letters follow
 * in ./demo-patients.ts. Deterministic: every demo clinic is the same.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTenant, type Tx } from '../db/tenancy';
import {
  CONDITIONS,
  DISEASES,
  HERB_USES,
  LOCATIONS,
  ORGANS,
  SPECIALISMS,
  SYMPTOMS,
} from './data/clinical-lists';
import { allergyHerbPairs } from './data/allergy-groups';
import { CAUTION_CONDITIONS, HERB_SAFETY } from './data/herb-safety';
import { HERB_TRADITIONS, HERBS } from './data/herbs';
import { SNIPPETS } from './data/snippets';
import { seedDispensary, seedSubcategories } from './demo-dispensary';
import { seedDiary } from './demo-diary';
import { seedPatients } from './demo-patients';
import { idsOf, insertRows, randomSource } from './insert';
import { sql } from 'kysely';
import { PRODUCT_MODULE } from '../../shared/module-entry';

/** Id lookups by name for a table the company seed or this seed filled. */
async function namesToIds(trx: Tx, companyId: number, table: string, id: string, name: string) {
  const rows = await sql<{
    id: number;
    name: string;
  }>`select ${sql.ref(id)} as id, ${sql.ref(name)} as name
    from ${sql.table(table)} where company_id = ${companyId}`.execute(trx);
  return new Map(rows.rows.map((r) => [r.name, r.id]));
}

async function seedLists(trx: Tx, companyId: number) {
  const list = (table: string, base: string, names: readonly string[]) =>
    insertRows(
      trx,
      companyId,
      table,
      names.map((n) => ({ [`${base}_name`]: n })),
      { key: `${base}_name`, id: `${base}_id` },
    );
  return {
    conditions: await list('conditions', 'condition', [...CONDITIONS, ...CAUTION_CONDITIONS]),
    symptoms: await list('symptoms', 'symptom', SYMPTOMS),
    specialisms: await list('specialisms', 'specialism', SPECIALISMS),
    diseases: await insertRows(
      trx,
      companyId,
      'diseases',
      DISEASES.map(([n, code]) => ({ disease_name: n, disease_icd10_code: code })),
      { key: 'disease_name', id: 'disease_id' },
    ),
    organs: await insertRows(
      trx,
      companyId,
      'organs',
      ORGANS.map(([n, system]) => ({ organ_name: n, organ_system: system })),
      { key: 'organ_name', id: 'organ_id' },
    ),
  };
}

async function link(
  trx: Tx,
  companyId: number,
  table: string,
  own: string,
  other: string,
  pairs: Array<[number, number]>,
) {
  await insertRows(
    trx,
    companyId,
    table,
    pairs.map(([a, b]) => ({ [own]: a, [other]: b })),
  );
}

async function seedHerbs(
  trx: Tx,
  companyId: number,
  lists: Awaited<ReturnType<typeof seedLists>>,
  categories: Map<string, number>,
) {
  const herbs = await insertRows(
    trx,
    companyId,
    'herbs',
    HERBS.map((h) => ({
      herb_name: h.name,
      herb_latin_name: h.latin,
      herb_family: h.family,
      herb_indications: h.indications,
      herb_cautions: h.cautions,
      herb_category_id: categories.get(HERB_TRADITIONS[h.name] ?? 'Western') ?? null,
      herb_caution_pregnancy: HERB_SAFETY[h.name]?.pregnancy ? 1 : 0,
      herb_caution_lactation: HERB_SAFETY[h.name]?.lactation ? 1 : 0,
      herb_caution_min_age: HERB_SAFETY[h.name]?.minAge ?? null,
    })),
    { key: 'herb_name', id: 'herb_id' },
  );
  const parts = await namesToIds(trx, companyId, 'partuseds', 'partused_id', 'partused_name');
  const actions = await namesToIds(trx, companyId, 'actions', 'action_id', 'action_name');
  const pairs = (
    names: (h: (typeof HERBS)[number]) => readonly string[] | undefined,
    ids: Map<string, number>,
    what: string,
  ) =>
    HERBS.flatMap((h) =>
      idsOf(ids, names(h) ?? [], what).map((id): [number, number] => [
        herbs.get(h.name) as number,
        id,
      ]),
    );
  const uses = (h: (typeof HERBS)[number]) => HERB_USES[h.name];
  const safety = (h: (typeof HERBS)[number]) => HERB_SAFETY[h.name];
  const drugClasses = await namesToIds(
    trx,
    companyId,
    'drug_classes',
    'drug_class_id',
    'drug_class_name',
  );
  await link(
    trx,
    companyId,
    'herb_caution_conditions',
    'herb_id',
    'condition_id',
    pairs((h) => safety(h)?.conditions, lists.conditions, 'condition'),
  );
  await link(
    trx,
    companyId,
    'herb_caution_drug_classes',
    'herb_id',
    'drug_class_id',
    pairs((h) => safety(h)?.drugs, drugClasses, 'drug class'),
  );
  // The starting allergies cover the demo herbs of their family or chemical group.
  const allergies = await namesToIds(trx, companyId, 'allergies', 'allergy_id', 'allergy_name');
  await link(
    trx,
    companyId,
    'herb_allergies',
    'herb_id',
    'allergy_id',
    allergyHerbPairs(HERBS).map(([allergy, herb]): [number, number] => [
      herbs.get(herb) as number,
      idsOf(allergies, [allergy], 'allergy')[0] as number,
    ]),
  );
  await link(
    trx,
    companyId,
    'herb_partuseds',
    'herb_id',
    'partused_id',
    pairs((h) => h.parts, parts, 'part used'),
  );
  await link(
    trx,
    companyId,
    'herb_actions',
    'herb_id',
    'action_id',
    pairs((h) => h.actions, actions, 'action'),
  );
  await link(
    trx,
    companyId,
    'herb_conditions',
    'herb_id',
    'condition_id',
    pairs((h) => uses(h)?.conditions, lists.conditions, 'condition'),
  );
  await link(
    trx,
    companyId,
    'herb_symptoms',
    'herb_id',
    'symptom_id',
    pairs((h) => uses(h)?.symptoms, lists.symptoms, 'symptom'),
  );
  await link(
    trx,
    companyId,
    'herb_organs',
    'herb_id',
    'organ_id',
    pairs((h) => uses(h)?.organs, lists.organs, 'organ'),
  );
  await link(
    trx,
    companyId,
    'herb_specialisms',
    'herb_id',
    'specialism_id',
    pairs((h) => uses(h)?.specialisms, lists.specialisms, 'specialism'),
  );
  return herbs;
}

export async function seedDemo(db: Kysely<DB>, companyId: number): Promise<void> {
  await inTenant(db, companyId, async (trx) => {
    const random = randomSource(20_240_601);
    const lists = await seedLists(trx, companyId);
    const countries = await namesToIds(trx, companyId, 'countries', 'country_id', 'country_code');
    await insertRows(
      trx,
      companyId,
      'locations',
      LOCATIONS.map((l, index) => ({
        location_name: l.name,
        location_order: index + 1,
        location_address_line1: l.line1,
        location_city: l.city,
        location_postcode: l.postcode,
        location_phone: l.phone,
        location_country_id: l.city ? (countries.get('GB') ?? null) : null,
      })),
    );
    // The main clinic's address and phone head its letters, prescriptions and labels.
    const main = LOCATIONS[0]!;
    const contact = {
      clinic_address: `${main.line1}, ${main.city} ${main.postcode}`,
      clinic_phone: main.phone,
    };
    await sql`update modules set module_settings = module_settings || ${JSON.stringify(contact)}::jsonb
      where company_id = ${companyId} and module_name = ${PRODUCT_MODULE}`.execute(trx);
    const categories = await seedSubcategories(trx, companyId);
    const herbs = await seedHerbs(trx, companyId, lists, categories);
    const products = await seedDispensary(trx, companyId, herbs, categories, random);
    await insertRows(
      trx,
      companyId,
      'snippets',
      SNIPPETS.map(([name, body], index) => ({
        snippet_name: name,
        snippet_body: body,
        snippet_order: index + 1,
      })),
    );
    await seedPatients(trx, companyId, { random, lists, products, countries });
    await seedDiary(trx, companyId);
  });
}
