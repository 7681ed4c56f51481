/**
 * The search at work on a few thousand patients, held against its definition: for a random
 * sample of terms and companies, every page, count and typeahead the API answers equals a plain
 * ILIKE scan run by the owner over the search columns — rows and order. And a row's writes are
 * found at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients } from '../../src/shared/entities/patients';
import { addPatients } from '../support/bulk-patients';
import { newCompany, type TestCompany } from '../support/api';
import { adminToken } from '../support/users';
import { useTestServer } from '../support/test-env';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ company: false });

/** Companies of different sizes: past a page, many pages, and a small one. */
const SIZES = [2600, 1700, 300];
const SAMPLE = 45;

let owner: pg.Pool;
type TextRow = Record<string, string | null>;
const clinics: { company: TestCompany; call: Caller; rows: TextRow[] }[] = [];

beforeAll(async () => {
  owner = new pg.Pool({ connectionString: env.server.database.ownerUrl, max: 2 });
  const made = await Promise.all(SIZES.map((_, i) => newCompany(env.server, `Search ${i}`)));
  await addPatients(
    env.server.database.ownerUrl,
    made.map((c) => c.companyId),
    SIZES,
    0.42,
  );
  for (const company of made) {
    const call = callerFor(env.server, company, await adminToken(env.server, company));
    // Words past the term length, letters outside ASCII, a separator-free oddity.
    for (const values of [
      { patient_first_name: 'Émile', patient_last_name: 'Zola', patient_postcode: 'GL5 2ZZ' },
      { patient_first_name: 'Maximiliana', patient_last_name: 'Featherstonehaugh' },
      { patient_first_name: 'Søren', patient_last_name: 'Kierkegaard', patient_dob: '1913-05-05' },
    ]) {
      expect((await call('patients/insert', values)).result).toBe(true);
    }
    const rows = await owner.query<TextRow>(
      `select patient_first_name, patient_last_name, patient_email, patient_postcode,
         patient_reference_number, to_char(patient_dob, 'DD/MM/YYYY') as dob
       from patients where company_id = $1`,
      [company.companyId],
    );
    clinics.push({ company, call, rows: rows.rows });
  }
}, 120_000);
afterAll(async () => {
  await owner?.end();
});

/** A small seeded generator, so that a failure names a sample that can be run again. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT_FIELDS = [
  'patient_first_name',
  'patient_last_name',
  'patient_email',
  'patient_postcode',
  'patient_reference_number',
];

/** What staff type: parts of names, e-mails, postcodes, references, dates, two or three words, nonsense. */
function sampleTerms(rows: TextRow[], random: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const part = (value: string) => {
    const length = 1 + Math.floor(random() * Math.min(12, value.length));
    const start = Math.floor(random() * (value.length - length + 1));
    const text = value.slice(start, start + length).trim();
    return random() < 0.2 ? text.toUpperCase() : text;
  };
  const value = () => String(pick(rows)[pick(TEXT_FIELDS)] ?? '') || 'x';
  const terms: string[] = [];
  for (let i = 0; i < SAMPLE; i += 1) {
    const kind = random();
    const row = pick(rows);
    if (kind < 0.45) terms.push(part(value()));
    else if (kind < 0.6) {
      // Sometimes a third word from the e-mail, a letter or two among them.
      const third = random() < 0.4 ? ` ${part(String(row.patient_email ?? 'x'))}` : '';
      terms.push(
        `${part(String(row.patient_last_name))} ${part(String(row.patient_first_name))}${third}`,
      );
    } else if (kind < 0.7) terms.push(String(row.dob ?? '01/01/1950'));
    else if (kind < 0.8) terms.push(`=${value()}`);
    else if (kind < 0.9) terms.push(`&${part(value())} ${part(value())}`);
    else terms.push(pick(['zqxv', 'qq', 'ahmedzz', 'example.zz', '99999x']));
  }
  return terms.filter((t) => t.replace(/^[=&]/, '').trim() !== '');
}

/**
 * Two letters of each of two or three words of a row ("ma wi"), shorter than a trigram, and a
 * pair that matches no row.
 */
