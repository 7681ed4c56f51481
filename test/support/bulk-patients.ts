/**
 * Patients in bulk, as the owner: one `insert … select generate_series` per half of the given
 * companies, names drawn like a real clinic's. Secondary indexes are dropped for the load and
 * rebuilt after it (as a restore does), and each company's id sequence is set past its seeded ids.
 * The scale benches load a million patients with it; the search tests a few thousand.
 */
import pg from 'pg';
import * as people from '../../src/server/seed/data/people';

/** More first names than the demo's, so that 3-letter searches match like a real clinic's. */
// prettier-ignore
const MORE_FEMALE_NAMES = [
  'Abigail', 'Agnes', 'Alexandra', 'Anna', 'Annabel', 'Beatrice', 'Bridget', 'Caroline', 'Chloe',
  'Daisy', 'Deborah', 'Diana', 'Dorothy', 'Eva', 'Felicity', 'Gemma', 'Georgia', 'Imogen', 'Jane',
  'Jennifer', 'Julia', 'Karen', 'Katie', 'Laura', 'Lucy', 'Maisie', 'Mary', 'Matilda', 'Megan',
  'Molly', 'Naomi', 'Nicola', 'Patricia', 'Phoebe', 'Rebecca', 'Rosie', 'Scarlett', 'Sophie',
  'Tessa', 'Victoria', 'Yasmin', 'Zoe',
];
// prettier-ignore
const MORE_MALE_NAMES = [
  'Adam', 'Aidan', 'Alan', 'Alexander', 'Anthony', 'Ben', 'Brian', 'Christopher', 'Colin',
  'Dominic', 'Dylan', 'Ethan', 'Finley', 'Frederick', 'Gavin', 'Graham', 'Ian', 'Isaac', 'Jamal', 'Jonathan', 'Kevin', 'Liam', 'Lewis', 'Luke', 'Mark',
  'Martin', 'Nathan', 'Neil', 'Nicholas', 'Owen', 'Paul', 'Raj', 'Reuben', 'Ryan', 'Sebastian',
  'Simon', 'Theo', 'Timothy', 'Tobias', 'Tom', 'Vikram', 'Wei', 'Yusuf', 'Zachary',
];

/** English place-name surnames (Ashley, Thornton, Whitby…): the long tail after the common ones. */
// prettier-ignore
const SURNAME_STARTS = [
  'Ash', 'Black', 'Brad', 'Bright', 'Brook', 'Bur', 'Cald', 'Chad', 'Cran', 'Dal', 'Dun', 'Ed',
  'Fair', 'Fern', 'Gold', 'Hal', 'Hart', 'Hay', 'Hol', 'Kings', 'Lang', 'Lind', 'Marsh', 'Mid',
  'Nor', 'Oak', 'Pen', 'Red', 'Ros', 'Rad', 'Shel', 'Stan', 'Sut', 'Thorn', 'Wake', 'Wal', 'West',
  'Whit', 'Win', 'Wood', 'Ather', 'Sel',
];
// prettier-ignore
const SURNAME_ENDS = [
  'ley', 'ton', 'by', 'ford', 'field', 'wood', 'worth', 'well', 'ham', 'more', 'bridge', 'combe',
  'dale', 'hurst', 'stone', 'wick', 'shaw', 'land', 'brook', 'den',
];
const LONG_TAIL = SURNAME_STARTS.flatMap((start) => SURNAME_ENDS.map((end) => start + end));

const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'post.example'];

const pickSql = (list: string, r: string) =>
  `(${list})[1 + floor(${r} * cardinality(${list}))::int]`;

/**
 * One statement for a set of companies. Random draws happen in the inner select (volatile
 * functions keep it from being flattened, so each row draws its own); the outer one composes.
 */