function shortTerms(rows: TextRow[], random: () => number): string[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const two = (value: string | null | undefined) => {
    const letters = (value ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
    const start = Math.floor(random() * Math.max(1, letters.length - 1));
    return letters.slice(start, start + 2).padEnd(2, 'x');
  };
  const terms = Array.from({ length: 8 }, () => {
    const row = pick(rows);
    const words = [two(row.patient_first_name), two(row.patient_last_name)];
    if (random() < 0.3) words.push(two(row.patient_email));
    return words.join(' ');
  });
  return [...terms, 'qz xq'];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The definition of a match, as a plain ILIKE scan over the search columns (dates as ISO). */
function referenceWhere(term: string, params: unknown[]): string {
  const columns = patients.list.search.map((c) => `${c}::text`);
  const anyColumn = (pattern: string) => {
    params.push(pattern);
    return `(${columns.map((c) => `${c} ilike $${params.length}`).join(' or ')})`;
  };
  if (term.startsWith('=')) return anyColumn(escapeLike(term.slice(1).trim()));
  // A word written as the sample writes dates (DD/MM/YYYY) matches as typed or as stored.
  const forms = (word: string) => {
    const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(word);
    return date ? [word, `${date[3]}-${date[2]}-${date[1]}`] : [word];
  };
  const words = term.replace(/^&/, '').trim().split(/\s+/);
  return words
    .map(
      (w) =>
        `(${forms(w)
          .map((f) => anyColumn(`%${escapeLike(f)}%`))
          .join(' or ')})`,
    )
    .join(' and ');
}

async function reference(companyId: number, term: string, offset: number, limit: number) {
  const params: unknown[] = [companyId];
  const where = referenceWhere(term, params);
  const client = await owner.connect();
  try {
    await client.query(`set datestyle = 'ISO, DMY'`);
    const page = await client.query<{ id: string }>(
      `select patient_id as id from patients where company_id = $1 and ${where}
       order by patient_name, patient_id offset ${offset} limit ${limit}`,
      params,
    );
    const count = await client.query<{ n: number }>(
      `select count(*)::int as n from patients where company_id = $1 and ${where}`,
      params,
    );
    return { ids: page.rows.map((r) => Number(r.id)), count: count.rows[0]!.n };
  } finally {
    client.release();
  }
}

describe('search against a plain ILIKE scan', () => {
  it('answers every sampled term with the same rows, order and count', async () => {
    const random = generator(20261124);
    let compared = 0;
    for (const { company, call, rows } of clinics) {
      for (const term of [...sampleTerms(rows, random), ...shortTerms(rows, random)]) {
        const filters = { search: term };
        const about = `company ${company.companyId}, "${term}"`;
        for (const [page, limit] of [
          [1, 50],
          [3, 20],
        ] as const) {
          const reply = await call<Row[]>('patients/list', { page, limit, filters });
          const expected = await reference(company.companyId, term, (page - 1) * limit, limit);
          expect(
            reply.data.map((r) => r.patient_id),
            `${about} page ${page}`,
          ).toEqual(expected.ids);
        }
        const expected = await reference(company.companyId, term, 0, 10);
        const counted = await call<{ count: number; more: boolean }>('patients/count', { filters });
        if (counted.data.more) {
          expect(expected.count, about).toBeGreaterThan(counted.data.count);
        } else {
          expect(counted.data.count, about).toBe(expected.count);
        }
        const typeahead = await call<{ id: number }[]>('patients/typeahead', {
          page: 1,
          limit: 10,
          filters,
        });
        expect(
          typeahead.data.map((r) => r.id),
          `${about} typeahead`,
        ).toEqual(expected.ids);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 180_000);
});

describe('search by what staff type', () => {
  it('finds a patient by both names in either order, and by the date as the clinic writes it', async () => {
    const { call } = clinics[0]!;
    const names = async (search: string) =>
      (await call<Row[]>('patients/list', { page: 1, limit: 50, filters: { search } })).data.map(
        (r) => r.patient_name,
      );
    expect(await names('søren kierkegaard')).toEqual(['Kierkegaard, Søren']);
    expect(await names('kierkegaard s')).toEqual(['Kierkegaard, Søren']);
    expect(await names('05/05/1913')).toContain('Kierkegaard, Søren');
    expect(await names('5.5.1913')).toContain('Kierkegaard, Søren');
    expect(await names('featherstonehaugh max')).toEqual(['Featherstonehaugh, Maximiliana']);
    // A date typed also matches as typed: in text that holds it (a prescription's title does).
    await call('patients/insert', {
      patient_first_name: 'Dated',
      patient_last_name: 'Reference',
      patient_reference_number: 'R 17/03/1999',
    });
    expect(await names('17/03/1999')).toEqual(['Reference, Dated']);
  });
});

describe('the search follows every write', () => {
  it('finds a row as inserted, as changed, and no more once deleted', async () => {
    const { call } = clinics[1]!;
    const search = async (term: string) =>
      (await call<Row[]>('patients/list', { page: 1, limit: 50, filters: { search: term } })).data;
    const made = await call<Row>('patients/insert', {
      patient_first_name: 'Zebedee',
      patient_last_name: 'Quixotic',
    });
    const id = made.data.patient_id as number;
    expect((await search('quixot')).map((r) => r.patient_id)).toEqual([id]);

    const row = (await call<Row>('patients/get', { patient_id: id })).data;
    await call('patients/update', {
      patient_id: id,
      field: 'patient_last_name',
      value: 'Wanderlust',
      _version: row._version,
    });
    expect(await search('quixot')).toEqual([]);
    expect((await search('zebedee wander')).map((r) => r.patient_id)).toEqual([id]);

    await call('patients/delete', { selected: [id] });
    expect(await search('wanderlust')).toEqual([]);
  });
});