const INSERT_SQL = `
insert into patients (company_id, patient_id, patient_title, patient_first_name, patient_last_name,
  patient_dob, patient_sex, patient_gender, patient_occupation, patient_email, patient_phone,
  patient_mobile, patient_preferred_contact, patient_address_line1, patient_city, patient_county,
  patient_postcode, patient_country_id, patient_reference_number)
select company_id, id,
  case when female then (array['Ms','Mrs','Miss','Dr'])[1 + floor(r1 * 4)::int]
       else (array['Mr','Mr','Dr'])[1 + floor(r1 * 3)::int] end,
  first_name, last_name,
  date '1930-01-01' + floor(r2 * 32000)::int,
  case when female then 'Female' else 'Male' end,
  case when r3 < 0.03 then 'Binary' when female then 'Female' else 'Male' end,
  ${pickSql('$6::text[]', 'r4')},
  lower(regexp_replace(first_name, '[^A-Za-z]', '', 'g')) || '.' ||
    lower(regexp_replace(last_name, '[^A-Za-z]', '', 'g')) || (floor(r5 * 99) + 1)::int || '@' ||
    ${pickSql('$7::text[]', 'r6')},
  case when r3 < 0.6 then '01632 960' || lpad(floor(r7 * 1000)::int::text, 3, '0') else '' end,
  '07700 900' || lpad(floor(r8 * 1000)::int::text, 3, '0'),
  (array['Email','Email','Mobile','Home_Phone','WhatsApp'])[1 + floor(r9 * 5)::int],
  (1 + floor(r10 * 180)::int) || ' ' || ${pickSql('$8::text[]', 'r11')},
  town, county,
  area || (1 + floor(r12 * 30)::int) || ' ' || (1 + floor(r13 * 9)::int) ||
    substr('ABDEFGHJLNPQRSTUWXYZ', 1 + floor(r7 * 20)::int, 1) ||
    substr('ABDEFGHJLNPQRSTUWXYZ', 1 + floor(r8 * 20)::int, 1),
  country_id,
  'P' || lpad(id::text, 6, '0')
from (
  select c.company_id, c.first_id + g.n as id, c.country_id, random() < 0.56 as female,
    random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
    random() r8, random() r9, random() r10, random() r11, random() r12, random() r13,
    random() rf, random() rl, random() rt
  from unnest($1::bigint[], $2::bigint[], $3::int[]) as c0(company_id, first_id, n_rows)
  cross join lateral (select c0.*, (select x.country_id from countries x
    where x.company_id = c0.company_id and x.country_code = 'GB') as country_id) c
  cross join lateral generate_series(0, c.n_rows - 1) g(n)
) d
cross join lateral (select
  case when d.female then $4::text[] else $5::text[] end as first_names,
  ${pickSql('$9::text[]', 'd.rt')} as place) pl
cross join lateral (select
  ${pickSql('pl.first_names', 'd.rf')} as first_name,
  case when d.rl < 0.4 then ${pickSql('$10::text[]', 'd.rl / 0.4')}
       else ${pickSql('$11::text[]', '(d.rl - 0.4) / 0.6')} end as last_name,
  split_part(pl.place, '|', 1) as town, split_part(pl.place, '|', 2) as county,
  split_part(pl.place, '|', 3) as area) n`;

interface Batch {
  companyIds: number[];
  firstIds: number[];
  counts: number[];
}

function insertParams(batch: Batch): unknown[] {
  return [
    batch.companyIds,
    batch.firstIds,
    batch.counts,
    [...people.FEMALE_NAMES, ...MORE_FEMALE_NAMES],
    [...people.MALE_NAMES, ...MORE_MALE_NAMES],
    people.OCCUPATIONS,
    DOMAINS,
    people.STREETS,
    people.TOWNS.map(([town, county, area]) => `${town}|${county}|${area}`),
    people.LAST_NAMES,
    LONG_TAIL,
  ];
}

interface SeedTarget {
  /** company id → patients it already has (the demo clinic's 200) */
  existing: Map<number, number>;
  companies: number[];
  counts: number[];
}

/** Writes the patients, rebuilds the indexes and moves the id sequences on. */
export async function seedPatients(ownerUrl: string, target: SeedTarget): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  try {
    const indexes = await owner.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename = 'patients' and indexname <> 'patients_pkey'`,
    );
    for (const index of indexes.rows) await owner.query(`drop index ${index.name}`);
    const halves: Batch[] = [
      { companyIds: [], firstIds: [], counts: [] },
      { companyIds: [], firstIds: [], counts: [] },
    ];
    target.companies.forEach((company, i) => {
      const have = target.existing.get(company) ?? 0;
      const batch = halves[i % 2]!;
      batch.companyIds.push(company);
      batch.firstIds.push(have + 1);
      batch.counts.push(target.counts[i]! - have);
    });
    await Promise.all(halves.map((batch, i) => insertHalf(ownerUrl, batch, i)));
    // Two builders at a time: one per core.
    const queue = [...indexes.rows];
    await Promise.all(
      [0, 1].map(async () => {
        const client = new pg.Client({ connectionString: ownerUrl });
        await client.connect();
        await client.query(`set maintenance_work_mem = '512MB'`);
        for (let next = queue.shift(); next; next = queue.shift()) {
          await client.query(next.definition);
        }
        await client.end();
      }),
    );
    await owner.query(
      `select setval(format('tenant_seq.%I', 'patients_' || c.id), c.last_id)
       from unnest($1::bigint[], $2::bigint[]) c(id, last_id)`,
      [target.companies, target.counts],
    );
    // What autovacuum would do soon after such a load: statistics, and the visibility map that
    // lets index-only scans skip the table.
    await owner.query('vacuum (analyze) patients');
  } finally {
    await owner.end();
  }
}

async function insertHalf(ownerUrl: string, batch: Batch, seed: number): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    // The per-row id trigger and foreign-key triggers are skipped: ids are given and checked here.
    await client.query(`set session_replication_role = replica`);
    await client.query(`set work_mem = '64MB'`);
    await client.query('select setseed($1)', [0.25 + seed / 4]);
    // Sequences are created on a company's first insert; make sure each one exists.
    for (const id of batch.companyIds) {
      await client.query(`create sequence if not exists tenant_seq.patients_${Number(id)}`);
    }
    await client.query(INSERT_SQL, insertParams(batch));
  } finally {
    await client.end();
  }
}

/**
 * Adds `counts[i]` patients to each of `companies` through the ordinary path — triggers on, so
 * ids and row versions are written as the application writes them — with names
 * drawn from `seed`, so a test sees the same patients every run. For thousands, not millions.
 */
export async function addPatients(
  ownerUrl: string,
  companies: readonly number[],
  counts: readonly number[],
  seed: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const existing = await client.query<{ company_id: string; last: string }>(
      `select company_id, coalesce(max(patient_id), 0) as last from patients
       where company_id = any($1::bigint[]) group by company_id`,
      [companies],
    );
    const last = new Map(existing.rows.map((r) => [Number(r.company_id), Number(r.last)]));
    await client.query('select setseed($1)', [seed]);
    for (const [i, company] of companies.entries()) {
      // The id trigger writes only inside the company the transaction is bound to.
      await client.query(`select set_config('app.company_id', $1, false)`, [String(company)]);
      const batch = { companyIds: [company], firstIds: [(last.get(company) ?? 0) + 1] };
      await client.query(INSERT_SQL, insertParams({ ...batch, counts: [counts[i]!] }));
    }
    // What autoanalyze would do soon after such a load: without it a test's plans depend on when
    // autoanalyze happens to run (statistics that do not know the company yet make reading all
    // of its rows look cheap).
    await client.query('analyze patients');
  } finally {
    await client.end();
  }
}

/**
 * `count` patients for one company in one statement with triggers off, as seedPatients writes
 * them, but with every index kept (other test files share the table meanwhile): for tests that
 * read the rows whole (an export). 100,000
 * take seconds, where the ordinary path (addPatients) takes minutes.
 */
export async function loadPatients(ownerUrl: string, company: number, count: number) {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ last: string }>(
      `select coalesce(max(patient_id), 0) as last from patients where company_id = $1`,
      [company],
    );
    const last = Number(rows[0]?.last ?? 0);
    await client.query(`set session_replication_role = replica`);
    await client.query('select setseed(0.5)');
    await client.query(`create sequence if not exists tenant_seq.patients_${Number(company)}`);
    await client.query(
      INSERT_SQL,
      insertParams({ companyIds: [company], firstIds: [last + 1], counts: [count] }),
    );
    await client.query(`select setval(format('tenant_seq.%I', 'patients_' || $1::bigint), $2)`, [
      company,
      last + count,
    ]);
    await client.query('analyze patients');
  } finally {
    await client.end();
  }
}
